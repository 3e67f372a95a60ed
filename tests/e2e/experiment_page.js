// Helpers of the experiment pages' tests (kv_experiments, objective_experiments):
// what an element's charts and facts show. (Every page at phone and desktop
// widths in both languages is site.test.js's and site_desktop.test.js's.)

/** The `series` of a chart inside an element's shadow root. */
export const seriesOf = (page, host, chart) => page.evaluate(([h, c]) => document.querySelector(h).shadowRoot.querySelector(c).series, [host, chart]);

/** The facts (<dt> → <dd>) of a <dl> in an element's shadow root. */
export const factsOf = (page, host, dl) => page.evaluate(([h, d]) => Object.fromEntries([...document.querySelector(h).shadowRoot.querySelectorAll(`${d} div`)]
  .map((x) => [x.querySelector('dt').textContent, x.querySelector('dd').textContent])), [host, dl]);

/** Screenshots of playground/`path` at 390 and 1280 px, ja and en, as experiments/<name>-<width>-<lang>; none scrolls sideways. */
