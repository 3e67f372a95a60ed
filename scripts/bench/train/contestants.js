// The trainers gain.js interleaves, each with `step()` -> Promise<{ ms, cpu, loss }>
// (wall and CPU milliseconds of the step: on a shared machine the CPU time is
// what the code costs, the wall time adds whatever else the cores ran)
// on the same model (chars, seed 1 for attnscope) and batch (timing.js's):
// a wasm build loaded in this process, or a step server in another process
// (train_bench.cpp and torch_train.py with `serve`: one step per line).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

// A wasm build (Emscripten glue with its .wasm beside it) through the Embind
// handles (ModelHandle.createTrainable, TrainerHandle). Builds whose
// createTrainable takes the TrainConfig value object (they export
// trainFamilyConfig) and the older ones with positional arguments both load,
// so builds from any commit since the training core landed compare.
// `path+fma`: the SIMD build with attnscope-fma.wasm (beside it) attached,
// as the 'wasm-simd-fma' backend runs (needs relaxed SIMD: Node 20 with
// --experimental-wasm-relaxed-simd).
export async function wasmTrainer(path, shape) {
  const { dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, batch: B, tokens: T } = shape;
  const fma = path.endsWith('+fma');
  const file = resolve(fma ? path.slice(0, -4) : path);
  const wasmBinary = readFileSync(file.replace(/\.js$/, '.wasm'));
  const { default: create } = await import(pathToFileURL(file).href);
  const M = await create({ wasmBinary });
  if (fma) await M.attachFmaKernels(readFileSync(file.replace(/[^/]*$/, 'attnscope-fma.wasm')));
  const h = new M.ModelHandle();
  // llama, shared classifier, rope, rmsnorm, pre-LN, swiglu, no bias (the codes of model/config.h).
  const structs = typeof M.trainFamilyConfig === 'function';
  let s = structs
    ? h.createTrainable({ ...M.trainFamilyConfig(0), dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen }, 1)
    : h.createTrainable(0, dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, true, 0, 0, true, 0, false, 1);
  if (s !== 0) throw new Error(`${path}: createTrainable: ${h.error()}`);
  const t = new M.TrainerHandle();
  s = structs
    ? t.create(h, { ...M.adamwDefaults(), learningRate: shape.learningRate, clipGradNorm: shape.clipGradNorm })
    : t.create(h, shape.learningRate, 0.9, 0.999, 1e-8, 0.01, shape.clipGradNorm, 0, -1, 0);
  if (s !== 0) throw new Error(`${path}: TrainerHandle.create: ${t.error()}`);
  const PASS = { microBatches: 1, train: false, step: 0 }; // PassOptions: the whole batch (the trainer sets train, step)
  const x = M._malloc(4 * B * T), y = M._malloc(4 * B * T);
  for (let i = 0; i < B * T; i++) {
    M.HEAP32[x / 4 + i] = (7 * i + 3) % vocabSize;
    M.HEAP32[y / 4 + i] = (7 * (i + 1) + 3) % vocabSize;
  }
  return {
    name: path,
    sameInit: true,
    async step() {
      const c0 = process.cpuUsage(), t0 = performance.now();
      if ((structs ? t.step(x, y, B, T, PASS) : t.step(x, y, B, T)) !== 0) throw new Error(`${path}: step: ${t.error()}`);
      const ms = performance.now() - t0, c = process.cpuUsage(c0);
      const r = t.result();
      return { ms, cpu: (c.user + c.system) / 1000, loss: r.loss, gradNorm: r.gradNorm };
    },
    close() {},
  };
}

// A step server: prints one JSON line when ready, then answers each line of
// stdin with one step's { ms, cpu, loss } (timed inside the server).
export async function serverTrainer(name, cmd, args, env = {}, sameInit = false) {
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`${name}: the step server ended`);
    return JSON.parse(value);
  };
  const ready = await next();
  return {
    name: ready.torch ? `${name} ${ready.torch}` : name,
    sameInit,
    async step() {
      child.stdin.write('step\n');
      return next();
    },
    close() { child.stdin.end(); },
  };
}
