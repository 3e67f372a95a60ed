// The same workloads in three systems, each in its fastest single-thread wasm
// SIMD form and through its public API (inputs copied in, output read out):
//   attnscope                 attn.matmul / scaledDotProductAttention / flashAttention / transformerBlock
//   onnxruntime-web 1.30      an InferenceSession per workload (wasm EP, numThreads 1, SIMD build),
//                             graphs of standard ONNX ops written by onnx.js
//   tfjs-backend-wasm 4.22    tf.matMul; per head softmax((q·s) kᵀ + mask) v (SIMD, no threads)
//   xsimd reference           matmul only: the plain register-tile kernel of
//                             xsimd_reference.cpp (same Emscripten and flags as the
//                             core), inputs copied in and the output out as attnscope's
// No Node or page imports here: the caller passes the three libraries, so the
// Node run (systems.js) and the Chromium run (page.js) build the same systems.
// Each system is a function returning Promise<Float32Array>, so the caller can
// time and cross-check them alike.
import { model, node, Float } from './onnx.js';

/**
 * Sets both runtimes to one thread, SIMD (attnscope is made ready by the
 * caller, whose entry knows where its wasm lives); tfWasmDir: the folder of
 * tfjs-backend-wasm's .wasm files. Resolves to each system's version string.
 */
export async function initRuntimes({ attn, ort, tf, setWasmPaths, tfWasmDir }) {
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.simd = true;
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  setWasmPaths(tfWasmDir);
  await tf.setBackend('wasm');
  if (!tf.env().getBool('WASM_HAS_SIMD_SUPPORT')) throw new Error('tfjs: no wasm SIMD');
  return {
    attnscope: attn.backend(),
    ort: `onnxruntime-web ${ort.env.versions.web}`,
    tfjs: `tfjs-backend-wasm ${tf.version_core} (simd ${tf.env().getBool('WASM_HAS_SIMD_SUPPORT')}, threads ${tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT')})`,
  };
}

/**
 * C = A @ B by the xsimd reference module (an Emscripten module exporting
 * _xsimd_reference_matmul), with the copies a public API makes.
 */
export function referenceMatmul(ref, a, b, M, K, N) {
  const pa = ref._malloc(4 * M * K), pb = ref._malloc(4 * K * N), pc = ref._malloc(4 * M * N);
  try {
    ref.HEAPF32.set(a.data, pa / 4);
    ref.HEAPF32.set(b.data, pb / 4);
    ref._xsimd_reference_matmul(pc, pa, pb, M, K, N);
    return ref.HEAPF32.slice(pc / 4, pc / 4 + M * N);
  } finally {
    [pa, pb, pc].forEach((p) => ref._free(p));
  }
}

/** The workload builders, bound to the given libraries (ref: the xsimd reference module). */
export function workloads({ attn, ort, tf, ref }) {
  async function session(bytes) {
    return ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  }

  async function ortRun(sess, feeds) {
    const inputs = Object.fromEntries(Object.entries(feeds).map(([k, t]) => [k, new ort.Tensor('float32', t.data, t.shape)]));
    const out = await sess.run(inputs);
    const y = out[sess.outputNames[0]];
    const data = y.data.slice();
    Object.values(out).forEach((t) => t.dispose?.());
    return data;
  }

  function tfRun(fn, tensors) {
    const ins = tensors.map((t) => tf.tensor(t.data, t.shape, 'float32'));
    const y = tf.tidy(() => fn(...ins));
    const data = y.dataSync().slice();
    y.dispose();
    ins.forEach((t) => t.dispose());
    return data;
  }

  // A [N, N] additive causal mask (0 allowed, -inf above the diagonal).
  function causalMask(N) {
    const m = new Float32Array(N * N);
    for (let i = 0; i < N; i++) m.fill(-Infinity, i * N + i + 1, (i + 1) * N);
    return m;
  }

  async function matmulSystems({ M, K, N }, a, b) {
    const sess = await session(model({
      nodes: [node('MatMul', ['a', 'b'], ['y'])], inputs: [['a', [M, K]], ['b', [K, N]]], outputs: [['y', [M, N]]],
    }));
    return {
      attnscope: async () => attn.matmul(a, b).data,
      ort: () => ortRun(sess, { a, b }),
      tfjs: async () => tfRun((x, y) => tf.matMul(x, y), [a, b]),
      'xsimd reference': async () => referenceMatmul(ref, a, b, M, K, N),
    };
  }

  async function attentionSystems({ H, N, D, causal }, q, k, v) {
    const scale = 1 / Math.sqrt(D);
    const nodes = [
      node('Mul', ['q', 'scale'], ['qs']), node('Transpose', ['k'], ['kt'], { perm: [0, 2, 1] }),
      node('MatMul', ['qs', 'kt'], ['s0']),
      ...(causal ? [node('Add', ['s0', 'mask'], ['s'])] : []),
      node('Softmax', [causal ? 's' : 's0'], ['p'], { axis: -1 }), node('MatMul', ['p', 'v'], ['y']),
    ];
    const initializers = [['scale', new Float32Array([scale]), []], ...(causal ? [['mask', causalMask(N), [N, N]]] : [])];
    const sess = await session(model({
      nodes, initializers, inputs: [['q', [H, N, D]], ['k', [H, N, D]], ['v', [H, N, D]]], outputs: [['y', [H, N, D]]],
    }));
    const mask = causal ? tf.tensor(causalMask(N), [N, N]) : null;
    return {
      attnscope: async () => attn.scaledDotProductAttention(q, k, v, { isCausal: causal }).output.data,
      'attnscope flash': async () => attn.flashAttention(q, k, v, { isCausal: causal }).output.data,
      ort: () => ortRun(sess, { q, k, v }),
      // tfjs at its fastest form found here: per head, 2-D matMul against an
      // explicit transpose of k, q scaled first. Tried on H 8, N 512 (one
      // process, busy machine): batched matMul(q, k, false, true) 0.21 GFLOP/s,
      // batched against transpose(k) about the same, per-head slices with the
      // transposeB flag 0.6, this form 0.9 (tf.einsum has no wasm kernel).
      // Still far below its 2-D matMul of 256³, so at N 2048 one call would take
      // many seconds: the long cases leave it out.
      ...(N > 512 ? {} : { tfjs: async () => tfRun((Q, K, V) => {
        const [qs, ks, vs] = [Q, K, V].map((x) => tf.unstack(x));
        return tf.concat(qs.map((qh, h) => {
          let s = tf.matMul(tf.mul(qh, scale), tf.transpose(ks[h]));
          if (mask) s = tf.add(s, mask);
          return tf.matMul(tf.softmax(s), vs[h]);
        }), 0);
      }, [q, k, v]) }),
      dispose: () => mask?.dispose(),
    };
  }

  // Pre-LN block (LayerNorm with bias, exact GELU, not causal), the params of
  // scripts/bench/node/inputs.js: x + attn(LN1(x)); then + FFN(LN2(.)).
  async function blockSystems({ dModel: C, nHeads: H, dFF: F }, T, x, p) {
    const D = C / H, eps = 1e-5;
    const i64 = (a) => new BigInt64Array(a.map(BigInt));
    const init = [
      ['g1', p.norm1.weight.data, [C]], ['be1', p.norm1.bias.data, [C]],
      ['g2', p.norm2.weight.data, [C]], ['be2', p.norm2.bias.data, [C]],
      ...['wq', 'bq', 'wk', 'bk', 'wv', 'bv', 'wo', 'bo'].map((n) => [n, p.attn[n].data, p.attn[n].shape]),
      ...['w1', 'b1', 'w2', 'b2'].map((n) => [n, p.ffn[n].data, p.ffn[n].shape]),
      ['heads', i64([T, H, D]), [3]], ['flat', i64([T, C]), [2]],
      ['scale', new Float32Array([1 / Math.sqrt(D)]), []], ['rsqrt2', new Float32Array([Math.SQRT1_2]), []],
      ['one', new Float32Array([1]), []], ['half', new Float32Array([0.5]), []],
    ];
    const proj = (w, b, inp, out) => [node('MatMul', [inp, w], [`${out}_m`]), node('Add', [`${out}_m`, b], [out])];
    const nodes = [
      node('LayerNormalization', ['x', 'g1', 'be1'], ['h1'], { axis: -1, epsilon: new Float(eps) }),
      ...proj('wq', 'bq', 'h1', 'q'), ...proj('wk', 'bk', 'h1', 'k'), ...proj('wv', 'bv', 'h1', 'v'),
      node('Reshape', ['q', 'heads'], ['q3']), node('Transpose', ['q3'], ['qh'], { perm: [1, 0, 2] }),
      node('Reshape', ['k', 'heads'], ['k3']), node('Transpose', ['k3'], ['kt'], { perm: [1, 2, 0] }),
      node('Reshape', ['v', 'heads'], ['v3']), node('Transpose', ['v3'], ['vh'], { perm: [1, 0, 2] }),
      node('MatMul', ['qh', 'kt'], ['s0']), node('Mul', ['s0', 'scale'], ['s']),
      node('Softmax', ['s'], ['pr'], { axis: -1 }), node('MatMul', ['pr', 'vh'], ['o3']),
      node('Transpose', ['o3'], ['o4'], { perm: [1, 0, 2] }), node('Reshape', ['o4', 'flat'], ['o']),
      ...proj('wo', 'bo', 'o', 'a'), node('Add', ['x', 'a'], ['r1']),
      node('LayerNormalization', ['r1', 'g2', 'be2'], ['h2'], { axis: -1, epsilon: new Float(eps) }),
      ...proj('w1', 'b1', 'h2', 'f1'),
      node('Mul', ['f1', 'rsqrt2'], ['g0']), node('Erf', ['g0'], ['g1e']), node('Add', ['g1e', 'one'], ['g2e']),
      node('Mul', ['f1', 'g2e'], ['g3']), node('Mul', ['g3', 'half'], ['gelu']),
      ...proj('w2', 'b2', 'gelu', 'f2'), node('Add', ['r1', 'f2'], ['y']),
    ];
    const sess = await session(model({ nodes, initializers: init, inputs: [['x', [T, C]]], outputs: [['y', [T, C]]] }));
    const config = { nHeads: H, norm: 'layernorm', activation: 'gelu', prenorm: true, eps };
    // The weights stay in wasm memory between calls in both: onnxruntime's
    // session holds its initializers, attnscope its residentParameters.
    const resident = attn.residentParameters(p);
    return {
      attnscope: async () => attn.transformerBlock(x, resident, config).output.data,
      ort: () => ortRun(sess, { x }),
      dispose: () => resident.dispose(),
    };
  }
  return { matmulSystems, attentionSystems, blockSystems };
}
