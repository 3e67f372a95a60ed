// The charts' series colours, one source. Each reads a theme variable
// (--attn-series-<name>; web/playground/site.css sets lighter ones for the
// dark theme) and falls back to the light theme's colour, so a page without
// a theme still gets colours made for a white background. Each has ≥ 3:1
// contrast against the chart background of its theme (WCAG 1.4.11, checked by
// tests/e2e/chart_contrast.test.js).
const series = (name, light) => `var(--attn-series-${name}, ${light})`;

export const CHART_COLORS = Object.freeze({
  blue: series('blue', '#3451b2'),
  orange: series('orange', '#c2410c'),
  green: series('green', '#15803d'),
  purple: series('purple', '#7e22ce'),
  red: series('red', '#b91c1c'),
  teal: series('teal', '#0e7490'),
  amber: series('amber', '#a16207'),
  grey: series('grey', '#6b7280'),
  ink: 'var(--attn-ink, #1b2430)',
});

/** The colours given in turn to series without one. */
export const CHART_CYCLE = Object.freeze(['blue', 'orange', 'green', 'purple', 'red', 'teal', 'amber'].map((k) => CHART_COLORS[k]));
