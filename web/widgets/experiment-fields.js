// The settings of an experiment element, from its FIELDS table of
// [attribute, option, min, max, step, default] rows: one labelled number
// input per row (a change sets the attribute and emits `settings-change`),
// the options read from and written to the attributes, and the labels and
// values drawn on render. One table, so a field is added in one place.
import { el } from './dom.js';
import { intAttr, numberAttr } from './attn-element.js';

/**
 * Appends a labelled number input per row of `fields` to `row` and files its
 * name span and input under the attribute in `names` and `inputs`.
 * Returns { row, names, inputs }.
 */
export function numberFields(host, fields, { row = el('div', 'row'), names = {}, inputs = {} } = {}) {
  for (const [attr, , min, max, step] of fields) {
    const label = el('label', 'field');
    names[attr] = el('span', 'name');
    inputs[attr] = Object.assign(el('input'), { type: 'number', min, max, step });
    inputs[attr].addEventListener('change', () => {
      host.setAttribute(attr, inputs[attr].value);
      host.emit('settings-change', host.settings);
    });
    label.append(names[attr], inputs[attr]);
    row.append(label);
  }
  return { row, names, inputs };
}

/** The options of `fields` from `host`'s attributes, clamped to [min, max]; whole numbers where the step is whole. */
export function readSettings(host, fields) {
  return Object.fromEntries(fields.map(([attr, option, min, max, step, fallback]) => [option,
    step < 1 ? Math.min(max, Math.max(min, numberAttr(host, attr, fallback))) : intAttr(host, attr, fallback, min, max)]));
}

/** Sets the attribute of every option that `settings` gives. */
export function writeSettings(host, fields, settings) {
  for (const [attr, option] of fields) if (settings[option] !== undefined) host.setAttribute(attr, String(settings[option]));
}

/** Labels each field with say(option) and shows values[option], unless the reader is typing in it. */
export function renderFields(host, fields, { names, inputs }, say, values) {
  for (const [attr, option] of fields) {
    names[attr].textContent = say(option);
    if (host.shadowRoot.activeElement !== inputs[attr]) inputs[attr].value = String(values[option]);
  }
}
