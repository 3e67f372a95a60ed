// Types of <attn-line-chart> (attn-line-chart.js); index.d.ts re-exports them.

/** One line of <attn-line-chart>: points [x, y]; dashed or dotted, colour and dots optional. */
export interface LineSeries {
  label: string;
  points: Array<[number, number]>;
  dashed?: boolean;
  /** Draw the line dotted (wins over `dashed`); the legend's key is dotted too. */
  dotted?: boolean;
  color?: string;
  /** Draw the points as dots instead of a line. */
  dot?: boolean;
  /** 'right': against a second, linear y axis on the right (its range from the right series; label `y2-label`). */
  axis?: 'left' | 'right';
}

/**
 * `<attn-line-chart>`: the experiments' chart — lines on linear or log–log
 * axes with a legend. Tap (or move the pointer) to pick the nearest x; with
 * the plot focused, ← → Home End step through the x values; the values of
 * every series at the picked x are read out below the plot (aria-live).
 * Points that are not finite (or not positive on a log axis) are skipped.
 *
 * Attributes: `log-x`, `log-y` (log10 axes), `x-label`, `y-label`,
 * `y2-label` (the right axis, when a series has axis: 'right'), `y-min`,
 * `y-max` (fix the y range), `aria-label` (the plot's accessible name;
 * default "y-label / x-label"). Data through the `series` property.
 * Events: `pick` (detail {x}).
 * @example <attn-line-chart log-x log-y x-label="parameters N" y-label="loss"></attn-line-chart>
 */
export declare class AttnLineChart extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnLineChart;
  series: LineSeries[];
  /** An x to mark with a vertical rule, or null. */
  marker: number | null;
  /** The picked x, or null. */
  readonly picked: number | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-line-chart': AttnLineChart;
  }
}
