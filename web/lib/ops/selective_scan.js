// selectiveScan and ssmConvolutionKernel: shape checks and options; the maths
// is in cpp/src/selective_scan.cpp. Legend: L steps, Dch channels, N state size.
import { withHeap } from '../heap.js';
import { DISCRETIZATION, SCAN_INPUT } from '../enums.js';
import { checkStatus } from '../errors.js';
import {
  checkTensor, checkBool, checkEnum, checkInt, checkOptions, fail, MAX_ELEMENTS,
} from '../tensor.js';

const shapeText = (t) => `[${t.shape.join(', ')}]`;

function checkShapeIs(t, name, want, meaning) {
  checkTensor(t, name);
  if (t.shape.length !== want.length || t.shape.some((d, i) => d !== want[i])) {
    fail(`${name} must be [${want.join(', ')}] (${meaning}; got shape ${shapeText(t)})`);
  }
}

// B or C: [L, N] (a value per step), [N] (time-invariant) or { weight: [Dch, N] }
// (a linear function of the input). Returns { kind (SCAN_INPUT spelling), data }.
function checkProjection(t, name, L, Dch, N) {
  if (t !== null && typeof t === 'object' && !('data' in t) && 'weight' in t) {
    const extra = Object.keys(t).filter((k) => k !== 'weight');
    if (extra.length) fail(`${name}.${extra[0]} is not a field (an input-dependent ${name} is { weight })`);
    checkShapeIs(t.weight, `${name}.weight`, [Dch, N], `${name}_t = u_t · weight: channels of u, state size`);
    return { kind: 'from_input', data: t.weight.data };
  }
  checkTensor(t, name);
  if (t.shape.length === 1 && t.shape[0] === N) return { kind: 'shared', data: t.data };
  if (t.shape.length === 2 && t.shape[0] === L && t.shape[1] === N) return { kind: 'per_step', data: t.data };
  return fail(`${name} must be [${L}, ${N}] (one per step), [${N}] (time-invariant) or { weight: [${Dch}, ${N}] } (from the input), with N = A.shape[1] (got shape ${shapeText(t)})`);
}

/** Mamba's selective scan for one sequence (selective_scan_ref); see ssm.d.ts. */
export function selectiveScan(u, delta, A, B, C, opts) {
  const o = checkOptions(opts, 'selectiveScan', ['D', 'z', 'deltaBias', 'deltaSoftplus', 'returnStates', 'discretization', 'returnBC']);
  checkTensor(u, 'u');
  if (u.shape.length !== 2) fail(`u must be [L, Dch] (steps, channels; got shape ${shapeText(u)})`);
  const [L, Dch] = u.shape;
  checkTensor(A, 'A');
  if (A.shape.length !== 2 || A.shape[0] !== Dch) fail(`A must be [${Dch}, N] (channels of u, state size; got shape ${shapeText(A)})`);
  const N = A.shape[1];
  checkShapeIs(delta, 'delta', [L, Dch], 'the shape of u');
  const b = checkProjection(B, 'B', L, Dch, N), c = checkProjection(C, 'C', L, Dch, N);
  const present = (key) => o[key] !== undefined && o[key] !== null;
  if (present('D')) checkShapeIs(o.D, 'opts.D', [Dch], 'one skip weight per channel');
  if (present('z')) checkShapeIs(o.z, 'opts.z', [L, Dch], 'the gate, shaped like u');
  if (present('deltaBias')) checkShapeIs(o.deltaBias, 'opts.deltaBias', [Dch], 'one bias per channel');
  const deltaSoftplus = checkBool(o.deltaSoftplus ?? false, 'opts.deltaSoftplus');
  const returnStates = checkBool(o.returnStates ?? false, 'opts.returnStates');
  const returnBC = checkBool(o.returnBC ?? false, 'opts.returnBC');
  const discretization = checkEnum(o.discretization ?? 'euler', 'opts.discretization', Object.keys(DISCRETIZATION));
  const stateCount = L * Dch * N;
  if (returnStates && stateCount > MAX_ELEMENTS) {
    fail(`selectiveScan: the states [${L}, ${Dch}, ${N}] have ${stateCount} elements, over the limit of ${MAX_ELEMENTS}`);
  }
  const args = {
    L, Dch, N, b: SCAN_INPUT[b.kind], c: SCAN_INPUT[c.kind], deltaSoftplus, discretization: DISCRETIZATION[discretization],
  };
  return withHeap('selectiveScan', (h) => {
    const out = h.output(L * Dch, 'output');
    const states = returnStates ? h.output(stateCount, 'states') : 0;
    const used = returnBC ? [h.output(L * N, 'B'), h.output(L * N, 'C')] : [0, 0];
    const opt = (key) => (present(key) ? h.input(o[key].data, `opts.${key}`) : 0);
    const status = h.M.selectiveScan(out, states, h.input(u.data, 'u'), h.input(delta.data, 'delta'), h.input(A.data, 'A'),
      h.input(b.data, 'B'), h.input(c.data, 'C'), opt('D'), opt('z'), opt('deltaBias'), args, used[0], used[1]);
    checkStatus(status, 'selectiveScan');
    const result = { output: { data: h.read(out, L * Dch), shape: [L, Dch] } };
    if (returnStates) result.states = { data: h.read(states, stateCount), shape: [L, Dch, N] };
    if (returnBC) {
      result.B = { data: h.read(used[0], L * N), shape: [L, N] };
      result.C = { data: h.read(used[1], L * N), shape: [L, N] };
    }
    return result;
  });
}

/** K [length, Dch] with y = K * u (causal, per channel) for a time-invariant SSM; see ssm.d.ts. */
export function ssmConvolutionKernel(delta, A, B, C, length) {
  checkTensor(delta, 'delta');
  if (delta.shape.length !== 1) fail(`delta must be [Dch] (one step size per channel; got shape ${shapeText(delta)})`);
  const Dch = delta.shape[0];
  checkTensor(A, 'A');
  if (A.shape.length !== 2 || A.shape[0] !== Dch) fail(`A must be [${Dch}, N] (channels of delta, state size; got shape ${shapeText(A)})`);
  const N = A.shape[1];
  checkShapeIs(B, 'B', [N], 'time-invariant, N = A.shape[1]');
  checkShapeIs(C, 'C', [N], 'time-invariant, N = A.shape[1]');
  checkInt(length, 'length', { min: 0 });
  if (length * Dch > MAX_ELEMENTS) fail(`ssmConvolutionKernel: length · Dch = ${length * Dch} elements, over the limit of ${MAX_ELEMENTS}`);
  const data = withHeap('ssmConvolutionKernel', (h) => {
    const K = h.output(length * Dch, 'kernel');
    const status = h.M.ssmConvolutionKernel(K, h.input(delta.data, 'delta'), h.input(A.data, 'A'), h.input(B.data, 'B'),
      h.input(C.data, 'C'), length, Dch, N);
    checkStatus(status, 'ssmConvolutionKernel');
    return h.read(K, length * Dch);
  });
  return { data, shape: [length, Dch] };
}
