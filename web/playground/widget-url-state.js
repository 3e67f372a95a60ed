// Keeps widgets' attributes in the page URL, as ?<id>.<attribute>=<value>,
// so a view of a topic page can be shared: read once at start, written on
// every change of an attribute (the widgets set their own as they are moved).
const SKIP = new Set(['id', 'class', 'style', 'lang']);

/** Applies the URL's values to `widgets` (elements with ids) and follows their later changes. */
export function keepAttributesInUrl(widgets) {
  const params = new URLSearchParams(location.search);
  for (const el of widgets) {
    for (const [key, value] of params) {
      const [id, name] = key.split('.');
      if (id === el.id && name && !SKIP.has(name)) el.setAttribute(name, value);
    }
    new MutationObserver(() => write(widgets)).observe(el, { attributes: true });
  }
}

function write(widgets) {
  const params = new URLSearchParams(location.search);
  for (const el of widgets) {
    for (const { name, value } of el.attributes) if (!SKIP.has(name)) params.set(`${el.id}.${name}`, value);
  }
  history.replaceState(null, '', `?${params}${location.hash}`);
}
