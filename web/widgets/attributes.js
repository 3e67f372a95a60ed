// Attribute parsing shared by the elements. Module functions (not methods) so
// that they stay out of every element's public surface. Each throws an Error
// naming the attribute when its text is not acceptable.

/** A boolean attribute: on when present unless "false"; `fallback` when absent. */
export function boolAttr(element, name, fallback = false) {
  const v = element.getAttribute(name);
  return v === null ? fallback : v !== 'false';
}

/** A finite number, or `fallback` when the attribute is absent or blank. */
export function numberAttr(element, name, fallback) {
  const s = element.getAttribute(name);
  if (s === null || s.trim() === '') return fallback;
  const v = Number(s);
  if (!Number.isFinite(v)) throw new Error(`the ${name} attribute must be a number (got "${s}")`);
  return v;
}

/** An integer in [min, max], or `fallback` when absent or blank. */
export function intAttr(element, name, fallback, min = -Infinity, max = Infinity) {
  const s = element.getAttribute(name);
  if (s === null || s.trim() === '') return fallback;
  const v = Number(s);
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new Error(`the ${name} attribute must be an integer from ${min} to ${max} (got "${s}")`);
  }
  return v;
}

/** One of `choices`, or `fallback` when absent. */
export function enumAttr(element, name, choices, fallback) {
  const v = element.getAttribute(name);
  if (v === null) return fallback;
  if (!choices.includes(v)) throw new Error(`the ${name} attribute must be one of ${choices.join(', ')} (got "${v}")`);
  return v;
}

/** Whitespace-separated words ("the cat sat" -> ['the', 'cat', 'sat']), or null when absent/blank. */
export function wordsAttr(element, name) {
  const s = element.getAttribute(name);
  const words = s ? s.trim().split(/\s+/).filter(Boolean) : [];
  return words.length ? words : null;
}
