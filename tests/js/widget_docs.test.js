// docs/WIDGETS.md is generated from web/widgets/index.d.ts and must match it;
// every element in the tag map is documented, with a class and an example.
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { generate, DOC, TYPES } from '../../scripts/widget-docs.js';
import { parseWidgetTypes, documentedNames } from '../../web/playground/widget-docs.js';

describe('widget documentation', () => {
  test('docs/WIDGETS.md is what scripts/widget-docs.js makes from index.d.ts (run it after changing the types)', async () => {
    expect(await readFile(DOC, 'utf8')).toBe(await generate());
  });

  test('every element of HTMLElementTagNameMap has a documented class and an example of its own tag', async () => {
    const widgets = parseWidgetTypes(await readFile(TYPES, 'utf8'));
    expect(widgets.length).toBeGreaterThanOrEqual(10);
    for (const w of widgets) {
      expect(w.doc.length, w.tag).toBeGreaterThan(40);
      expect(w.example.startsWith(`<${w.tag}`), w.tag).toBe(true);
    }
  });

  test('the parser finds what a doc names and misses what it does not (so a dropped attribute would show)', () => {
    const dts = "/**\n * `<attn-x>`: a thing.\n * Attributes: `alpha`, `beta-gamma`.\n */\nexport declare class AttnX extends HTMLElement {\n  /** The value. */\n  value: number;\n}\ninterface HTMLElementTagNameMap {\n  'attn-x': AttnX;\n}";
    const [w] = parseWidgetTypes(dts);
    expect(w).toMatchObject({ tag: 'attn-x', className: 'AttnX', members: [{ signature: 'value: number', doc: 'The value.' }] });
    expect(documentedNames(w.doc)).toEqual(['alpha', 'beta-gamma']);
    expect(documentedNames(w.doc)).not.toContain('delta');
  });
});
