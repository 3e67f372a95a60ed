// Development probe (not part of npm run bench): times attnscope alone.
//   node scripts/bench/compare/quick.js
import * as attn from '../../../web/lib/node.js';
import { randomTensor } from '../node/inputs.js';

await attn.ready({ backend: process.env.ATTNSCOPE_BACKEND ?? 'wasm-simd' });
function time(name, flops, fn) {
  const t = [];
  const w = performance.now();
  while (performance.now() - w < 200) fn();
  // CPU time of this process: less disturbed than wall time on a loaded machine.
  const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  for (let i = 0; i < 15; i++) { const s = cpu(); fn(); t.push(cpu() - s); }
  t.sort((a, b) => a - b);
  console.log(`${name}: ${(flops / t[7] / 1e6).toFixed(1)} GFLOP/s (best ${(flops / t[0] / 1e6).toFixed(1)})`);
}
for (const [M, K, N] of [[256, 256, 256], [64, 512, 2048], [512, 512, 512]]) {
  const a = randomTensor([M, K], 1), b = randomTensor([K, N], 2);
  time(`matmul ${M}x${K}x${N}`, 2 * M * K * N, () => attn.matmul(a, b));
}
for (const N of [512, 2048]) {
  const [q, k, v] = [3, 4, 5].map((s) => randomTensor([8, N, 64], s));
  for (const causal of [false, true]) {
    const f = 4 * 8 * 64 * (causal ? N * (N + 1) / 2 : N * N);
    time(`sdpa N ${N}${causal ? ' causal' : ''}`, f, () => attn.scaledDotProductAttention(q, k, v, { isCausal: causal }));
    time(`flash N ${N}${causal ? ' causal' : ''}`, f, () => attn.flashAttention(q, k, v, { isCausal: causal }));
  }
}
