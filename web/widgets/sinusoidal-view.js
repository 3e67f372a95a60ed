// Tables of <attn-sinusoidal>: the per-pair frequencies, the norms for many
// D and the blocks of A(k). Presentation only: every value comes in computed.
import { el } from './dom.js';
import { formatExact } from './format.js';

const sig = (v, p = 5) => String(Number(v.toPrecision(p))).replace('-', '−');

/** A <table> from a header row and body rows of strings; `cls` names columns for tests. */
export function table(header, rows, cls = []) {
  const t = el('table');
  const head = el('tr');
  header.forEach((h) => head.append(el('th', null, h)));
  t.append(head);
  for (const row of rows) {
    const tr = el('tr');
    row.forEach((v, j) => {
      const td = el('td', cls[j], typeof v === 'number' ? sig(v) : v);
      if (typeof v === 'number') td.dataset.value = String(v);
      tr.append(td);
    });
    t.append(tr);
  }
  const wrap = el('div', 'scroll');
  wrap.append(t);
  return wrap;
}

/** Rows of the frequency table: pair, dims, divisor, ω, wavelength. */
export const pairRows = (pairs) => pairs.map((p) => [String(p.pair), `${p.dims[0]}, ${p.dims[1]}`, p.divisor, p.omega, p.wavelength]);

/** Rows of the A(k) table: pair, cos kω, sin kω (read from A). */
export function shiftRows(A, D) {
  const rows = [];
  for (let i = 0; 2 * i + 1 < D; i++) {
    const a = 2 * i;
    rows.push([String(i), A.data[a * D + a], A.data[a * D + a + 1]]);
  }
  return rows;
}

export { formatExact, sig };
