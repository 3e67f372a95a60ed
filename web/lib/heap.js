// Moves data in and out of the wasm heap for one call. Every allocation is
// freed when the call ends, thrown or not; results leave as fresh copies,
// read through a view taken after the call (memory may have grown).
import { module } from './runtime.js';
import { AttnscopeError } from './errors.js';

export function withHeap(fnName, body) {
  const M = module();
  const owned = [];
  const alloc = (bytes, what) => {
    const p = M._malloc(Math.max(bytes, 4)); // never 0: null means "absent" to the core
    if (!p) throw new AttnscopeError(`${fnName}: out of memory allocating ${bytes} bytes for ${what}`);
    owned.push(p);
    return p;
  };
  const heap = {
    M,
    /** Copies a typed array in; returns its address. */
    input(arr, what) {
      const p = alloc(arr.byteLength, what);
      M.HEAPU8.set(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), p);
      return p;
    },
    /** Room for n floats; returns its address. */
    output(n, what) {
      return alloc(n * 4, what);
    },
    /** A fresh Float32Array copy of n floats at p. */
    read(p, n) {
      return new Float32Array(M.HEAPF32.buffer, p, n).slice();
    },
  };
  try {
    return body(heap);
  } finally {
    for (const p of owned) M._free(p);
  }
}
