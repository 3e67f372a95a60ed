// The line every table of `npm run bench` carries: which CPU (its model name,
// and the vendor, family and model numbers that tell an AMD EPYC VM's Zen
// generation or an Intel Xeon's core apart when the name does not) and which
// engine ran it. Results differ by CPU kind: docs/BENCHMARKS.md keeps them per kind.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The CPU's model name, vendor, family and model numbers (Linux; else the name alone). */
export function cpuInfo() {
  let info = '';
  try {
    info = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    // not Linux: the model name alone
  }
  const field = (k) => info.match(new RegExp(`^${k}\\s*:\\s*(.*)$`, 'm'))?.[1]?.trim();
  return {
    name: field('model name') ?? cpus()[0]?.model ?? '?',
    vendor: field('vendor_id') ?? '',
    family: field('cpu family'),
    model: field('model'),
  };
}

export function cpuModel() {
  const { name, vendor, family, model } = cpuInfo();
  const numbers = vendor ? ` (${vendor}, family ${family}, model ${model})` : '';
  return `${name}${numbers}, ${cpus().length} CPUs`;
}

/** This Node and its V8. */
export function nodeEngine() {
  return `Node ${process.version} (V8 ${process.versions.v8})`;
}

/** "Chromium 156.0.0.0 headless" from a user agent string. */
export function chromiumEngine(userAgent) {
  return `Chromium ${userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?'}${/Headless/.test(userAgent) ? ' headless' : ''}`;
}

/** The caption line above a table: "CPU: …; engine: …" (engines: a string or a list). */
export function caption(engines) {
  return `*CPU: ${cpuModel()}; engine: ${[engines].flat().join(', ')}.*\n`;
}
