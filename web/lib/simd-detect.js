// A 1-function wasm module whose body uses v128 (i32.const 0; i32x4.splat;
// drop); WebAssembly.validate accepts it only where SIMD is supported.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x0a, 0x09, 0x01, 0x07, 0x00, // code section: one 7-byte body, no locals
  0x41, 0x00, 0xfd, 0x11, 0x1a, 0x0b, // i32.const 0; i32x4.splat; drop; end
]);

let cached = null;
export function wasmSimdSupported() {
  if (cached === null) {
    cached = typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  }
  return cached;
}
