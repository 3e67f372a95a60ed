// Byte counts for reading: binary units (KiB = 1024 bytes) with 3 significant
// digits, and the exact count with thousands separators. Presentation only.

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** 16777216 -> '16 MiB'; 1536 -> '1.5 KiB'; 100 -> '100 bytes'. */
export function formatBytes(n) {
  let v = n, u = 0;
  while (Math.abs(v) >= 1024 && u < UNITS.length - 1) { v /= 1024; u++; }
  return `${u === 0 ? String(v) : String(Number(v.toPrecision(3)))} ${UNITS[u]}`;
}

/** 16777216 -> '16,777,216' (the exact count). */
export const formatCount = (n) => n.toLocaleString('en-US');
