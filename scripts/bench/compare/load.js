// How busy the machine's other work keeps its cores: busy CPU time from
// /proc/stat minus this run's own (by default process.cpuUsage), per second of wall
// time, in cores. waitForQuiet() polls until that falls below a threshold.
import { readFileSync } from 'node:fs';

const HZ = 100;  // USER_HZ: /proc/stat counts in 1/100 s

function busySeconds() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = f;
  return (user + nice + system + irq + softirq + steal) / HZ;  // idle and iowait are not busy
}

// CPU seconds this process has used (the default `own` below).
function processSeconds() {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
}

/**
 * start() -> stop() -> { others: cores busy with other work, own: cores this
 * process used }. ownSeconds: the CPU seconds counted as this run's own (the
 * Chromium run passes this process plus its browser's, proctree.js).
 */
export function loadMeter({ ownSeconds = processSeconds } = {}) {
  const b0 = busySeconds(), c0 = ownSeconds(), t0 = performance.now();
  return () => {
    const wall = (performance.now() - t0) / 1000;
    const own = ownSeconds() - c0;
    const others = Math.max(0, busySeconds() - b0 - own) / wall;
    return { others, own: own / wall, wall };
  };
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Waits (up to maxMs) for a second in which other work used under `cores`; returns the last reading. */
export async function waitForQuiet({ cores = 0.3, maxMs = 60000, ownSeconds } = {}) {
  const t0 = performance.now();
  let last;
  do {
    const stop = loadMeter({ ownSeconds });
    await sleep(1000);
    last = stop();
  } while (last.others > cores && performance.now() - t0 < maxMs);
  return { others: last.others, waitedMs: Math.round(performance.now() - t0) };
}

/** "0.01–0.03" for the other work's cores over a run's readings; one figure when they agree. */
export function othersSpan(readings, digits = 2) {
  const lo = Math.min(...readings).toFixed(digits), hi = Math.max(...readings).toFixed(digits);
  return lo === hi ? lo : `${lo}–${hi}`;
}
