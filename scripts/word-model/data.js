// Step 1 of the shipped word model (web/models/README.md, "words"): splits
// the Austen corpus at paragraph breaks into training (the first 85%),
// validation (the next 5%, which picks the training step) and test text
// (the last 10%, never seen: the documented held-out loss), learns a
// byte-level BPE vocabulary from the training text only with
// attn.Tokenizer.trainBpe (<unk> <s> </s> first, so ids 0..2 are where
// llama2.c's run.c has them), makes encode() start with <s>, and writes
// the token ids of the three parts.
//
//   node scripts/word-model/data.js [out_dir]      (default build/word-model; ~1 min)
//
// Writes tokenizer.json, train.bin / valid.bin / test.bin (int32
// little-endian ids, no <s>: the trainer puts one before every window) and
// data.json (the cuts, the counts, sha256 of each file).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS = 'web/models/corpus/pride_and_prejudice.txt';
export const VOCAB_SIZE = 4096;
const SPECIAL = ['<unk>', '<s>', '</s>'];
const PARTS = { train: 0.85, valid: 0.9 }; // cut fractions; test is the rest

/** The first paragraph break ("\n\n") at or after fraction f of the text. */
function paragraphCut(text, f) {
  const at = text.indexOf('\n\n', Math.floor(text.length * f));
  if (at < 0) throw new Error(`no paragraph break after ${f} of the corpus`);
  return at + 2;
}

/** tokenizer.json of `tok` with a post-processor that puts <s> first (as Llama's). */
function withBos(json) {
  const spec = JSON.parse(json);
  spec.post_processor = {
    type: 'TemplateProcessing',
    single: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
    pair: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }],
    special_tokens: { '<s>': { id: '<s>', ids: [1], tokens: ['<s>'] } },
  };
  return JSON.stringify(spec, null, 1);
}

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Does the work with `Tokenizer` (attn.Tokenizer); returns data.json's object. */
export function makeData(Tokenizer, out, { log = console.log } = {}) {
  mkdirSync(out, { recursive: true });
  const text = readFileSync(CORPUS, 'utf8');
  const cuts = [0, paragraphCut(text, PARTS.train), paragraphCut(text, PARTS.valid), text.length];
  const parts = { train: text.slice(cuts[0], cuts[1]), valid: text.slice(cuts[1], cuts[2]), test: text.slice(cuts[2], cuts[3]) };
  const t0 = performance.now();
  const learnt = Tokenizer.trainBpe(parts.train, { vocabSize: VOCAB_SIZE, specialTokens: SPECIAL });
  const json = withBos(learnt.toHuggingFace());
  const tok = Tokenizer.fromHuggingFace(json);
  const trainMs = performance.now() - t0;
  if (tok.encode('Mr. Darcy')[0] !== 1 || tok.vocabSize !== VOCAB_SIZE) throw new Error('the tokenizer does not start with <s> or has the wrong size');
  writeFileSync(join(out, 'tokenizer.json'), json);
  const files = { 'tokenizer.json': { bytes: Buffer.byteLength(json), sha256: sha(json) } };
  const counts = {};
  for (const [name, part] of Object.entries(parts)) {
    const ids = Int32Array.from(tok.encode(part, { addSpecialTokens: false }));
    if (tok.decode(ids) !== part) throw new Error(`${name}: decode(encode(text)) is not the text`);
    const bytes = new Uint8Array(ids.buffer);
    writeFileSync(join(out, `${name}.bin`), bytes);
    files[`${name}.bin`] = { bytes: bytes.length, sha256: sha(bytes) };
    counts[name] = { characters: part.length, tokens: ids.length, charactersPerToken: +(part.length / ids.length).toFixed(3) };
    log(`${name}: ${part.length} characters -> ${ids.length} tokens`);
  }
  const data = {
    corpus: CORPUS, corpusSha256: sha(text), cuts: cuts.slice(1, 3), vocabSize: VOCAB_SIZE, special: SPECIAL,
    trainBpeSeconds: +(trainMs / 1000).toFixed(1), counts, files,
  };
  writeFileSync(join(out, 'data.json'), `${JSON.stringify(data, null, 1)}\n`);
  return data;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.chdir(new URL('../..', import.meta.url).pathname);
  const attn = await import('../../web/lib/node.js');
  makeData(attn.Tokenizer, process.argv[2] ?? 'build/word-model');
}
