// The page's controls in its address, so that a view can be shared: every
// change is written to the query (typing and dragging replace the current
// history entry; a committed change — a released slider, a click — adds
// one, so Back undoes it), opening or reloading the address restores it,
// and Back/Forward restore the view of that entry. Only values that differ
// from the page's defaults are written, so a plain link stays plain.
//
// A field is {key, get(): string | null, set(value), reset?()} — get() null
// means "nothing to write". control(key, element) makes one for a form
// control and watches it; pages add their own fields for other state.
import { LANGS, lang, onLangChange, setLang } from '../widgets/i18n.js';

// Controls whose 'input' events come while the reader is still typing or dragging.
const CONTINUOUS = new Set(['range', 'text', 'search', 'textarea']);

/** A field for an <input> (range, number, text, checkbox), <select>, <textarea> or a <fieldset> of radio buttons. */
export function control(key, element) {
  const radios = element.localName === 'fieldset';
  const checkbox = element.type === 'checkbox';
  return {
    key,
    element,
    get: () => (radios ? element.querySelector('input:checked')?.value ?? null : checkbox ? (element.checked ? '1' : '0') : element.value),
    set(value) {
      if (radios) {
        const radio = [...element.querySelectorAll('input[type="radio"]')].find((r) => r.value === value);
        if (radio) radio.checked = true;
      } else if (checkbox) {
        element.checked = value === '1' || value === 'true';
      } else {
        element.value = value;
      }
    },
  };
}

/**
 * Keeps `fields` in the address. `apply()` redraws the page from its
 * controls; it runs after the address was read (at start when the address
 * holds any field, and on Back/Forward). Returns {save({push}), restore()}:
 * call save() after changing a control from code (a button that picks a new
 * seed), with push: true for a step Back should undo.
 */
export function bindUrlState(fields, { apply }) {
  const defaults = new Map(fields.map((f) => [f.key, f.get()]));

  const wanted = () => {
    const query = new URLSearchParams(location.search);
    for (const f of fields) {
      const v = f.get();
      if (v === null || v === defaults.get(f.key)) query.delete(f.key);
      else query.set(f.key, v);
    }
    return query;
  };

  const here = () => `${location.pathname}${location.search}${location.hash}`;
  let committed = here(); // the address of the last history entry Back should return to

  // push: keep the entry as it was when last committed, and add one for now;
  // otherwise (typing, dragging) only the current entry follows.
  function save({ push = false } = {}) {
    const query = wanted().toString();
    const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    if (!push) { if (url !== here()) history.replaceState(history.state, '', url); return; }
    if (url === committed) return;
    history.replaceState(history.state, '', committed);
    history.pushState(history.state, '', url);
    committed = url;
  }

  function restore() {
    committed = here();
    const query = new URLSearchParams(location.search);
    for (const f of fields) {
      if (query.has(f.key)) f.set(query.get(f.key));
      else if (f.reset) f.reset();
      else if (defaults.get(f.key) !== null) f.set(defaults.get(f.key));
    }
    apply();
  }

  for (const f of fields) {
    if (CONTINUOUS.has(f.element?.type)) f.element.addEventListener('input', () => save());
    f.element?.addEventListener('change', () => save({ push: true }));
  }
  addEventListener('popstate', restore);
  const query = new URLSearchParams(location.search);
  if (fields.some((f) => query.has(f.key))) restore();
  return { save, restore };
}

/**
 * Writes the language into the address as it changes (?lang=, which
 * i18n.js reads first on the next load) and follows it on Back/Forward.
 */
export function keepLanguageInUrl() {
  onLangChange((code) => {
    const query = new URLSearchParams(location.search);
    if (query.get('lang') === code) return;
    query.set('lang', code);
    history.replaceState(history.state, '', `${location.pathname}?${query}${location.hash}`);
  });
  addEventListener('popstate', () => {
    const asked = new URLSearchParams(location.search).get('lang');
    if (LANGS.includes(asked) && asked !== lang()) setLang(asked);
  });
}

/** Scrolls to the element the address's #fragment names, once the page has built it. */
export function scrollToAnchor() {
  const id = decodeURIComponent(location.hash.slice(1));
  if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
}
