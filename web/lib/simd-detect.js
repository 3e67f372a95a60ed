// Feature tests by validation, never by user agent: tiny wasm modules that
// WebAssembly.validate accepts only where the engine has the feature.

// One function whose body uses v128 (i32.const 0; i32x4.splat; drop).
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x0a, 0x09, 0x01, 0x07, 0x00, // code section: one 7-byte body, no locals
  0x41, 0x00, 0xfd, 0x11, 0x1a, 0x0b, // i32.const 0; i32x4.splat; drop; end
]);

// Relaxed SIMD: three splats into f32x4.relaxed_madd with its final opcode
// (fd 85 02; engines that knew only the pre-standard fd af 01 refuse it).
const RELAXED_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00,
  0x03, 0x02, 0x01, 0x00,
  0x0a, 0x14, 0x01, 0x12, 0x00, // one 18-byte body, no locals
  0x41, 0x00, 0xfd, 0x11, 0x41, 0x00, 0xfd, 0x11, 0x41, 0x00, 0xfd, 0x11, // three i32x4.splat of 0
  0xfd, 0x85, 0x02, 0x1a, 0x0b, // f32x4.relaxed_madd; drop; end
]);

const cached = {};
function validates(name, bytes) {
  if (!(name in cached)) cached[name] = typeof WebAssembly === 'object' && WebAssembly.validate(bytes);
  return cached[name];
}

export function wasmSimdSupported() {
  return validates('simd', SIMD_PROBE);
}

/** Whether the engine runs relaxed SIMD (f32x4.relaxed_madd): the fused multiply-add kernels. */
export function wasmRelaxedSimdSupported() {
  return wasmSimdSupported() && validates('relaxed', RELAXED_PROBE);
}
