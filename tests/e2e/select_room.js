// How much room a <select>'s chosen option needs and has: shared by the
// layout tests that check a select shows its whole text.

/**
 * The text width `select` (a Playwright locator; open shadow roots are
 * pierced) needs for its chosen option — a hidden copy at its natural width —
 * and the width it has: { text, need, has }.
 */
export function selectRoom(select) {
  return select.evaluate((s) => {
    const copy = s.cloneNode(false);
    copy.removeAttribute('id');
    copy.append(s.options[s.selectedIndex].cloneNode(true));
    copy.style.cssText = 'position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none';
    s.before(copy);
    const need = copy.getBoundingClientRect().width;
    copy.remove();
    return { text: s.options[s.selectedIndex].textContent, need, has: s.getBoundingClientRect().width };
  });
}
