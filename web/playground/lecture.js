// The example lecture page: registers the widgets, computes the two heatmaps
// (the encoding P and the dot products P·Pᵀ) with the attnscope core,
// typesets the TeX in the prose, and switches the prose with the language.
import './site.js';
import * as attn from '../lib/index.js';
import { lang, onLangChange, renderTexIn } from '../widgets/index.js';

const POSITIONS = 24;
const D_MODEL = 32;
const TITLES = {
  ja: '位置エンコーディングと RoPE — attnscope',
  en: 'Positional encodings and RoPE — attnscope',
};
const CAPTIONS = {
  ja: { map: `PE（位置 0〜${POSITIONS - 1}、d_model = ${D_MODEL}）`, dots: '位置どうしの内積 PE(m)·PE(n)' },
  en: { map: `PE (positions 0–${POSITIONS - 1}, d_model = ${D_MODEL})`, dots: 'Dot products PE(m)·PE(n)' },
};

function showLanguage(code) {
  document.documentElement.lang = code;
  document.title = TITLES[code];
  document.getElementById('pe-map').setAttribute('caption', CAPTIONS[code].map);
  document.getElementById('pe-dots').setAttribute('caption', CAPTIONS[code].dots);
}

/** Pᵀ by rearranging P's entries (no arithmetic). */
function transpose({ data, shape: [rows, cols] }) {
  const out = new Float32Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out[j * rows + i] = data[i * cols + j];
  return attn.tensor(out, [cols, rows]);
}

showLanguage(lang());
onLangChange(showLanguage);
renderTexIn(document.body);

await attn.ready();
const positions = Array.from({ length: POSITIONS }, (_, i) => String(i));
const P = attn.sinusoidalPositionalEncoding(POSITIONS, D_MODEL);
const map = document.getElementById('pe-map');
map.tokens = positions;
map.colTokens = Array.from({ length: D_MODEL }, (_, j) => String(j));
map.data = P;
const dots = document.getElementById('pe-dots');
dots.tokens = positions;
dots.data = attn.matmul(P, transpose(P));
document.body.dataset.ready = 'true';
