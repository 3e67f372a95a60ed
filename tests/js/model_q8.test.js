// The Q8_0 writer (attn.quantizeLlama2c) and the shipped web/models/chars-q8.bin,
// checked against references made elsewhere: PyTorch's export.py-style Q8_0
// file of the fixture model, the fp32 chars.bin weights read by the test's own
// reader, a float64 forward in plain loops (llama_reference.js), and the
// float model itself.
import { beforeAll, describe, expect, test } from 'vitest';
import { SCALAR_RUN, attn, thrown } from './helpers.js';
import { MODELS_DIR, fixtureBytes, modelBytes, modelsJson, nativeGenerate } from './model_helpers.js';
import { dequantize, forward64, readAk42v2, readLegacy } from './llama_reference.js';
import { charsHeldoutWindows, scoreRows } from '../../scripts/chars_heldout.js';

// Q8_0 rounds each weight to the nearest multiple of its group's step
// max|w|/127, so it moves by at most half a step; float32 rounding of the
// quotient w/step adds at most 127·2^-24 of a step.
const HALF_STEP_SLACK = 0.5 + 127 * 2 ** -24;
// Wasm Q8_0 vs float64 on the file's own dequantised weights: only the
// activations' rounding to int8 (1/254 of a group's range) separates them
// (the same bound as model_fixtures.test.js's FIXTURE_Q8_REL).
const ACTIVATION_REL = 3e-2;
// Held-out loss the Q8 model may lose and still count as the same quality
// (scripts/measure-q8.js's MARGIN, under 1% of the loss).
const LOSS_MARGIN = 0.01;

const fp32Bytes = modelBytes('chars.bin');
const q8Bytes = modelBytes('chars-q8.bin');
const rows = (logits) => Array.from({ length: logits.shape[0] }, (_, t) => logits.data.subarray(t * logits.shape[1], (t + 1) * logits.shape[1]));
function worstDiff(a, b) {
  let worst = 0;
  a.forEach((row, t) => row.forEach((v, i) => { worst = Math.max(worst, Math.abs(v - b[t][i])); }));
  return worst;
}

/** chars-q8.bin with layer 0's w2 scales doubled (a plausible dequantisation mistake), loaded by the core. */
function withDoubledW2Scales() {
  const wrong = new Uint8Array(q8Bytes);
  // the first layer's w2 scales: after the norms and the Q8 tensors before w2 (docs/FORMATS.md order)
  const view = new DataView(wrong.buffer);
  const { config, groupSize: gs } = readAk42v2(q8Bytes);
  const { dim: C, hiddenDim: F, nLayers: L, vocabSize: V, nKvHeads, nHeads } = config;
  const KV = (C / nHeads) * nKvHeads;
  const q8Size = (n) => n + (n / gs) * 4;
  let at = 256 + (2 * L * C + C) * 4 + q8Size(V * C) + L * (2 * q8Size(C * C) + 2 * q8Size(KV * C)) + L * q8Size(F * C);
  at += C * F; // layer 0's w2 values; its scales follow
  for (let g = 0; g < (C * F) / gs; g++) view.setFloat32(at + 4 * g, 2 * view.getFloat32(at + 4 * g, true), true);
  return attn.Model.fromLlama2c(wrong, modelBytes('chars.tokenizer.bin'));
}

let f32, q8;
beforeAll(async () => {
  await attn.ready();
  [f32, q8] = await Promise.all([attn.Model.default('chars'), attn.Model.default('chars-q8')]);
});

describe('quantizeLlama2c', () => {
  test('writes, byte for byte, the Q8_0 file PyTorch wrote the way export.py does (fixture, unshared classifier, group 8)', () => {
    const ours = attn.quantizeLlama2c(fixtureBytes('llama_tiny.bin'), { groupSize: 8 });
    expect(Buffer.from(ours).equals(Buffer.from(fixtureBytes('llama_tiny_q8.bin')))).toBe(true);
  });

  test('the file loads as the same model as the fp32 file loaded with { quantize: true }, bit for bit', () => {
    const fixture = fixtureBytes('llama_tiny.bin');
    const a = attn.Model.fromLlama2c(attn.quantizeLlama2c(fixture, { groupSize: 8 }));
    const b = attn.Model.fromLlama2c(fixture, null, { quantize: true, groupSize: 8 });
    expect(a.config).toMatchObject({ format: 'ak42v2', weightType: 'q8_0', groupSize: 8 });
    const ids = [1, 5, 9, 14, 3, 27, 8];
    expect(Array.from(a.forward(ids).logits.data)).toEqual(Array.from(b.forward(ids).logits.data));
    a.dispose();
    b.dispose();
  });

  test('reads an ak42 version 1 (fp32) file too: the same bytes as from the legacy file', () => {
    // version 1 = the legacy tensors reordered under a 256-byte header (docs/FORMATS.md)
    const legacy = readLegacy(fixtureBytes('llama_tiny.bin'));
    const order = ['rms_att_weight', 'rms_ffn_weight', 'rms_final_weight', 'token_embedding_table', 'wq', 'wk', 'wv', 'wo', 'w1', 'w2', 'w3', 'wcls'];
    const header = new DataView(new ArrayBuffer(256));
    header.setUint32(0, 0x616b3432, true);
    header.setInt32(4, 1, true);
    const c = legacy.config;
    [c.dim, c.hiddenDim, c.nLayers, c.nHeads, c.nKvHeads, c.vocabSize, c.seqLen].forEach((v, i) => header.setInt32(8 + 4 * i, v, true));
    header.setUint8(36, 0);
    const v1 = Buffer.concat([Buffer.from(header.buffer), ...order.map((n) => Buffer.from(legacy.weights[n].buffer))]);
    expect(Buffer.from(attn.quantizeLlama2c(v1, { groupSize: 8 })).equals(Buffer.from(fixtureBytes('llama_tiny_q8.bin')))).toBe(true);
  });

  test('takes bytes at any offset (a view that is not 4-byte aligned) and an ArrayBuffer alike', () => {
    const shifted = new Uint8Array(fp32Bytes.length + 1);
    shifted.set(fp32Bytes, 1);
    expect(Buffer.from(attn.quantizeLlama2c(shifted.subarray(1))).equals(Buffer.from(q8Bytes))).toBe(true);
    const buffer = fp32Bytes.buffer.slice(fp32Bytes.byteOffset, fp32Bytes.byteOffset + fp32Bytes.byteLength);
    expect(Buffer.from(attn.quantizeLlama2c(buffer)).equals(Buffer.from(q8Bytes))).toBe(true);
  });

  test.each([
    ['not bytes', () => attn.quantizeLlama2c([1, 2, 3]), /quantizeLlama2c: checkpoint must be an ArrayBuffer or a Uint8Array/],
    ['a truncated file', () => attn.quantizeLlama2c(fp32Bytes.subarray(0, 5000)), /quantizeLlama2c: checkpoint truncated: token_embedding_table needs 181760 bytes at offset 28 but the file has 5000/],
    ['bytes after the last tensor', () => attn.quantizeLlama2c(Buffer.concat([fp32Bytes, Buffer.alloc(4)])), /4 bytes after its last tensor/],
    ['a file already in Q8_0', () => attn.quantizeLlama2c(q8Bytes), /already ak42 version 2/],
    ['an odd head size', () => { const b = new Uint8Array(fp32Bytes); new DataView(b.buffer).setInt32(12, 128, true); return attn.quantizeLlama2c(b); }, /head size dim\/n_heads = 1 must be even/],
    ['a zero group size', () => attn.quantizeLlama2c(fp32Bytes, { groupSize: 0 }), /opts\.groupSize must be at least 1/],
    ['an unknown option', () => attn.quantizeLlama2c(fp32Bytes, { group: 32 }), /opts\.group is not an option/],
  ])('refuses %s with an AttnscopeError saying what is wrong', (_, call, message) => {
    const e = thrown(call);
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(message);
  });
});

describe('web/models/chars-q8.bin', () => {
  test('is what quantizeLlama2c makes of chars.bin, as models.json records it (about a quarter of the bytes)', () => {
    expect(Buffer.from(attn.quantizeLlama2c(fp32Bytes)).equals(Buffer.from(q8Bytes))).toBe(true);
    const entry = modelsJson().variants['chars-q8'];
    expect(entry.checkpoint.bytes).toBe(q8Bytes.length);
    expect(entry.group_size).toBe(32);
    expect(q8Bytes.length / fp32Bytes.length).toBeLessThan(0.3);
  });

  test('round trip: every dequantised weight is within half a step (its group\'s max|w| / 254) of chars.bin\'s; the norms are copied exactly', () => {
    const src = readLegacy(fp32Bytes);
    const file = readAk42v2(q8Bytes);
    expect(file.config).toEqual(src.config);
    expect([file.shared, file.groupSize]).toEqual([true, 32]);
    for (const n of ['rms_att_weight', 'rms_ffn_weight', 'rms_final_weight']) expect(file.norms[n]).toEqual(src.weights[n]);
    const deq = dequantize(file);
    const gs = file.groupSize;
    for (const name of Object.keys(file.q8)) {
      const w = src.weights[name], d = deq[name];
      let worst = 0, at = 0, fullRange = 0;
      for (let g = 0; g < w.length / gs; g++) {
        let max = 0;
        for (let k = g * gs; k < (g + 1) * gs; k++) max = Math.max(max, Math.abs(w[k]));
        const step = max / 127;
        for (let k = g * gs; k < (g + 1) * gs; k++) {
          const err = Math.abs(d[k] - w[k]) / step; // in steps
          if (err > worst) { worst = err; at = k; }
          if (Math.abs(d[k]) === Math.fround(step) * 127) fullRange += 1;
        }
      }
      expect(worst, `${name}: worst error ${worst} steps at ${at} (w ${w[at]}, dequantised ${d[at]})`).toBeLessThanOrEqual(HALF_STEP_SLACK);
      // the largest weight of every group is stored as ±127 (a scale too large would leave codes unused)
      expect(fullRange, name).toBeGreaterThanOrEqual(w.length / gs);
    }
  });

  test('loads through Model.default with the recorded config, as the same model as chars.bin with { quantize: true }', async () => {
    expect(q8.config).toMatchObject({ format: 'ak42v2', weightType: 'q8_0', groupSize: 32, dim: 128, nLayers: 4, vocabSize: 355, seqLen: 256 });
    const loadQuantized = await attn.Model.default('chars', { quantize: true });
    const ids = q8.encode('Elizabeth');
    expect(Array.from(q8.forward(ids).logits.data)).toEqual(Array.from(loadQuantized.forward(ids).logits.data));
    loadQuantized.dispose();
  });

  test('greedy and seeded generation print exactly what the native build prints from the same file', () => {
    for (const [seed, temperature, topP] of [[0, 0, 0.9], [7, 0.8, 0.9]]) {
      const r = q8.generate('Elizabeth', { maxNewTokens: 80, temperature, topP, seed });
      const native = nativeGenerate(`${MODELS_DIR}chars-q8.bin`, `${MODELS_DIR}chars.tokenizer.bin`,
        ['-i', 'Elizabeth', '-n', String(r.promptIds.length - 1 + 80), '-t', String(temperature), '-p', String(topP), '-s', String(seed)]);
      expect(native, `seed ${seed}, temperature ${temperature}`).toBe(`Elizabeth${r.text}`);
    }
  });

  describe('logits on a fixed held-out prompt', () => {
    let ids, reference, file, src, tolerance;
    beforeAll(() => {
      ids = charsHeldoutWindows(f32)[5].slice(0, 40);
      src = readLegacy(fp32Bytes);
      file = readAk42v2(q8Bytes);
      reference = forward64(src.config, src.shared, src.weights, ids);
      // What an error at Q8_0's bound does to the logits: every weight moved
      // by half its group's step, signs random (float64 forward); activations
      // rounded to int8 with the same relative step may do as much again.
      let seed = 7;
      const sign = () => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed < 2 ** 31 ? -1 : 1; };
      const moved = { ...src.weights };
      for (const name of Object.keys(file.q8)) {
        const w = src.weights[name], out = new Float64Array(w.length), per = file.q8[name][0].q.length;
        for (let i = 0; i < w.length; i++) out[i] = w[i] + sign() * file.q8[name][Math.floor(i / per)].s[Math.floor((i % per) / file.groupSize)] / 2;
        moved[name] = out;
      }
      tolerance = 2 * worstDiff(forward64(src.config, src.shared, moved, ids), reference);
    }, 60_000);

    test('are within the tolerance that Q8_0\'s error bound gives of the float64 reference (and of the float model)', () => {
      const got = rows(q8.forward(ids).logits);
      const worst = worstDiff(got, reference);
      expect(worst, `worst |q8 - float64| ${worst.toFixed(4)}, tolerance ${tolerance.toFixed(4)}`).toBeLessThanOrEqual(tolerance);
      expect(worstDiff(got, rows(f32.forward(ids).logits))).toBeLessThanOrEqual(tolerance);
      expect(tolerance).toBeLessThan(1); // the logits span ±13: a bound that could not tell models apart would be useless
    });

    test('a wrong dequantisation fails it: a file whose w2 scales are off by 2x, loaded by the core', () => {
      const m = withDoubledW2Scales();
      const worst = worstDiff(rows(m.forward(ids).logits), reference);
      m.dispose();
      expect(worst, `wrong scales: worst ${worst.toFixed(3)} vs tolerance ${tolerance.toFixed(3)}`).toBeGreaterThan(tolerance);
      // and in the float64 reference, 2x scales on any one matrix
      for (const name of ['wq', 'wv', 'w2', 'token_embedding_table']) {
        const d = worstDiff(forward64(file.config, file.shared, dequantize(file, (n) => (n === name ? 2 : 1)), ids), reference);
        expect(d, `${name} scales x2`).toBeGreaterThan(tolerance);
      }
    }, 60_000);

    test('the core reads the file as documented: float64 on its dequantised weights differs only by the activations\' int8 rounding', () => {
      const deqRef = forward64(file.config, file.shared, dequantize(file), ids);
      const scale = Math.max(...deqRef.flatMap((r) => Array.from(r, Math.abs)));
      const worst = worstDiff(rows(q8.forward(ids).logits), deqRef);
      expect(worst, `worst ${worst} vs ${ACTIVATION_REL} x ${scale}`).toBeLessThanOrEqual(ACTIVATION_REL * scale);
    }, 60_000);
  });

  // Not on the scalar build (SCALAR_RUN): its q8 kernel is checked against float64 above.
  test.skipIf(SCALAR_RUN)('held-out loss (text never trained on) is within the margin of the float model\'s', () => {
    // nats per character, scored as scripts/measure-q8.js scores it (one scoreRows for both)
    const windows = charsHeldoutWindows(f32).filter((_, i) => i % 4 === 0); // 16 of the 64 windows
    const loss = (model) => {
      let nll = 0, n = 0;
      for (const w of windows) {
        nll += scoreRows(model.forward(w.slice(0, -1)).logits, w.slice(1)).nll;
        n += w.length - 1;
      }
      return nll / n;
    };
    const [f, q] = [loss(f32), loss(q8)];
    expect(f).toBeLessThan(1.3); // the float model as trained (models.json: 1.18 on all 64)
    expect(q - f, `held-out loss q8 ${q.toFixed(5)} vs float ${f.toFixed(5)}`).toBeLessThanOrEqual(LOSS_MARGIN);
    // the margin catches a wrong file: one matrix's scales doubled loses far more
    const wrong = withDoubledW2Scales();
    const w = loss(wrong);
    wrong.dispose();
    expect(w - f, `held-out loss with w2 scales x2 ${w.toFixed(5)} vs float ${f.toFixed(5)}`).toBeGreaterThan(LOSS_MARGIN);
  }, 60_000);
});
