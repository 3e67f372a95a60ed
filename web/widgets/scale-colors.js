// The heatmaps' colour scales, one source: every heatmap (attn-heatmap,
// attn-tensor-view, the mask and bias maps, and the widgets built on them)
// draws through heatmap-view.js and format.js's colourScale with these stops.
// Each stop reads a theme variable, --attn-<scale>-<t> with t its place on
// the scale in percent (--attn-diverging-50 is the diverging centre), and
// falls back to the light theme's colour, so a page without a theme gets the
// scales made for a white background. web/playground/site.css sets a dark
// set for the dark theme: a dark centre (and a dark zero for the sequential
// scale) with ends that grow lighter, at the light set's contrast with it
// (checked by tests/e2e/heatmap_theme.test.js).

/** The light stops, [t, [r, g, b]]: near-white to deep blue (non-negative data). */
export const SEQUENTIAL = Object.freeze([
  [0.0, [247, 249, 252]],
  [0.15, [222, 235, 247]],
  [0.35, [158, 202, 225]],
  [0.55, [74, 150, 201]],
  [0.75, [33, 103, 172]],
  [1.0, [12, 44, 104]],
]);
/** The light stops for data with negative values: red - white - blue. */
export const DIVERGING = Object.freeze([
  [0.0, [165, 15, 21]],
  [0.25, [239, 138, 98]],
  [0.5, [247, 247, 247]],
  [0.75, [103, 169, 207]],
  [1.0, [8, 69, 148]],
]);
const LIGHT = { sequential: SEQUENTIAL, diverging: DIVERGING };

/** The theme variable of a stop: scaleVariable('diverging', 0.5) is '--attn-diverging-50'. */
export const scaleVariable = (scale, t) => `--attn-${scale}-${Math.round(t * 100)}`;

const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/;

/** [r, g, b] of a computed opaque rgb() colour, or null (other syntaxes, transparency). */
function parseRgb(css) {
  const m = RGB.exec(css.trim());
  if (!m || (m[4] !== undefined && parseFloat(m[4]) < (m[4].endsWith('%') ? 100 : 1))) return null;
  return m.slice(1, 4).map((v) => Math.round(Number(v)));
}

/**
 * Hidden probes under `parent` (one per stop, each coloured by its theme
 * variable) that read the scales the theme sets where the heatmap is drawn.
 * Forced colours leave the probes alone, as they leave the cells.
 */
export class ThemedScales {
  #probes = [];

  constructor(parent) {
    const box = document.createElement('div');
    box.hidden = true;
    box.setAttribute('aria-hidden', 'true');
    for (const [scale, stops] of Object.entries(LIGHT)) {
      for (const [t, rgb] of stops) {
        const probe = document.createElement('span');
        probe.style.setProperty('forced-color-adjust', 'none');
        probe.style.color = `var(${scaleVariable(scale, t)}, rgb(${rgb.join(', ')}))`;
        this.#probes.push({ scale, t, rgb, probe });
        box.append(probe);
      }
    }
    parent.append(box);
  }

  /**
   * {sequential, diverging}: the stops as the theme sets them now. A stop
   * whose variable is not an opaque sRGB colour keeps its light value.
   */
  read() {
    const out = { sequential: [], diverging: [] };
    for (const { scale, t, rgb, probe } of this.#probes) {
      out[scale].push([t, (probe.isConnected && parseRgb(getComputedStyle(probe).color)) || rgb]);
    }
    return out;
  }
}

/**
 * Calls `redraw` whenever the reader's colour scheme (light/dark) changes,
 * for as long as `owner` lives: the listener holds it weakly, so a view that
 * is dropped is collected and its listener removes itself.
 */
export function onColourSchemeChange(owner, redraw) {
  if (typeof matchMedia !== 'function') return;
  const query = matchMedia('(prefers-color-scheme: dark)');
  const ref = new WeakRef(owner);
  const listener = () => {
    const alive = ref.deref();
    if (alive) redraw(alive); else query.removeEventListener('change', listener);
  };
  query.addEventListener('change', listener);
}
