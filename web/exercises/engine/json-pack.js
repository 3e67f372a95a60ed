// JSON packs: exercises as pure data, for authors who do not write
// JavaScript. Where a JS exercise has functions, a JSON one has *specs*
// that are evaluated against attnscope at run time (never eval'd):
//   "$name"                          an input
//   {"call": "fn", "args": [...]}    attn.fn(...args); arrays in args become tensors
//   {"tensor": spec}                 nested arrays → a Float32 tensor
//   {"pick": [spec, key, ...]}       property ("output") or row/entry index (0, "$pos")
//   {"add"|"sub"|"mul"|"div"|"pow": [a, b]}, {"neg"|"sqrt"|"exp"|"log"|"sin"|"cos": a}
//                                    elementwise, numbers broadcast
//   {"dot": [a, b]}, {"norm": a}, {"sum": a}, {"transpose": a}
// Inputs may also be random: {"random": "normal"|"uniform"|"int"|"choice",
//   "shape": [2, 4], "round": 2, "min", "max", "mean", "std", "from": [...],
//   "first": value used for the first (lecture) variant}.
// compileJsonPack() returns exercises in the JS form (schema.js).
import { toValue, toNested, tensorOf, sizeOf, isTensor } from './values.js';
import { ExerciseError, validatePack } from './schema.js';

const UNARY = { neg: (x) => -x, sqrt: Math.sqrt, exp: Math.exp, log: Math.log, sin: Math.sin, cos: Math.cos };
const BINARY = { add: (a, b) => a + b, sub: (a, b) => a - b, mul: (a, b) => a * b, div: (a, b) => a / b, pow: (a, b) => a ** b };
const OPS = ['call', 'tensor', 'pick', 'dot', 'norm', 'sum', 'transpose', ...Object.keys(UNARY), ...Object.keys(BINARY)];
const RANDOM = ['normal', 'uniform', 'int', 'choice'];
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const opOf = (spec) => (isObject(spec) ? OPS.find((op) => op in spec) : undefined);

function elementwise(fn, values) {
  const vs = values.map((v) => toValue(v));
  const shaped = vs.find((v) => v.shape.length > 0) ?? vs[0];
  const n = sizeOf(shaped.shape);
  for (const v of vs) {
    if (v.shape.length > 0 && sizeOf(v.shape) !== n) throw new Error(`elementwise on shapes [${shaped.shape}] and [${v.shape}]`);
  }
  const data = Array.from({ length: n }, (_, i) => fn(...vs.map((v) => (v.shape.length ? v.data[i] : v.data[0]))));
  return shaped.shape.length ? toNested({ data, shape: shaped.shape }) : data[0];
}

function pickOne(value, key) {
  if (typeof key === 'string') {
    if (!isObject(value) || !(key in value)) throw new Error(`pick: no property "${key}"`);
    return value[key];
  }
  const nested = isTensor(value) ? toNested(value) : value;
  if (!Array.isArray(nested) || !Number.isInteger(key) || key < 0 || key >= nested.length) throw new Error(`pick: index ${key} is out of range`);
  return nested[key];
}

/** Evaluates a spec with env {attn, inputs}. */
export function evaluateSpec(spec, env) {
  const ev = (s) => evaluateSpec(s, env);
  if (typeof spec === 'string' && spec.startsWith('$')) {
    const name = spec.slice(1);
    if (!(name in env.inputs)) throw new Error(`unknown input "${spec}"`);
    return env.inputs[name];
  }
  if (Array.isArray(spec)) return spec.map(ev);
  if (!isObject(spec)) return spec;
  const op = opOf(spec);
  if (!op) return Object.fromEntries(Object.entries(spec).map(([k, v]) => [k, ev(v)]));
  const arg = spec[op];
  switch (op) {
    case 'call': {
      const fn = env.attn[arg];
      if (typeof arg !== 'string' || typeof fn !== 'function' || arg === 'ready') throw new Error(`call: attnscope has no function "${arg}"`);
      const asTensor = (v) => (Array.isArray(v) ? tensorOf(v) : isObject(v) && !isTensor(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asTensor(x)])) : v);
      return fn(...(spec.args ?? []).map((a) => asTensor(ev(a))));
    }
    case 'tensor': return tensorOf(ev(arg));
    case 'pick': { const [first, ...keys] = arg; return keys.reduce((v, k) => pickOne(v, ev(k)), ev(first)); }
    case 'dot': { const [a, b] = arg.map((x) => toValue(ev(x))); return a.data.reduce((s, x, i) => s + x * b.data[i], 0); }
    case 'norm': return Math.sqrt(toValue(ev(arg)).data.reduce((s, x) => s + x * x, 0));
    case 'sum': return toValue(ev(arg)).data.reduce((s, x) => s + x, 0);
    case 'transpose': { const m = toNested(ev(arg)); return m[0].map((_, j) => m.map((row) => row[j])); }
    default: return op in UNARY ? elementwise(UNARY[op], [ev(arg)]) : elementwise(BINARY[op], arg.map(ev));
  }
}

function draw(spec, rng) {
  const one = () => {
    switch (spec.random) {
      case 'int': return rng.int(spec.min ?? 0, spec.max ?? 9);
      case 'choice': return rng.pick(spec.from);
      default: return rng.sample({ dist: spec.random, min: spec.min, max: spec.max, mean: spec.mean, std: spec.std, round: spec.round });
    }
  };
  const shape = spec.shape ?? [];
  const build = (dims) => (dims.length ? Array.from({ length: dims[0] }, () => build(dims.slice(1))) : one());
  return build(shape);
}

function compileInputs(inputs, where) {
  if (inputs === undefined) return { inputs: undefined, random: false };
  if (!isObject(inputs)) throw new ExerciseError(`${where}.inputs must be an object of name → value, spec or random spec`);
  let random = false;
  for (const [name, spec] of Object.entries(inputs)) {
    if (isObject(spec) && 'random' in spec) {
      random = true;
      if (!RANDOM.includes(spec.random)) throw new ExerciseError(`${where}.inputs.${name}.random must be one of ${RANDOM.join(', ')}`);
      if (spec.random === 'choice' && !Array.isArray(spec.from)) throw new ExerciseError(`${where}.inputs.${name}.from must list the values to choose from`);
    }
  }
  const fn = (rng, { attn, variant, caseIndex }) => {
    const env = { attn, inputs: {} };
    for (const [name, spec] of Object.entries(inputs)) {
      const isRandom = isObject(spec) && 'random' in spec;
      if (!isRandom) env.inputs[name] = evaluateSpec(spec, env);
      else env.inputs[name] = variant === 0 && caseIndex === 0 && 'first' in spec ? spec.first : draw(spec, rng);
    }
    return env.inputs;
  };
  return { inputs: fn, random };
}

const asFunction = (spec) => (attn, inputs) => evaluateSpec(spec, { attn, inputs });

/** One JSON exercise → the JS form. */
export function compileJsonExercise(json, where = 'exercise') {
  if (!isObject(json)) throw new ExerciseError(`${where} must be an object`);
  const at = `${where} "${json.id}"`;
  const { inputs, random } = compileInputs(json.inputs, at);
  const ex = { ...json, inputs, random };
  if (json.inputs === undefined) delete ex.inputs;
  if (!(json.kind === 'choice' && Number.isInteger(json.reference))) {
    if (json.reference === undefined) throw new ExerciseError(`${at}: reference is missing (a spec such as {"call": "softmax", "args": ["$x"]})`);
    ex.reference = asFunction(json.reference);
  }
  if (Array.isArray(json.mistakes)) {
    ex.mistakes = json.mistakes.map((m) => (isObject(m) && 'compute' in m ? { ...m, compute: asFunction(m.compute) } : m));
  }
  return ex;
}

/** A JSON pack {pack, exercises} → {pack, exercises} in the JS form, validated. */
export function compileJsonPack(json, name = 'JSON pack') {
  if (!isObject(json) || !Array.isArray(json.exercises)) throw new ExerciseError(`${name} must be {"pack": "name", "exercises": [...]}`);
  if (typeof json.pack !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(json.pack)) throw new ExerciseError(`${name}: "pack" must be a kebab-case name (it keys the learner's progress)`);
  const exercises = json.exercises.map((e, i) => compileJsonExercise(e, `${name} exercises[${i}]`));
  return { pack: json.pack, exercises: validatePack(exercises, name) };
}
