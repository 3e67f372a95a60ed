// `npm run experiments`: the slow claims of the experiments, checked by
// running them (too slow for the test suite on a shared machine). Each file
// in scripts/experiment-checks/ exports `checks`: [{ name, run() → {ok, lines} }].
// Prints each result with its CPU and wall time; exits 1 when one fails.
//   node scripts/experiment_checks.js [name-filter]
import { readdirSync } from 'node:fs';
import '../web/lib/node.js';

const filter = process.argv[2] ?? '';
const dir = new URL('./experiment-checks/', import.meta.url);
let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.js')).sort()) {
  const { checks } = await import(new URL(file, dir));
  for (const check of checks.filter((c) => c.name.includes(filter))) {
    const wall = Date.now(), cpu = process.cpuUsage();
    const { ok, lines } = await check.run();
    const used = process.cpuUsage(cpu);
    const seconds = `${((Date.now() - wall) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU`;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${check.name} (${seconds})`);
    for (const line of lines) console.log(`     ${line}`);
    if (!ok) failed++;
  }
}
if (failed) { console.log(`${failed} check(s) failed`); process.exit(1); }
