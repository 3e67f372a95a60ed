// The shipped word model (web/models/words-q8.bin + words.tokenizer.json,
// made by scripts/word-model/): its files are the ones models.json records,
// its tokenizer is what attn.Tokenizer.trainBpe learns again from the
// training part of the novel, and on the first windows of the test part
// (never trained on, encoded here) its Q8_0 loss is within Q8_0's margin of
// the float64 loss of its float32 weights (tests/fixtures/word_model_loss.json,
// scripts/word-model/reference_loss.py).
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { beforeAll, afterAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { ROOT, modelBytes, modelsJson } from './model_helpers.js';
import { SAMPLE, testLoss } from '../../scripts/word-model/ship.js';
import { t } from '../../web/widgets/i18n.js';
import '../../web/widgets/head-roles-messages.js'; // the role names the table shows

const entry = modelsJson().words;
const reference = JSON.parse(readFileSync(`${ROOT}tests/fixtures/word_model_loss.json`, 'utf8'));
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const corpus = readFileSync(`${ROOT}web/models/corpus/pride_and_prejudice.txt`, 'utf8');
const [trainEnd, validEnd] = entry.data.cuts;
// Q8_0 may cost the loss this much and still count as the same model (as
// the chars model's LOSS_MARGIN); a wrong tokenizer or a shifted target
// costs nats, not hundredths.
const LOSS_MARGIN = 0.01;
const WINDOWS = 3; // of tests/fixtures/word_model_loss.json's 8 (765 tokens)

let model;
beforeAll(async () => { model = await attn.Model.default('words'); });
afterAll(() => model?.dispose());

describe('web/models/words-q8.bin and words.tokenizer.json', () => {
  test('are the files models.json records, and small (checkpoint under 3 MB, tokenizer under 250 kB)', () => {
    for (const part of [entry.checkpoint, entry.tokenizer]) {
      const bytes = modelBytes(part.file);
      expect(bytes.length).toBe(part.bytes);
      expect(sha(bytes)).toBe(part.sha256);
    }
    expect(entry.checkpoint.bytes).toBeLessThan(3e6);
    expect(entry.tokenizer.bytes).toBeLessThan(250e3);
  });

  test('the tokenizer is what Tokenizer.trainBpe learns from the training text (4096 pieces, <s> first)', () => {
    const learnt = attn.Tokenizer.trainBpe(corpus.slice(0, trainEnd), { vocabSize: 4096, specialTokens: ['<unk>', '<s>', '</s>'] });
    const shipped = attn.Tokenizer.fromHuggingFace(modelBytes(entry.tokenizer.file));
    expect(shipped.kind).toBe('byte-level-bpe');
    expect(shipped.vocabSize).toBe(4096);
    const text = corpus.slice(validEnd, validEnd + 5000) + ' 日本語 🙂  tabs\tand\n\nruns';
    expect(shipped.encode(text, { addSpecialTokens: false })).toEqual(learnt.encode(text, { addSpecialTokens: false }));
    expect(shipped.encode('Mr. Darcy')[0]).toBe(1);
    expect(shipped.decode(shipped.encode(text, { addSpecialTokens: false }))).toBe(text);
  });

  test('Model.default(\'words\') has the recorded config and encodes with the shipped tokenizer', () => {
    const c = entry.config;
    expect(model.config).toMatchObject({
      dim: c.dim, hiddenDim: c.hidden_dim, nLayers: c.n_layers, nHeads: c.n_heads, vocabSize: c.vocab_size, seqLen: c.seq_len,
      weightType: 'q8_0', tokenizer: 'byte-level-bpe',
    });
    const tok = attn.Tokenizer.fromHuggingFace(modelBytes(entry.tokenizer.file));
    const text = 'It is a truth universally acknowledged, that Mr. Darcy';
    expect(model.encode(text)).toEqual(tok.encode(text));
    expect(model.decode(model.encode(text))).toBe(text);
  });

  test('held-out loss: the first test windows, encoded here, score the float64 reference\'s loss within Q8_0\'s margin', () => {
    const tok = attn.Tokenizer.fromHuggingFace(modelBytes(entry.tokenizer.file));
    const ids = Int32Array.from(tok.encode(corpus.slice(validEnd), { addSpecialTokens: false }));
    expect(ids.length).toBe(entry.test.tokens);
    expect(sha(new Uint8Array(ids.buffer))).toBe(reference.test_sha256); // the ids the reference scored
    // The first WINDOWS of the reference's windows (each a full 255 tokens): the scalar build is slow.
    const loss = testLoss(model, ids.subarray(0, WINDOWS * reference.window));
    const want = reference.per_window.slice(0, WINDOWS).reduce((a, b) => a + b) / WINDOWS;
    expect(Math.abs(loss - want)).toBeLessThan(LOSS_MARGIN);
    expect(loss).toBeLessThan(entry.test.unigram_per_token - 1); // it learnt more than word frequencies
  }, 60_000);

  test('the documented sample is what the model writes with the documented settings', () => {
    const { prompt, ...sampling } = SAMPLE;
    const r = model.generate(model.encode(prompt), sampling);
    expect(r.ids).toEqual(entry.sample.ids);
    expect(model.decode(r.ids.filter((id) => id > 2))).toBe(entry.sample.text);
  });

  test('web/models/README.md quotes the figures and the sample models.json records', () => {
    const readme = readFileSync(`${ROOT}web/models/README.md`, 'utf8');
    const section = readme.split('\n## The word model\n')[1].split('\n## ')[0];
    const prose = section.replace(/\s+/g, ' ');
    const { test: loss, training, head_roles: roles } = entry;
    for (const figure of [
      `**${entry.n_params.toLocaleString('en')} parameters**`,
      `${training.steps.toLocaleString('en')} steps of AdamW`,
      `${training.seconds_cpu} s of CPU`,
      `lowest validation loss was at step ${training.best_step} (${training.valid_loss} nats/token)`,
      `**Test loss ${loss.attnscope_q8_loss_per_token.toFixed(3)} nats/token**`,
      `(${loss.torch_fp32_loss_per_token.toFixed(3)} in PyTorch with float32 weights)`,
      `${loss.attnscope_q8_loss_per_character.toFixed(3)} nats/character`,
      ...roles.named.map((h) => `layer ${h.layer} head ${h.head} for the ${t(`roles.role.${h.role}`, {}, 'en')} (${h.score})`),
    ]) expect(prose).toContain(figure);
    const quoted = section.split('\n').filter((line) => /^\s*>/.test(line)).map((line) => line.replace(/^\s*> ?/, ''));
    expect(quoted.join('\n')).toBe(SAMPLE.prompt + entry.sample.text);
  });
});
