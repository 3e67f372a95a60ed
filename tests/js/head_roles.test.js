// Head roles (attn.headRoles, headRoleScores, headRoleProbe): the scores
// against a float64 re-computation written here from the definitions, a
// hand-set model whose four heads have known roles (head_roles_models.js),
// wrong definitions (off by one) that must fail the same checks, the
// probe's shape, Model and ModelWorker agreeing, and bad calls.
import { test, expect, beforeAll, afterAll, describe } from 'vitest';
import { attn, expectStillWorks } from './helpers.js';
import { rejected, thrown } from './model_helpers.js';
import { KNOWN_ROLES, VOCAB, handSetModel } from './head_roles_models.js';
import { mulberry32 } from '../../web/lib/random.js';

const ROLES = ['previousToken', 'induction', 'sink', 'diagonal'];
const PROBE = { bos: 1, tokens: Array.from({ length: VOCAB - 3 }, (_, k) => k + 3) }; // no <s> inside a segment
// Float32 weights summed in float64 in another order: 1e-12 is far below any
// difference a wrong definition makes (the known heads score ~1, the rest < 0.1).
const SAME = 1e-12;

/**
 * The four scores written from the definitions, as plainly as possible:
 * role(i) = the keys it looks at; a query counts when i >= 2 (induction:
 * when it has a key). `targets` can be swapped for a wrong definition.
 */
function reference(runs, { induction = (ids, i) => ids.flatMap((id, j) => (j <= i - 3 && id === ids[i] ? [j + 1] : [])),
  previous = (i) => i - 1, first = () => 0 } = {}) {
  const [L, H] = runs[0].attention.shape;
  const out = Object.fromEntries(ROLES.map((r) => [r, Array.from({ length: L }, () => new Array(H).fill(0))]));
  const n = Object.fromEntries(ROLES.map((r) => [r, 0]));
  for (const { attention, ids } of runs) {
    const T = ids.length;
    const w = (l, h, i, j) => attention.data[((l * H + h) * T + i) * T + j];
    for (let i = 2; i < T; i++) {
      const keys = { previousToken: [previous(i)], sink: [first(i)], diagonal: [i], induction: induction(ids, i) };
      for (const r of ROLES) {
        if (keys[r].length === 0) continue;
        n[r] += 1;
        for (let l = 0; l < L; l++) for (let h = 0; h < H; h++) for (const j of keys[r]) out[r][l][h] += w(l, h, i, j);
      }
    }
  }
  for (const r of ROLES) out[r] = out[r].map((row) => row.map((s) => s / n[r]));
  return out;
}

function worstDifference(a, b) {
  let worst = 0;
  for (const r of ROLES) a[r].flat().forEach((x, k) => { worst = Math.max(worst, Math.abs(x - b[r].flat()[k])); });
  return worst;
}

/** The hand-set model's known answer: its role ≥ 0.9, every other score of every head < 0.15. */
function expectKnownRoles(scores) {
  KNOWN_ROLES.forEach((heads, l) => heads.forEach((role, h) => {
    expect(scores[role][l][h], `layer ${l} head ${h} is a ${role} head`).toBeGreaterThan(0.9);
    for (const other of ROLES.filter((r) => r !== role)) {
      expect(scores[other][l][h], `layer ${l} head ${h} scores low as ${other}`).toBeLessThan(0.15);
    }
  }));
}

/** Random causal attention rows (each summing to 1) of L×H heads on T tokens. */
function randomAttention(L, H, T, seed) {
  const random = mulberry32(seed), data = new Float32Array(L * H * T * T);
  for (let r = 0; r < L * H * T; r++) {
    const i = r % T, row = data.subarray(r * T, r * T + i + 1);
    for (let j = 0; j <= i; j++) row[j] = random() ** 3;
    const s = row.reduce((a, b) => a + b, 0);
    for (let j = 0; j <= i; j++) row[j] /= s;
  }
  return { data, shape: [L, H, T, T] };
}

let model, roles;
beforeAll(async () => {
  await attn.ready();
  model = handSetModel(attn);
  roles = await attn.headRoles(model, PROBE);
});
afterAll(() => model.dispose());

describe('headRoleScores', () => {
  test('equals the float64 re-computation on random attention, repeats of every kind included', () => {
    const ids = [1, 5, 6, 5, 5, 7, 6, 5, 8, 9, 6, 7, 5, 5, 6, 9, 2, 5];
    const runs = [{ attention: randomAttention(3, 2, ids.length, 7), ids }, { attention: randomAttention(3, 2, 9, 8), ids: [1, 4, 4, 4, 3, 4, 3, 4, 4] }];
    const got = attn.headRoleScores(runs);
    const d = worstDifference(got.scores, reference(runs));
    expect(d, `worst |score − float64 reference| = ${d}`).toBeLessThan(SAME);
    expect(got.queries).toEqual({ previousToken: 16 + 7, sink: 16 + 7, diagonal: 16 + 7, induction: got.queries.induction });
    expect(got.queries.induction).toBe(runs.reduce((n, { ids: s }) => n + s.filter((id, i) => i >= 3 && s.slice(0, i - 2).includes(id)).length, 0));
  });

  test('chance is what uniform causal attention scores', () => {
    const ids = [1, 3, 4, 5, 3, 4, 5, 3, 4, 5];
    const T = ids.length, data = new Float32Array(T * T);
    for (let i = 0; i < T; i++) for (let j = 0; j <= i; j++) data[i * T + j] = 1 / (i + 1);
    const got = attn.headRoleScores({ attention: { data, shape: [1, 1, T, T] }, ids });
    for (const r of ROLES) expect(Math.abs(got.scores[r][0][0] - got.chance[r]), r).toBeLessThan(1e-7);
  });

  test('names a head after its best role at or above the threshold', () => {
    expect(roles.names).toEqual(KNOWN_ROLES);
    const strict = attn.headRoleScores({ attention: { data: new Float32Array([1, 0, 0, 0.5, 0.5, 0, 0.2, 0.5, 0.3]), shape: [1, 1, 3, 3] }, ids: [1, 2, 3] }, { threshold: 0.6 });
    expect(strict.names).toEqual([[null]]); // previous 0.5 is the best, under 0.6
    expect(attn.headRoleScores({ attention: { data: new Float32Array([1, 0, 0, 0.5, 0.5, 0, 0.2, 0.5, 0.3]), shape: [1, 1, 3, 3] }, ids: [1, 2, 3] }).names).toEqual([['previousToken']]);
  });

  test('induction is NaN when no token repeats', () => {
    const got = attn.headRoleScores({ attention: randomAttention(1, 1, 6, 1), ids: [1, 2, 3, 4, 5, 6] });
    expect(got.scores.induction[0][0]).toBeNaN();
    expect(got.queries.induction).toBe(0);
    expect(got.names[0][0]).not.toBe('induction');
  });
});

describe('a model with known heads', () => {
  test('each hand-set head scores its role and nothing else', () => {
    expectKnownRoles(roles.scores);
  });

  test('the scores equal the float64 re-computation from the attention the model returns', () => {
    const runs = roles.probe.ids.map((ids) => ({ ids, attention: model.forward(ids, { returnAttention: true }).attention }));
    const d = worstDifference(roles.scores, reference(runs));
    expect(d, `worst |score − float64 reference| = ${d}`).toBeLessThan(SAME);
  });

  // Definitions a slip would give: each must fail the known-roles check.
  test.each([
    ['induction on the earlier copy itself (j, not j + 1)', { induction: (ids, i) => ids.flatMap((id, j) => (j <= i - 3 && id === ids[i] ? [j] : [])) }],
    ['induction two after the copy (j + 2)', { induction: (ids, i) => ids.flatMap((id, j) => (j <= i - 4 && id === ids[i] ? [j + 2] : [])) }],
    ['previous token two back (i − 2)', { previous: (i) => i - 2 }],
    ['first token taken as position 1', { first: () => 1 }],
  ])('a wrong definition fails: %s', (_, wrong) => {
    const runs = roles.probe.ids.map((ids) => ({ ids, attention: model.forward(ids, { returnAttention: true }).attention }));
    expectKnownRoles(reference(runs)); // the check passes with the right definitions ...
    expect(() => expectKnownRoles(reference(runs, wrong))).toThrow(); // ... and catches this one
  });

  test('a ModelWorker of the same weights gives the same numbers', async () => {
    const worker = await attn.ModelWorker.fromLlama2c(model.toLlama2c(), null, { inProcess: true });
    try {
      const got = await attn.headRoles(worker, PROBE);
      expect(got.scores).toEqual(roles.scores);
      expect(got.probe).toEqual(roles.probe);
    } finally {
      worker.dispose();
    }
  });

  test('onProgress counts the sequences; an aborted signal rejects before the next one', async () => {
    const seen = [];
    await attn.headRoles(model, { ...PROBE, samples: 3, onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([{ done: 1, total: 3 }, { done: 2, total: 3 }, { done: 3, total: 3 }]);
    const stop = new AbortController();
    const e = await rejected(attn.headRoles(model, { ...PROBE, samples: 3, signal: stop.signal, onProgress: ({ done }) => { if (done === 1) stop.abort(); } }));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toBe('headRoles: cancelled');
  });

  test('the probe is [<s>, r1..rn, r1..rn], the segment as long as the pool allows', () => {
    expect(roles.probe.kind).toBe('repeated');
    expect(roles.probe.segmentLength).toBe(PROBE.tokens.length);
    expect(roles.probe.ids).toHaveLength(4);
    expect(roles.queries.induction).toBe(4 * PROBE.tokens.length);
  });
});

describe('headRoleProbe', () => {
  const tokens = Array.from({ length: 40 }, (_, k) => k + 10);

  test('segments of distinct tokens from the pool, repeated once, after the BOS', () => {
    const probe = attn.headRoleProbe({ tokens, bos: 1, segmentLength: 12, samples: 3, seed: 5 });
    expect(probe).toHaveLength(3);
    for (const ids of probe) {
      expect(ids).toHaveLength(25);
      expect(ids[0]).toBe(1);
      const seg = ids.slice(1, 13);
      expect(new Set(seg).size).toBe(12);
      expect(seg.every((id) => tokens.includes(id))).toBe(true);
      expect(ids.slice(13)).toEqual(seg);
    }
    expect(new Set(probe.map((ids) => ids.join())).size).toBe(3);
  });

  test('the same seed gives the same ids; another seed others', () => {
    const a = attn.headRoleProbe({ tokens, segmentLength: 10, seed: 3 });
    expect(attn.headRoleProbe({ tokens, segmentLength: 10, seed: 3 })).toEqual(a);
    expect(attn.headRoleProbe({ tokens, segmentLength: 10, seed: 4 })).not.toEqual(a);
    expect(a[0]).toHaveLength(20); // no bos
  });

  test('every token of the pool is drawn about equally often', () => {
    const counts = new Map(tokens.map((t) => [t, 0]));
    for (const ids of attn.headRoleProbe({ tokens, segmentLength: 10, samples: 400, seed: 9 })) for (const id of ids.slice(0, 10)) counts.set(id, counts.get(id) + 1);
    // 4000 draws over 40 tokens: 100 each; 5 standard deviations is ±47
    for (const [t, c] of counts) expect(Math.abs(c - 100), `token ${t} drawn ${c} times`).toBeLessThan(47);
  });
});

describe('headRoles on the shipped models', () => {
  test('a text probe measures on the model\'s own encoding of the text', async () => {
    const chars = await attn.Model.default('chars');
    try {
      const text = 'Mr. Darcy bowed. Mr. Darcy smiled.';
      const got = await attn.headRoles(chars, { text });
      expect(got.probe).toEqual({ kind: 'text', ids: [chars.encode(text)], segmentLength: null, bos: null });
      const ids = chars.encode(text);
      const d = worstDifference(got.scores, reference([{ ids, attention: chars.forward(ids, { returnAttention: true }).attention }]));
      expect(d).toBeLessThan(SAME);
      expect(got.nLayers).toBe(4);
      expect(got.nHeads).toBe(8);
    } finally {
      chars.dispose();
    }
  });

  test('the default probe of a char model draws only from its characters (ids 259..)', async () => {
    const sort = await attn.Model.default('sort');
    try {
      const got = await attn.headRoles(sort, { samples: 2 });
      // sort: 28 characters, context 32: segments of (32 − 1) / 2 = 15
      expect(got.probe.segmentLength).toBe(15);
      for (const ids of got.probe.ids) {
        expect(ids[0]).toBe(1);
        expect(ids.slice(1).every((id) => id >= 259 && id < 287)).toBe(true);
      }
    } finally {
      sort.dispose();
    }
  });
});

describe('bad calls', () => {
  test.each([
    ['not a model', () => attn.headRoles({}), /headRoles: model must be a Model or a ModelWorker/],
    ['an unknown option', () => attn.headRoles(model, { sample: 2 }), /headRoles: opts.sample is not an option/],
    ['text and ids', () => attn.headRoles(model, { text: 'a', ids: [1, 2, 3] }), /give opts.text or opts.ids, not both/],
    ['text without a tokenizer', () => attn.headRoles(model, { text: 'abc' }), /opts.text needs a model with a tokenizer/],
    ['an id outside the vocabulary', () => attn.headRoles(model, { ids: [1, 2, 16] }), /opts.ids\[2\] is 16, not a token id in 0..15/],
    ['too few tokens', () => attn.headRoles(model, { ids: [1, 2] }), /opts.ids has 2 tokens; the roles need at least 3/],
    ['longer than the context', () => attn.headRoles(model, { ids: new Array(65).fill(3) }), /opts.ids is longer than the model's context \(64\)/],
    ['a segment the context cannot hold twice', () => attn.headRoles(model, { ...PROBE, segmentLength: 40 }), /opts.segmentLength is 40 but the model's context \(64\) holds segments of at most 31/],
    ['a segment longer than the pool', () => attn.headRoles(model, { bos: 1, tokens: [3, 4, 5], segmentLength: 4 }), /opts.segmentLength is 4 but opts.tokens has only 3 distinct ids/],
    ['a segment of 2', () => attn.headRoles(model, { ...PROBE, segmentLength: 2 }), /opts.segmentLength must be at least 3/],
  ])('%s: AttnscopeError naming it', async (_, call, pattern) => {
    const e = await rejected(call());
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(pattern);
    await expectStillWorks();
  });

  test.each([
    ['attention of the wrong rank', () => attn.headRoleScores({ attention: { data: new Float32Array(9), shape: [3, 3] }, ids: [1, 2, 3] }), /runs.attention must be \[layers, heads, T, T\]/],
    ['ids of another length', () => attn.headRoleScores({ attention: randomAttention(1, 1, 4, 1), ids: [1, 2, 3] }), /runs.attention has T = 4 but runs.ids has 3 tokens/],
    ['runs of different models', () => attn.headRoleScores([{ attention: randomAttention(1, 2, 4, 1), ids: [1, 2, 3, 4] }, { attention: randomAttention(2, 2, 4, 1), ids: [1, 2, 3, 4] }]), /runs\[1\].attention has 2 layers × 2 heads but runs\[0\] has 1 × 2/],
    ['no runs', () => attn.headRoleScores([]), /runs is empty/],
    ['a probe without tokens', () => attn.headRoleProbe({}), /opts.tokens .* is required/],
  ])('%s: AttnscopeError naming it', (_, call, pattern) => {
    const e = thrown(call);
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(pattern);
  });
});
