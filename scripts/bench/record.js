// `--json [file]`: a bench script writes its run as a docs/bench/*.json file
// in the format docs/BENCHMARKS.md "Recording a run" describes, so no figure
// is copied into the docs by hand. The machine fields come from /proc/cpuinfo
// (machine.js), the date and time from the clock, the rest from the script.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cpuInfo } from './machine.js';
import { checkRun } from '../docs/runs.js';

const DOCS_BENCH = fileURLToPath(new URL('../../docs/bench/', import.meta.url));

/**
 * The path given after `--json` in argv (or docs/bench/<date>-<group>.json
 * when `--json` comes last or is followed by another flag); null without it.
 */
export function jsonTarget(argv, group, date = new Date()) {
  const at = argv.indexOf('--json');
  if (at < 0) return null;
  const next = argv[at + 1];
  return next && !next.startsWith('--') ? next : `${DOCS_BENCH}${date.toISOString().slice(0, 10)}-${group}.json`;
}

/** The run's machine: CPU model, kind (by vendor), CPU count. */
export function machine() {
  const { name, vendor, family, model } = cpuInfo();
  const kind = /AMD/i.test(vendor) ? 'amd' : /Intel/i.test(vendor) ? 'intel' : /arm|aarch/i.test(name) ? 'arm' : 'unknown';
  return {
    cpu: name, kind, cpus: cpus().length, cpuid: vendor ? `${vendor} family ${family} model ${model}` : undefined,
    cpuSource: '/proc/cpuinfo, read by the bench script',
  };
}

const hhmm = (d) => d.toISOString().slice(11, 16);

/** Starts a run: call .finish(fields) at the end to get the run object. */
export function startRun() {
  const t0 = new Date(), load0 = loadavg()[0];
  return {
    t0,
    finish(fields) {
      const t1 = new Date();
      return {
        group: fields.group,
        title: fields.title,
        date: t0.toISOString().slice(0, 10),
        time: `${hhmm(t0)}–${hhmm(t1)} UTC`,
        machine: machine(),
        ...fields,
        conditions: `${fields.conditions ? `${fields.conditions}; ` : ''}load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (2 cores)`,
      };
    },
  };
}

/** Checks the run as docs-figures.js will and writes it to `file`. */
export function writeRun(file, run) {
  checkRun(run, file);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  console.error(`recorded ${file}`);
}

/** [median, min, max] of xs, rounded to `digits`. */
export function spreadCell(xs, digits) {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  const med = s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  const r = (x) => Number(x.toFixed(digits));
  return [r(med), r(s[0]), r(s.at(-1))];
}
