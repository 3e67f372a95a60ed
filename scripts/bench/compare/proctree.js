// CPU seconds used by a process and all its descendants, from /proc: the
// Chromium run's own load is this Node process plus the browser it started
// (browser, zygote, renderer, utility processes), so load.js can tell it
// apart from other work on the machine. Linux only, like load.js.
import { readdirSync, readFileSync } from 'node:fs';

const HZ = 100;  // USER_HZ: /proc/<pid>/stat counts in 1/100 s

// { pid, ppid, seconds } of one process, or null if it has gone.
function stat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');  // fields from 3 (state) on; comm may hold spaces
    return { pid, ppid: Number(f[1]), seconds: (Number(f[11]) + Number(f[12])) / HZ };  // utime, stime
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of `root` and every live descendant. */
export function treeSeconds(root = process.pid) {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).map(stat).filter(Boolean);
  const children = new Map();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  let total = 0;
  const stack = [all.find((p) => p.pid === root)].filter(Boolean);
  while (stack.length) {
    const p = stack.pop();
    total += p.seconds;
    stack.push(...(children.get(p.pid) ?? []));
  }
  return total;
}
