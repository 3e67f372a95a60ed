// "A few numbers per page equal Node's": probes that read, in a page, the
// inputs and results of what its elements computed, and the same
// computation by the package in Node on those inputs. Every page's numbers
// come from the same wasm build in the browser and in Node, so they must
// agree to the bit (a tolerance would hide an engine that rounds, reorders
// or loses a value on the way in or out).
//
// A probe: { name, source, node }. `source` is the text of an async function
// run in the page with the helpers of PRELUDE in scope; it returns a list of
// found items (JSON; tensors through enc()). node(attn, item) resolves to
// [{ label, got, want }] with got/want arrays of numbers (or any JSON, for
// deep equality). A probe that finds nothing on a page compares nothing.
import { readFile } from 'node:fs/promises';
import { randomQK } from '../../web/widgets/attention-source.js';
import { EXPERIMENTS } from '../../web/experiments/node.js';
import { loadExercise, prepare } from '../../web/exercises/index.js';

// In the page: enc() turns typed arrays and tensors into JSON (non-finite
// numbers as strings), all() lists every attn-* element through shadow roots.
export const PRELUDE = `
  const num = (x) => (Object.is(x, -0) ? '-0' : Number.isFinite(x) ? x : String(x));
  const enc = (x) => {
    if (ArrayBuffer.isView(x)) return { typed: x.constructor.name, values: Array.from(x, num) };
    if (Array.isArray(x)) return x.map(enc);
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, enc(v)]));
    return typeof x === 'number' ? num(x) : x;
  };
  const all = (root = document, out = []) => {
    for (const e of root.querySelectorAll('*')) {
      if (e.localName.startsWith('attn-')) out.push(e);
      if (e.shadowRoot) all(e.shadowRoot, out);
    }
    return out;
  };
  const named = (tag) => all().filter((e) => e.localName === tag);
`;

const TYPED = { Float32Array, Float64Array, Uint8Array, Int32Array, Uint32Array, Int8Array, Uint16Array, Int16Array };
/** The inverse of the page's enc(). */
export function dec(x) {
  if (x && typeof x === 'object' && 'typed' in x && 'values' in x) return TYPED[x.typed].from(x.values, Number);
  if (Array.isArray(x)) return x.map(dec);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, dec(v)]));
  return typeof x === 'string' && /^(NaN|-?Infinity|-0)$/.test(x) ? Number(x) : x;
}

/**
 * JSON of x with typed arrays as plain arrays, ±Infinity and -0 as strings,
 * NaN as null (a Worker's JSON turns it into null), keys sorted (a Worker's messages build objects in another order),
 * and timings dropped (they differ from run to run).
 */
const comparable = (x) => JSON.parse(JSON.stringify(x, (k, v) => {
  if (/^(elapsedMs|ms|tokensPerSecond|secondsLeft|elapsedSeconds)$/.test(k)) return undefined;
  if (ArrayBuffer.isView(v)) v = Array.from(v);
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isNaN(v) ? null : Number.isFinite(v) ? v : String(v);
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.keys(v).sort().map((key) => [key, v[key]]));
  return v;
}));

const zerosV = (attn, n) => attn.tensor(new Float32Array(n), [n, 1]);

export const PROBES = [
  {
    // <attn-heatmap> computing one head's attention (not drawing given data):
    // from its Q and K, else the seeded random Q and K it draws (the same
    // function in Node), with its causal/kind/scale/temperature attributes.
    name: 'attention heatmaps',
    source: `async () => named('attn-heatmap').filter((h) => !h.data && h.weights).slice(0, 4).map((h) => ({
      id: h.id || h.className || 'heatmap', q: enc(h.q), k: enc(h.k), weights: enc(h.weights),
      attrs: Object.fromEntries(['q', 'k', 'd', 'seed', 'causal', 'kind', 'scale', 'temperature'].map((a) => [a, h.getAttribute(a)])),
    }))`,
    node(attn, h) {
      const w = dec(h.weights);
      const [nq, nk] = w.shape;
      const matrix = (v) => attn.tensor(Float32Array.from(v.flat()), [v.length, v[0].length]);
      let q = h.q ? dec(h.q) : h.attrs.q ? matrix(JSON.parse(h.attrs.q)) : null;
      let k = h.k ? dec(h.k) : h.attrs.k ? matrix(JSON.parse(h.attrs.k)) : q;
      if (!q || !k) ({ q, k } = randomQK(nq, nk, Number(h.attrs.d ?? 8), Number(h.attrs.seed ?? 1)));
      const kind = h.attrs.kind ?? 'dot';
      const opts = { returnWeights: true, kind, isCausal: h.attrs.causal !== null && h.attrs.causal !== 'false' };
      if (kind !== 'cosine' && h.attrs.scale !== null) opts.scale = Number(h.attrs.scale);
      if (h.attrs.temperature !== null) opts.temperature = Number(h.attrs.temperature);
      const want = attn.scaledDotProductAttention(attn.tensor(q.data, q.shape), attn.tensor(k.data, k.shape), zerosV(attn, nk), opts).weights;
      return [{ label: `${h.id} weights`, got: w.data, want: want.data }];
    },
  },
  {
    name: 'matrix product',
    source: `async () => {
      const e = named('attn-matmul-steps')[0];
      if (!e) return [];
      for (let i = 0; i < 100 && !e.values; i++) await new Promise((r) => setTimeout(r, 100)); // WebKit draws it a moment later
      return [enc(e.values)];
    }`,
    node: (attn, v) => {
      const { a, b, c } = dec(v);
      return [{ label: 'C = A·B', got: c.data, want: attn.matmul(a, b).data }];
    },
  },
  {
    name: 'cross-attention weights',
    source: `async () => named('attn-cross-attention').slice(0, 1).map((e) => enc(e.values))`,
    node: (attn, v) => {
      const { xs, xt, weights, temperature } = dec(v);
      const d = xs.shape[1];
      const I = attn.tensor(Float32Array.from({ length: d * d }, (_, i) => (i % (d + 1) === 0 ? 1 : 0)), [d, d]);
      const r = attn.multiHeadAttention(xt, { wq: I, wk: I, wv: I, wo: I }, { nHeads: 1, memory: xs, temperature, returnIntermediates: true });
      return [{ label: 'weights', got: weights.data, want: r.intermediates.weights.data }];
    },
  },
  {
    name: 'causal mask',
    source: `async () => named('attn-mask-grid').filter((e) => e.getAttribute('pattern') === 'causal' && e.mask).map((e) => enc(e.mask))`,
    node: (attn, m) => {
      const mask = dec(m);
      return [{ label: 'causalMask', got: mask.data, want: attn.causalMask(mask.shape[0]).data }];
    },
  },
  {
    name: 'ALiBi bias',
    source: `async () => named('attn-bias-map').filter((e) => e.getAttribute('kind') === 'alibi' && e.biases).slice(0, 1).map((e) => enc(e.biases))`,
    node: (attn, b) => {
      const all = dec(b);
      const [H, N] = all.shape;
      return [{ label: 'alibiBias', got: all.data, want: attn.alibiBias(H, N, all.shape[2] ?? N).data }];
    },
  },
  {
    // The compute-optimal model for the budget shown (the marker and the dot of the first chart).
    name: 'Chinchilla optimum',
    source: `async () => named('attn-scaling-laws').slice(0, 1).map((e) => {
      const chart = e.shadowRoot.querySelector('attn-line-chart');
      const dot = chart.series.find((s) => s.dot && s.points[0][0] === chart.marker);
      return { flops: e.flops, shown: [chart.marker, dot?.points[0][1]] };
    })`,
    node: (attn, s) => {
      const best = attn.chinchillaOptimum(s.flops);
      return [{ label: 'N* and L*', got: s.shown, want: [best.params, best.loss] }];
    },
  },
  {
    name: 'transformer block',
    source: `async () => named('attn-block-explorer').filter((e) => e.result).slice(0, 1).map((e) => ({ input: enc(e.input), params: enc(e.params), config: enc(e.config), output: enc(e.result.output) }))`,
    node: (attn, b) => {
      const { input, params, config, output } = dec(b);
      return [{ label: 'output', got: output.data, want: attn.transformerBlock(input, params, config).output.data }];
    },
  },
  {
    name: 'sinusoidal encoding',
    source: `async () => named('attn-sinusoidal').filter((e) => e.values).slice(0, 1).map((e) => ({ pe: enc(e.values.pe), base: Number(e.getAttribute('base') ?? 10000) }))`,
    node: (attn, s) => {
      const pe = dec(s.pe);
      const [T, D] = pe.shape;
      return [{ label: 'pe', got: pe.data, want: attn.sinusoidalPositionalEncoding(T, D, { base: s.base }).data }];
    },
  },
  {
    name: 'FlashAttention tiles',
    source: `async () => named('attn-flash-tiles').filter((e) => e.values).slice(0, 1).map((e) => { const v = e.values; return enc({ q: v.q, k: v.k, v: v.v, scale: v.scale, flash: v.check.flash }); })`,
    node: (attn, f) => {
      const { q, k, v, scale, flash } = dec(f);
      return [{ label: 'flashAttention', got: flash, want: attn.flashAttention(q, k, v, { scale }).output.data }];
    },
  },
  {
    name: 'state-space scan',
    source: `async () => named('attn-ssm').filter((e) => e.values).slice(0, 2).map((e) => ({ mode: e.getAttribute('mode'), ...enc({ u: e.values.u, deltas: e.values.deltas, y: e.values.y, states: e.values.states }) }))`,
    node: (attn, s) => {
      const { u, deltas, y, states, mode } = dec(s);
      const L = u.length, N = states.length / L;
      const A = attn.tensor(Float32Array.from({ length: N }, (_, n) => -(n + 1)), [1, N]);
      const ones = (shape) => attn.tensor(new Float32Array(shape.reduce((a, b) => a * b)).fill(1), shape);
      const BC = mode === 'invariant' ? [N] : [L, N];
      const r = attn.selectiveScan(attn.tensor(Float32Array.from(u), [L, 1]), attn.tensor(Float32Array.from(deltas), [L, 1]), A, ones(BC), ones(BC), { returnStates: true });
      return [{ label: `${mode} y`, got: y, want: r.output.data }, { label: `${mode} states`, got: states, want: r.states.data }];
    },
  },
  {
    name: 'exercises',
    source: `async () => named('attn-exercise').filter((e) => e.prepared && e.getAttribute('exercise')).slice(0, 3).map((e) => ({
      id: e.getAttribute('exercise'), seed: e.prepared.seed, variant: e.prepared.variant,
      expected: enc(e.prepared.expected ?? null), answer: e.prepared.answer ?? null,
    }))`,
    async node(attn, x) {
      const { exercise } = await loadExercise({ id: x.id });
      const p = prepare(exercise, attn, { seed: x.seed, variant: x.variant });
      return [{ label: `${x.id} answer`, got: dec({ expected: x.expected, answer: x.answer }), want: comparable({ expected: p.expected ?? null, answer: p.answer ?? null }) }];
    },
  },
  {
    // The tiny model writes: the same seeded sample as Model.default in Node.
    name: 'tiny model sample',
    source: `async () => {
      const found = [];
      for (const e of named('attn-tiny-gpt').slice(0, 1)) {
        await e.loaded;
        e.settings = { prompt: 'Elizabeth', temperature: 0.8, topK: 0, topP: 0.9, seed: 7, maxNewTokens: 40 };
        const r = await e.generate();
        found.push({ model: e.settings.model, ids: r?.ids ?? null, promptIds: r?.promptIds ?? null, text: r?.text ?? null });
      }
      return found;
    }`,
    async node(attn, g) {
      const model = await attn.Model.default(g.model);
      const r = model.generate('Elizabeth', { temperature: 0.8, topK: 0, topP: 0.9, seed: 7, maxNewTokens: 40 });
      model.dispose();
      return [{ label: `${g.model} sample`, got: { ids: g.ids, promptIds: g.promptIds, text: g.text }, want: { ids: r.ids, promptIds: r.promptIds, text: r.text } }];
    },
  },
  {
    // The live experiments: a short run in the page's Worker equals the same
    // run of attnscope/experiments in Node.
    name: 'experiment run',
    source: `async (small) => {
      const found = [];
      for (const e of all().filter((x) => x.constructor.experiment && small[x.constructor.experiment]).slice(0, 1)) {
        const name = e.constructor.experiment;
        e.settings = small[name];
        const options = e.runOptions(e.settings);
        await e.run();
        found.push({ name, options: enc(options), data: enc(e.data) });
      }
      return found;
    }`,
    arg: {
      grokking: { p: 5, steps: 10 }, 'in-context-regression': { steps: 100, contextLength: 4, dims: 2 },
      'norm-placement': { layers: 2, steps: 10 }, 'scaling-sweep': { steps: 25 }, 'position-extrapolation': { steps: 25, trainLength: 8 },
      'kv-head-sharing': { steps: 25, seeds: 1 }, 'kv-cache-compression': { steps: 20, seed: 1 },
      'masked-vs-causal': { steps: 50 }, 'induction-heads': { steps: 50 },
    },
    async node(attn, x) {
      const { options, ...want } = await EXPERIMENTS[x.name](dec(x.options)); // options: the inputs, completed with defaults
      return [{ label: `${x.name} data`, got: dec(x.data), want }];
    },
  },
];

// JSON results (the experiments' data) mix the core's float32 numbers with
// float64 arithmetic in JavaScript, whose Math.sin, cos, log and exp are not
// required to be correctly rounded and differ in the last bit between
// engines. This relative tolerance allows that; a float32 number that differs
// differs by at least 2^-24 (6e-8) of itself, far above it.
const JS_MATH = 1e-12;

/** The first place two comparable JSON values differ ("" when they do not), numbers within JS_MATH. */
function firstDifference(a, b, path = '') {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= JS_MATH * Math.max(Math.abs(a), Math.abs(b)) ? '' : `${path}: ${a} vs Node ${b}`;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(b) ? [...Array(Math.max(a.length, b.length)).keys()] : [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const d = firstDifference(a[k], b[k], `${path}${Array.isArray(b) ? `[${k}]` : `.${k}`}`);
      if (d) return d;
    }
    return '';
  }
  return Object.is(a, b) ? '' : `${path}: ${JSON.stringify(a)} vs Node ${JSON.stringify(b)}`;
}

/**
 * null when `got` equals Node's `want`, else where they differ. Arrays of
 * numbers (the core's results) must be equal to the bit; other JSON within
 * JS_MATH, with `got` read only at the keys Node's `want` has at the top (a
 * page's element keeps its own bookkeeping beside a run's data).
 */
export function difference(got, want) {
  if (ArrayBuffer.isView(want) || (Array.isArray(want) && typeof want[0] === 'number')) {
    const g = Array.from(got ?? []), w = Array.from(want);
    if (g.length !== w.length) return `length ${g.length}, Node ${w.length}`;
    let first = -1, worst = 0;
    g.forEach((x, i) => {
      if (Object.is(x, w[i])) return;
      if (first < 0) first = i;
      worst = Math.max(worst, Math.abs(x - w[i]));
    });
    const show = (x) => (Object.is(x, -0) ? '-0' : String(x));
    return first < 0 ? null : `differs first at [${first}] (${show(g[first])} vs Node ${show(w[first])}), largest difference ${worst}`;
  }
  const b = comparable(want);
  let a = comparable(got);
  if (a && b && typeof b === 'object' && !Array.isArray(b)) a = Object.fromEntries(Object.keys(b).map((k) => [k, a[k]]));
  return firstDifference(a, b) || null;
}

/** The Austen corpus, for the training check. */
export const austen = () => readFile(new URL('../../web/models/corpus/pride_and_prejudice.txt', import.meta.url), 'utf8');
