// The GPT-2 benchmark's cross-check: both systems against PyTorch's float64
// forward (make_gpt2.py's reference.json and reference_logits.npy) before
// anything is timed. A system whose logits differ by 1e-3 of their range,
// or whose greedy tokens differ, stops the benchmark.
import { readFileSync } from 'node:fs';

const LIMIT = 1e-3;

/** A little-endian float32 .npy: { data, shape }. */
export function readNpy(path) {
  const bytes = readFileSync(path);
  const headerLength = bytes.readUInt16LE(8);
  const header = bytes.subarray(10, 10 + headerLength).toString('latin1');
  if (!header.includes("'descr': '<f4'")) throw new Error(`${path}: not little-endian float32 (${header})`);
  const shape = header.match(/'shape': \(([^)]*)\)/)[1].split(',').filter((s) => s.trim()).map(Number);
  const start = 10 + headerLength;
  const data = new Float32Array(bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + bytes.length));
  return { data, shape };
}

/** reference.json plus the logits rows [after the prompt, after each greedy token]. */
export function readReference(dir) {
  const ref = JSON.parse(readFileSync(`${dir}/reference.json`, 'utf8'));
  const { data, shape } = readNpy(`${dir}/reference_logits.npy`);
  const V = shape[1];
  ref.rows = Array.from({ length: shape[0] }, (_, r) => data.subarray(r * V, (r + 1) * V));
  return ref;
}

/** max |a − b| / max |b|. */
export function relError(a, b) {
  let d = 0, m = 0;
  for (let i = 0; i < b.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    m = Math.max(m, Math.abs(b[i]));
  }
  return a.length === b.length ? d / m : Infinity;
}

const worst = (rows, want) => Math.max(...rows.map((r, k) => relError(r, want[k])));

/** Checks attnscope (a) and onnxruntime-web (o); returns the lines to print, throws on a mismatch. */
export async function crossCheck(a, o, ref) {
  const { prompt, greedy, rows } = ref;
  const n = greedy.length;
  const problems = [];
  const prefill = { attnscope: relError(await a.prefill(prompt), rows[0]), ort: relError(await o.prefill(prompt), rows[0]) };
  const all = await a.logitsRows([...prompt, ...greedy]);
  const V = all.shape[1];
  const aRows = Array.from({ length: n + 1 }, (_, k) => all.data.subarray((prompt.length - 1 + k) * V, (prompt.length + k) * V));
  const decode = { attnscope: worst(aRows, rows), ort: worst(await o.decodeRows(prompt, greedy), rows) };
  for (const [what, errors] of Object.entries({ prefill, decode })) {
    for (const [name, e] of Object.entries(errors)) if (!(e < LIMIT)) problems.push(`${name} ${what}: relative difference ${e} to PyTorch`);
  }
  const gens = { attnscope: (await a.generate(prompt, n - 1)).ids, ort: (await o.generate(prompt, n - 1)).ids };
  for (const [name, ids] of Object.entries(gens)) {
    if (ids.join() !== greedy.join()) problems.push(`${name} greedy tokens ${ids.join(',')} differ from PyTorch's ${greedy.join(',')}`);
  }
  if (problems.length) throw new Error(`bench gpt2: outputs differ:\n${problems.join('\n')}`);
  const e = (x) => x.toExponential(1);
  return [
    `Cross-check against PyTorch float64 (max |Δlogit| ÷ max |logit|): prefill attnscope ${e(prefill.attnscope)}, onnxruntime-web ${e(prefill.ort)}; the ${n + 1} rows after the prompt and each of ${n} greedy tokens attnscope ${e(decode.attnscope)}, onnxruntime-web ${e(decode.ort)} (decode graph); both generated PyTorch's ${n} greedy tokens (smallest top-2 logit margin ${ref.min_top2_margin.toFixed(3)}).`,
  ];
}
