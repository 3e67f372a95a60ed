// The DOM helpers the widgets share: an element with a class and text,
// scrolling boxes reachable by keyboard, labelled fields and mode buttons.
export function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * Makes each of `elements` that scrolls sideways reachable by keyboard
 * (tabindex 0, so arrow keys scroll it) and takes the tab stop away from
 * those that fit. Call after filling them.
 */
export function focusableIfScrolling(elements) {
  for (const e of elements) {
    if (e.scrollWidth > e.clientWidth + 1) e.tabIndex = 0;
    else e.removeAttribute('tabindex');
  }
}

/** A label holding a name span (its text key in data-i18n, filled by fillMarked) and `control`. */
export function labelledField(labelKey, control, className = 'field') {
  const label = el('label', className);
  const name = el('span', 'name');
  name.dataset.i18n = labelKey;
  label.append(name, control);
  return label;
}

/** A row of buttons, one per mode, each setting `host`'s `mode` attribute: { row, buttons }. */
export function modeButtonRow(host, modes) {
  const row = el('div', 'modes');
  const buttons = modes.map((m) => {
    const b = el('button');
    b.type = 'button';
    b.dataset.mode = m;
    b.addEventListener('click', () => host.setAttribute('mode', m));
    row.append(b);
    return b;
  });
  return { row, buttons };
}

/** Names each mode button say(mode) and marks the one of `mode` pressed. */
export function showModes(buttons, mode, say) {
  for (const b of buttons) {
    b.textContent = say(b.dataset.mode);
    b.setAttribute('aria-pressed', String(b.dataset.mode === mode));
  }
}
