// Where PyTorch can find OpenBLAS without installing it
// (docs/CONTRIBUTING.md, "Toolchain facts"):
// OPENBLAS_DIR, or build/openblas filled by `apt-get download
// libopenblas0-pthread` + `dpkg-deb -x`; null when neither works (Debian's
// torch then runs on the reference BLAS it links).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function openblasDir() {
  const sub = 'usr/lib/x86_64-linux-gnu/openblas-pthread';
  if (process.env.OPENBLAS_DIR) return process.env.OPENBLAS_DIR;
  const root = 'build/openblas';
  if (!existsSync(join(root, sub))) {
    mkdirSync(root, { recursive: true });
    const dl = spawnSync('apt-get', ['download', 'libopenblas0-pthread'], { cwd: root, encoding: 'utf8' });
    const deb = readdirSync(root).find((f) => f.endsWith('.deb'));
    if (dl.status !== 0 && !deb) return null;
    if (spawnSync('dpkg-deb', ['-x', join(root, deb), root]).status !== 0) return null;
  }
  return existsSync(join(root, sub)) ? join(root, sub) : null;
}

// The environment that makes torch load it with one thread.
export function openblasEnv(dir) {
  return dir ? { LD_LIBRARY_PATH: dir, OPENBLAS_NUM_THREADS: '1' } : {};
}
