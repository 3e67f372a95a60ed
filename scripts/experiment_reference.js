// Writes the reference run of an experiment that the pages show beside the
// live run and the tests check:
//   node scripts/experiment_reference.js in-context-regression
// → web/experiments/reference/in-context-regression.json, with the command,
// the options (seed included) and the time it took on this machine.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import '../web/lib/node.js'; // the wasm loader (experiments that train with the core)
import { EXPERIMENTS } from '../web/experiments/registry.js';

const name = process.argv[2];
if (!EXPERIMENTS[name]) {
  console.error(`usage: node scripts/experiment_reference.js <${Object.keys(EXPERIMENTS).join('|')}>`);
  process.exit(2);
}
const started = Date.now();
const data = await EXPERIMENTS[name]({}, {
  onProgress: (e) => process.stderr.write(`\r${name}: step ${e.step}/${e.steps}`),
});
const seconds = (Date.now() - started) / 1000;
process.stderr.write(`\n${name}: ${seconds.toFixed(1)} s\n`);
const reference = {
  experiment: name,
  command: `node scripts/experiment_reference.js ${name}`,
  options: data.options,
  madeOn: { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', seconds },
  data,
};
const file = new URL(`../web/experiments/reference/${name}.json`, import.meta.url);
writeFileSync(file, `${JSON.stringify(reference)}\n`); // full float64: the tests compare bit for bit
console.log(`wrote ${file.pathname}`);
