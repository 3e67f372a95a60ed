// The tooltip of <attn-heatmap>: a few lines placed above a cell (below it
// when there is no room), kept inside the heatmap's frame.
import { el } from './dom.js';

const GAP = 8;

export class Tooltip {
  constructor() {
    this.element = el('div', 'tooltip');
    this.element.setAttribute('role', 'tooltip');
    this.element.setAttribute('part', 'tooltip');
    this.element.setAttribute('aria-live', 'polite');
    this.element.hidden = true;
  }

  /** Shows `lines` (elements) next to `target`; positions are relative to `frame`. */
  show(frame, target, lines) {
    const tip = this.element;
    tip.replaceChildren(...lines);
    tip.hidden = false;
    const f = frame.getBoundingClientRect();
    const c = target.getBoundingClientRect();
    const t = tip.getBoundingClientRect();
    const x = Math.min(Math.max(c.left + c.width / 2 - t.width / 2 - f.left, 0), Math.max(0, f.width - t.width));
    const above = c.top - f.top - t.height - GAP;
    tip.style.left = `${x}px`;
    tip.style.top = `${above >= 0 ? above : c.bottom - f.top + GAP}px`;
  }

  hide() {
    this.element.hidden = true;
  }

  /** The text shown, one line per line, or '' when hidden. */
  get text() {
    return this.element.hidden ? '' : [...this.element.children].map((line) => line.textContent).join('\n');
  }
}
