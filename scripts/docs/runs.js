// The recorded benchmark runs: one JSON file per run in docs/bench/, the only
// place a benchmark figure is written down. The docs quote them through
// scripts/docs-figures.js (docs/BENCHMARKS.md "Recording a run" gives the
// format). A run is current for its group and CPU kind until a later run of
// the same group on the same CPU kind is recorded.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const RUNS_DIR = fileURLToPath(new URL('../../docs/bench/', import.meta.url));

const REQUIRED = ['group', 'title', 'date', 'machine', 'command', 'conditions', 'clock', 'tables'];
const CPU_KINDS = ['intel', 'amd', 'arm', 'unknown'];

/** Throws an Error naming the file and the field when a run is malformed. */
export function checkRun(run, file) {
  const fail = (what) => { throw new Error(`${file}: ${what}`); };
  for (const key of REQUIRED) if (run[key] === undefined) fail(`missing "${key}"`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(run.date)) fail(`date "${run.date}" is not YYYY-MM-DD`);
  const { cpu, kind, cpus } = run.machine;
  if (typeof cpu !== 'string' || !cpu) fail('machine.cpu must name the CPU model (or say "not recorded")');
  if (!CPU_KINDS.includes(kind)) fail(`machine.kind must be one of ${CPU_KINDS.join(', ')}`);
  if (!Number.isInteger(cpus)) fail('machine.cpus must be the number of CPUs');
  for (const [i, t] of run.tables.entries()) {
    if (!t.id || !Array.isArray(t.columns) || !Array.isArray(t.rows)) fail(`tables[${i}] needs id, columns and rows`);
    for (const [r, row] of t.rows.entries()) {
      if (row.length !== t.columns.length) fail(`tables[${i}] (${t.id}) row ${r} has ${row.length} cells for ${t.columns.length} columns`);
    }
  }
  return run;
}

/** Every run in `dir`, each with its file name as `file`, oldest first. */
export async function loadRuns(dir = RUNS_DIR) {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const runs = await Promise.all(files.map(async (file) => {
    const run = JSON.parse(await readFile(`${dir}/${file}`, 'utf8'));
    return { ...checkRun(run, file), file };
  }));
  return runs.sort((a, b) => a.date.localeCompare(b.date) || a.file.localeCompare(b.file));
}

/** The latest run of `group` (on CPU kind `kind` when given); throws when there is none. */
export function latest(runs, group, kind) {
  const found = runs.filter((r) => r.group === group && (!kind || r.machine.kind === kind));
  if (!found.length) throw new Error(`no recorded run of group "${group}"${kind ? ` on ${kind}` : ''} in docs/bench/`);
  return found.at(-1);
}

/** The latest run of `group` for each CPU kind it was run on, in the order intel, amd, arm, unknown. */
export function latestPerKind(runs, group) {
  return CPU_KINDS.map((kind) => runs.filter((r) => r.group === group && r.machine.kind === kind).at(-1)).filter(Boolean);
}

/** The table `id` of `run`; throws when it has none. */
export function tableOf(run, id) {
  const t = run.tables.find((x) => x.id === id);
  if (!t) throw new Error(`${run.file}: no table "${id}"`);
  return t;
}

/** A row's label: its text cells joined ("15m fp32"). */
export const rowLabel = (row) => row.filter((c) => typeof c === 'string').join(' ');

/** The cells of column `key` in the rows whose label matches `rowPattern`, as {label, cell}. */
export function column(table, key, rowPattern = /./) {
  const at = table.columns.findIndex((c) => c.key === key);
  if (at < 0) throw new Error(`table "${table.id}" has no column "${key}"`);
  const rows = table.rows.filter((row) => rowPattern.test(rowLabel(row)));
  if (!rows.length) throw new Error(`table "${table.id}": no row matches ${rowPattern}`);
  return rows.map((row) => ({ label: row[0], cell: row[at] }));
}

/** The median of a cell: the number itself, or the first of [median, min, max] / [best, median]. */
export const centre = (cell) => (Array.isArray(cell) ? cell[0] : cell);
