// Recorded runs (runs.js) as Markdown: a cell, a table, the line that says
// where and when a run was made, and a group's current results per CPU kind.
import { latestPerKind, tableOf } from './runs.js';

/** A number with a column's digits: a count, or 'tok' (whole above 1000, else one decimal). */
function fixed(x, digits) {
  if (digits === 'tok') return x >= 1000 ? x.toFixed(0) : x.toFixed(1);
  return x.toFixed(digits ?? 0);
}

/**
 * One cell: null → "—"; a string as it is; a number with the column's
 * digits and unit; [median, min, max] → "m (min–max)"; [best, median] →
 * "best (median)". `column` may give digits, rangeDigits, pairDigits, unit.
 */
export function formatCell(cell, column = {}) {
  const { digits, unit = '' } = column;
  if (cell === null) return '—';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return `${fixed(cell, digits)}${unit}`;
  if (cell.length === 3) {
    const rd = column.rangeDigits ?? digits;
    return `${fixed(cell[0], digits)}${unit} (${fixed(cell[1], rd)}–${fixed(cell[2], rd)})`;
  }
  return `${fixed(cell[0], digits)}${unit} (${fixed(cell[1], column.pairDigits ?? digits)})`;
}

/** A recorded table as a Markdown table (numbers right-aligned). */
export function markdownTable(table) {
  const numeric = table.columns.map((_, i) => table.rows.some((row) => typeof row[i] === 'number' || Array.isArray(row[i])));
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(table.columns.map((c) => c.label)),
    line(numeric.map((n) => (n ? '---:' : '---'))),
    ...table.rows.map((row) => line(row.map((cell, i) => formatCell(cell, table.columns[i]).replace(/\|/g, '\\|')))),
  ].join('\n');
}

/** "2026-11-26, 2-core Intel Xeon" (or "CPU not recorded"). */
export function machineLabel(run) {
  const { cpu, cpus } = run.machine;
  return cpu === 'not recorded' ? `${run.date}, CPU not recorded` : `${run.date}, ${cpus}-core ${cpu}`;
}

/** One label for several runs: shared when they agree, else each with its title. */
export function runsLabel(runs) {
  const labels = [...new Set(runs.map(machineLabel))];
  return labels.length === 1 ? labels[0] : runs.map((r) => `${r.title}: ${machineLabel(r)}`).join('; ');
}

/** The paragraph that says where, when and how a run was made. */
export function runHeader(run) {
  const parts = [
    `Recorded ${run.date}${run.time ? ` (${run.time})` : ''} on a ${run.machine.cpus}-core ${run.machine.cpu === 'not recorded' ? 'machine (CPU model not recorded)' : run.machine.cpu}`,
    run.software,
    run.conditions,
  ].filter(Boolean);
  const code = run.code ? `; code: ${run.code}` : '';
  const lines = [`${parts.join('; ')}. Clock: ${run.clock}. Command: \`${run.command}\`${code}. Data: \`docs/bench/${run.file}\`.`];
  if (run.caveat) lines.push('', run.caveat);
  return lines.join('\n');
}

/** A named value of a run ({label, value, digits, unit, sign}) as text: "+0.00011 nats/char". */
export function formatValue(v) {
  return `${v.sign && v.value > 0 ? '+' : ''}${v.value.toFixed(v.digits ?? 0)}${v.unit ?? ''}`;
}

const bullets = (notes) => (notes?.length ? notes.map((n) => `- ${n}`).join('\n') : '');

/** A table with its caption line and its notes. */
function tableBlock(table) {
  const caption = table.unit ? `${table.unit[0].toUpperCase()}${table.unit.slice(1)}:` : '';
  return [caption, markdownTable(table), bullets(table.notes)].filter(Boolean).join('\n\n');
}

/** Where a group has runs on several CPU kinds: its `compare` column side by side. */
function kindsTable(runs, tableId) {
  const tables = runs.map((r) => tableOf(r, tableId));
  const key = tables[0].compare;
  if (!key) return '';
  const labels = [...new Set(tables.flatMap((t) => t.rows.map((row) => row[0])))];
  const col = tables[0].columns.find((c) => c.key === key);
  const header = `| ${tables[0].columns[0].label} | ${runs.map((r) => `${r.machine.cpu} (${r.date})`).join(' | ')} |`;
  const rows = labels.map((label) => `| ${label} | ${tables.map((t) => {
    const row = t.rows.find((x) => x[0] === label);
    return row ? formatCell(row[t.columns.findIndex((c) => c.key === key)], col) : '—';
  }).join(' | ')} |`);
  return [`${col.label}, by CPU kind:`, '', header, `| --- | ${runs.map(() => '---:').join(' | ')} |`, ...rows].join('\n');
}

/**
 * A group's current results: for each CPU kind its latest run (header,
 * tables with their notes, the run's notes); with more than one kind, first
 * the compared column side by side. `tableIds` picks tables (default: all).
 */
export function groupResults(allRuns, group, tableIds) {
  const runs = latestPerKind(allRuns, group);
  if (!runs.length) throw new Error(`no recorded run of group "${group}" in docs/bench/`);
  const ids = tableIds ?? runs[0].tables.map((t) => t.id);
  const out = [];
  if (runs.length > 1) for (const id of ids) out.push(kindsTable(runs, id));
  for (const run of runs) {
    if (runs.length > 1) out.push(`**${run.machine.cpu}**`);
    out.push(runHeader(run));
    for (const id of ids) out.push(tableBlock(tableOf(run, id)));
    const values = tableIds ? [] : Object.values(run.values ?? {}).map((v) => `${v.label}: ${formatValue(v)}`);
    out.push(bullets([...values, ...(run.notes ?? [])]));
  }
  return out.filter(Boolean).join('\n\n');
}
