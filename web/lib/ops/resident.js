// residentParameters(params): the tensors of a parameter object copied into
// wasm memory once, for calls that reuse them (one block over many inputs, a
// widget re-running on every slider move). transformerBlock,
// multiHeadAttention and feedForward read a resident tensor where it lies
// instead of copying it in on every call (3.5 MiB for a block of C 256,
// F 1024). A snapshot: later writes to the Float32Arrays are not seen (make a
// new one after changing the weights). dispose() frees the memory; one that
// is forgotten is freed by the garbage collector (FinalizationRegistry).
import { module } from '../runtime.js';
import { checkTensor, fail } from '../tensor.js';

const POINTER = Symbol('attnscope.resident');
const registry = new FinalizationRegistry(({ M, ptrs }) => ptrs.forEach((p) => M._free(p)));

// The same tree with each tensor leaf copied in: { data, shape } as given
// (so validation reads them as before) plus the owner and the address.
function copyTree(value, name, owner, M, ptrs) {
  if (value && typeof value === 'object' && 'data' in value && 'shape' in value) {
    checkTensor(value, name);
    const p = M._malloc(Math.max(value.data.byteLength, 4));
    if (!p) fail(`residentParameters: out of memory allocating ${value.data.byteLength} bytes for ${name}`);
    ptrs.push(p);
    M.HEAPU8.set(new Uint8Array(value.data.buffer, value.data.byteOffset, value.data.byteLength), p);
    return Object.defineProperty({ data: value.data, shape: [...value.shape] }, POINTER, { value: { owner, p } });
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyTree(v, `${name}.${k}`, owner, M, ptrs)]));
  }
  return value; // a setting (a number, a boolean) goes along as it is
}

/** See the top of this file; the result has the shape of `params`, and dispose() and bytes (not enumerable). */
export function residentParameters(params) {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    fail(`residentParameters: params must be an object of tensors (got ${params === null ? 'null' : Array.isArray(params) ? 'a plain Array' : typeof params})`);
  }
  const M = module();
  const state = { M, ptrs: [], bytes: 0 };
  let tree;
  try {
    tree = copyTree(params, 'params', state, M, state.ptrs);
  } catch (e) {
    state.ptrs.forEach((p) => M._free(p));
    throw e;
  }
  const walk = (v) => (v?.[POINTER] ? (state.bytes += v.data.byteLength)
    : v && typeof v === 'object' && !ArrayBuffer.isView(v) ? Object.values(v).forEach(walk) : 0);
  walk(tree);
  registry.register(tree, { M, ptrs: state.ptrs }, state);
  Object.defineProperties(tree, {
    bytes: { get: () => (state.ptrs.length ? state.bytes : 0) },
    dispose: {
      value: () => {
        registry.unregister(state);
        state.ptrs.forEach((p) => M._free(p));
        state.ptrs = [];
      },
    },
  });
  state.tree = tree; // leaves keep their owner, the owner the tree: no leaf outlives its memory
  return tree;
}

/** The heap address of a resident tensor (null for any other value); `what` names it in the error of a disposed one. */
export function residentPointer(t, what) {
  const r = t?.[POINTER];
  if (!r) return null;
  if (!r.owner.ptrs.length) fail(`${what}: its residentParameters() has been disposed; make a new one`);
  if (r.owner.M !== module()) fail(`${what}: resident in another attnscope module instance`);
  return r.p;
}
