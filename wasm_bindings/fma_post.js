// --post-js of the single-thread SIMD build (CMakeLists.txt), inside the glue:
// attachFmaKernels(bytes) instantiates attnscope-fma.wasm (the gemm block
// loop with fused multiply-adds, cpp/src/relaxed/, built by clang-16) on this
// module's memory, gives it a stack of its own in this module's heap, puts
// its function in this module's table and hands the index to the core, whose
// products then run on it. Rejects where the engine has no relaxed SIMD
// (a CompileError) or the core refuses it; the core is unchanged then.
Module['attachFmaKernels'] = function (bytes) {
  var STACK_BYTES = 16384;
  return WebAssembly.instantiate(bytes, { env: { memory: wasmMemory } }).then(function (result) {
    var fma = result.instance.exports;
    var stack = Module['_malloc'](STACK_BYTES);
    if (!stack) throw new Error('out of memory for the fused kernel\'s stack');
    // 16-byte aligned, as clang assumes (it addresses a spilled v128's lanes with `or`).
    fma['__stack_pointer'].value = (stack + STACK_BYTES) & ~15;
    var index = wasmTable.length;
    wasmTable.grow(1);
    wasmTable.set(index, fma['gemm_block']);
    if (!Module['useGemmBlockKernel'](index)) throw new Error('the core refused the fused gemm kernel');
  });
};
