// Step 3 of the shipped word model: the trained fp32 checkpoint (train.py)
// in Q8_0 with attn.quantizeLlama2c, measured in attnscope itself — the
// test loss of the Q8 model next to PyTorch's fp32 one, a seeded sample,
// the head roles — and written into the package:
//   web/models/words-q8.bin          llama2.c ak42 version 2 (Q8_0)
//   web/models/words.tokenizer.json  the byte-level BPE of data.js
//   web/models/models.json           "words": how it was made and what it scores
//
//   node scripts/word-model/ship.js [data_dir]      (default build/word-model)
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SAMPLE = { prompt: 'Elizabeth', maxNewTokens: 80, temperature: 0.8, topP: 0.9, seed: 1 };
const GROUP_SIZE = 64;
const WINDOW = 255; // test tokens per window, after <s>, as train.py measures

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const round = (x, d = 5) => Number(x.toFixed(d));

/** Mean cross-entropy (float64 over the float32 logits) of every test token, in train.py's windows. */
export function testLoss(model, ids) {
  let nats = 0, n = 0;
  for (let s = 0; s < ids.length; s += WINDOW) {
    const y = ids.subarray(s, s + WINDOW);
    const x = [1, ...ids.subarray(s, s + y.length - 1)];
    const { logits } = model.forward(x);
    const V = logits.shape[1];
    y.forEach((target, t) => {
      const row = logits.data.subarray(t * V, (t + 1) * V);
      let m = -Infinity, z = 0;
      for (const v of row) m = Math.max(m, v);
      for (const v of row) z += Math.exp(v - m);
      nats += Math.log(z) + m - row[target];
      n += 1;
    });
  }
  return nats / n;
}

/**
 * models.json with "words": entry, placed before "variants" (which
 * scripts/quantize-model.js rewrites from its key to the end); the rest of
 * the text stays byte for byte as the other scripts wrote it.
 */
function recordEntry(path, entry) {
  const text = readFileSync(path, 'utf8').replace(/,\n "words": \{[\s\S]*?\n \}(?=,\n "variants"|\n\}\n$)/, '');
  const json = `,\n "words": ${JSON.stringify(entry, null, 1).replace(/\n/g, '\n ')}`;
  const at = text.includes(',\n "variants"') ? text.indexOf(',\n "variants"') : text.lastIndexOf('\n}');
  writeFileSync(path, text.slice(0, at) + json + text.slice(at));
  JSON.parse(readFileSync(path, 'utf8')); // still valid
}

/** Writes the files and the models.json entry; returns the entry. `attn` is the package (needs Tokenizer). */
export async function ship(attn, dir, { log = console.log } = {}) {
  const fp32 = readFileSync(join(dir, 'model.bin'));
  const tokenizerJson = readFileSync(join(dir, 'tokenizer.json'), 'utf8');
  const trained = JSON.parse(readFileSync(join(dir, 'train.json'), 'utf8'));
  const data = JSON.parse(readFileSync(join(dir, 'data.json'), 'utf8'));
  const q8 = attn.quantizeLlama2c(fp32, { groupSize: GROUP_SIZE });
  await attn.ready();
  const tok = attn.Tokenizer.fromHuggingFace(tokenizerJson);
  const test = new Int32Array(new Uint8Array(readFileSync(join(dir, 'test.bin'))).buffer);
  const f32 = attn.Model.fromLlama2c(fp32, null);
  const lossF32 = testLoss(f32, test); // the same file PyTorch measured: float32 in both, summed in other orders
  f32.dispose();
  if (!(Math.abs(lossF32 - trained.test.loss_per_token) < 1e-3)) throw new Error(`attnscope's float32 test loss ${lossF32} is not PyTorch's ${trained.test.loss_per_token}`);
  const model = attn.Model.fromLlama2c(q8, null);
  const loss = testLoss(model, test);
  const { prompt, ...sampling } = SAMPLE;
  const r = model.generate(tok.encode(prompt), sampling);
  const sample = tok.decode(r.ids.filter((id) => id > 2));
  const roles = await attn.headRoles(model, {});
  const named = roles.names.flatMap((row, l) => row.map((role, h) => role && { layer: l, head: h, role, score: round(roles.scores[role][l][h], 3) })).filter(Boolean);
  model.dispose();
  writeFileSync('web/models/words-q8.bin', q8);
  writeFileSync('web/models/words.tokenizer.json', tokenizerJson);
  const entry = {
    description: 'word-level (byte-level BPE) language model of Jane Austen, "Pride and Prejudice" (corpus/README.md), Q8_0',
    checkpoint: { file: 'words-q8.bin', bytes: q8.length, sha256: sha(q8) },
    tokenizer: { file: 'words.tokenizer.json', bytes: Buffer.byteLength(tokenizerJson), sha256: sha(tokenizerJson) },
    format: 'llama2c-ak42-v2-q8_0', tokenizer_format: 'Hugging Face tokenizer.json (byte-level BPE, <s> added first)',
    group_size: GROUP_SIZE,
    config: { ...trained.spec.config, vocab_size: data.vocabSize },
    n_params: trained.parameters,
    data: { split: 'first 85% train, next 5% validation (picks the step), last 10% test, cut at paragraph breaks', cuts: data.cuts, counts: data.counts, vocabulary: `attn.Tokenizer.trainBpe on the training text, vocabSize ${data.vocabSize}, specials <unk> <s> </s>` },
    training: {
      script: 'scripts/word-model/train.py', torch: trained.torch, blas: trained.blas, ...trained.spec,
      best_step: trained.best_step, valid_loss: trained.valid_loss, tokens_seen: trained.tokens_seen,
      seconds_wall: trained.train_seconds_wall, seconds_cpu: trained.train_seconds_cpu, history: trained.history,
    },
    test: {
      ...trained.test, torch_fp32_loss_per_token: trained.test.loss_per_token,
      attnscope_fp32_loss_per_token: round(lossF32), attnscope_q8_loss_per_token: round(loss), attnscope_q8_loss_per_character: round(loss * trained.test.tokens / trained.test.characters),
    },
    roundtrip_max_abs_diff_float64: trained.probe.max_abs_diff_float64,
    sample: { ...SAMPLE, ids: r.ids, text: sample, by: 'attnscope, Q8_0 weights' },
    head_roles: { probe: 'attn.headRoles defaults (4 x [<s>, 50 random tokens twice], seed 0)', threshold: roles.threshold, named },
    made_by: 'scripts/word-model/data.js, train.py, ship.js',
  };
  recordEntry('web/models/models.json', entry);
  log(`words-q8.bin ${q8.length} bytes; test loss ${loss.toFixed(4)} nats/token in attnscope (Q8), ${trained.test.loss_per_token} in PyTorch (fp32)`);
  log(`sample: ${SAMPLE.prompt}${sample}`);
  log(`named heads: ${named.map((x) => `L${x.layer}H${x.head} ${x.role} ${x.score}`).join(', ') || 'none'}`);
  return entry;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.chdir(new URL('../..', import.meta.url).pathname);
  await ship(await import('../../web/lib/node.js'), process.argv[2] ?? 'build/word-model');
}
