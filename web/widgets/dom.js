// The one DOM helper the widgets share: an element with a class and text.
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
