// Makes a browser screenshot (8-bit RGB or RGBA PNG) a small indexed PNG:
// at most 256 colours chosen by median cut (exact when the picture has no
// more), each pixel mapped to the nearest. Deterministic, so the same
// screenshot always gives the same bytes. Used for the widget pictures in
// docs/images/widgets/ (a third of the size of the browser's PNG).
import { deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** { width, height, rgba } of a non-interlaced 8-bit RGB, RGBA or indexed PNG. */
export function decodePng(bytes) {
  if (!SIGNATURE.equals(bytes.subarray(0, 8))) throw new Error('not a PNG');
  let width = 0, height = 0, colorType = 0, plte = null, trns = null;
  const idat = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4); colorType = data[9];
      if (data[8] !== 8 || ![2, 3, 6].includes(colorType) || data[12] !== 0) throw new Error('only 8-bit RGB, RGBA or indexed, not interlaced');
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'PLTE') plte = data;
    else if (type === 'tRNS') trns = data;
    at += 12 + length;
  }
  const channels = { 2: 3, 3: 1, 6: 4 }[colorType];
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      out[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: out };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; j < rgba.length; i += channels, j += 4) {
    if (channels === 3) rgba.set(out.subarray(i, i + 3), j);
    else rgba.set(plte.subarray(3 * out[i], 3 * out[i] + 3), j);
    rgba[j + 3] = channels === 1 && trns && out[i] < trns.length ? trns[out[i]] : 255;
  }
  return { width, height, rgba };
}

/** Up to `size` colours (RGBA as numbers) for the pixels, by median cut over their distinct colours weighted by count. */
function palette(rgba, size) {
  const counts = new Map();
  for (let i = 0; i < rgba.length; i += 4) {
    const key = ((rgba[i] << 24) | (rgba[i + 1] << 16) | (rgba[i + 2] << 8) | rgba[i + 3]) >>> 0;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const colours = [...counts].sort((p, q) => p[0] - q[0]); // a fixed order: deterministic cuts
  if (colours.length <= size) return colours.map(([key]) => key);
  const channel = (key, c) => (key >>> (24 - 8 * c)) & 0xff;
  // A box: its colours, and the channel with the widest range weighted by its pixels (the one to cut).
  const box = (list) => {
    const weight = list.reduce((sum, [, n]) => sum + n, 0);
    let score = 0, cut = 0;
    for (let c = 0; c < 4 && list.length > 1; c++) {
      let lo = 255, hi = 0;
      for (const [key] of list) { const v = channel(key, c); if (v < lo) lo = v; if (v > hi) hi = v; }
      if ((hi - lo) * Math.sqrt(weight) > score) { score = (hi - lo) * Math.sqrt(weight); cut = c; }
    }
    return { list, weight, score, cut };
  };
  const boxes = [box(colours)];
  while (boxes.length < size) {
    let best = 0;
    boxes.forEach((b, i) => { if (b.score > boxes[best].score) best = i; });
    const { list, weight, score, cut: c } = boxes[best];
    if (score === 0) break;
    // Cut at the weighted median of that channel.
    list.sort((p, q) => channel(p[0], c) - channel(q[0], c) || p[0] - q[0]);
    let at = 1;
    for (let seen = 0; at < list.length - 1; at++) { seen += list[at - 1][1]; if (seen >= weight / 2) break; }
    boxes.splice(best, 1, box(list.slice(0, at)), box(list.slice(at)));
  }
  return boxes.map(({ list, weight }) => {
    const mean = [0, 1, 2, 3].map((c) => Math.round(list.reduce((sum, [key, n]) => sum + channel(key, c) * n, 0) / weight));
    return ((mean[0] << 24) | (mean[1] << 16) | (mean[2] << 8) | mean[3]) >>> 0;
  });
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crcBytes = Buffer.concat([head.subarray(4), data]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(crcBytes), 0);
  return Buffer.concat([head, data, tail]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The screenshot `png` as an indexed PNG of at most 256 colours. */
export function indexedPng(png) {
  const { width, height, rgba } = decodePng(png);
  const colours = palette(rgba, 256);
  const rgb = colours.map((k) => [(k >>> 24) & 0xff, (k >>> 16) & 0xff, (k >>> 8) & 0xff, k & 0xff]);
  const nearest = new Map();
  const indexOf = (r, g, b, a) => {
    const key = ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
    let i = nearest.get(key);
    if (i === undefined) {
      let best = Infinity;
      rgb.forEach(([pr, pg, pb, pa], j) => {
        const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2 + (pa - a) ** 2;
        if (d < best) { best = d; i = j; }
      });
      nearest.set(key, i);
    }
    return i;
  };
  const raw = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      raw[y * (width + 1) + 1 + x] = indexOf(rgba[p], rgba[p + 1], rgba[p + 2], rgba[p + 3]);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 3, 0, 0, 0], 8); // 8-bit palette indices
  const parts = [SIGNATURE, chunk('IHDR', ihdr), chunk('PLTE', Buffer.from(rgb.flatMap(([r, g, b]) => [r, g, b])))];
  if (rgb.some(([, , , a]) => a !== 255)) parts.push(chunk('tRNS', Buffer.from(rgb.map(([, , , a]) => a))));
  parts.push(chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
