// docs/WIDGETS.md is generated from the types of web/widgets (index.d.ts and
// the per-element files it re-exports) and must match them; every element in
// the tag map is documented, with a class and an example.
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { generate, readTypes, DOC, TYPES } from '../../scripts/widget-docs.js';
import { parseWidgetTypes, documentedNames, inlineWidgetTypes, widgetsMarkdown } from '../../web/playground/widget-docs.js';

describe('widget documentation', () => {
  test('docs/WIDGETS.md is what scripts/widget-docs.js makes from index.d.ts (run it after changing the types)', async () => {
    expect(await readFile(DOC, 'utf8')).toBe(await generate());
  });

  test('every element of HTMLElementTagNameMap has a documented class and an example of its own tag', async () => {
    const widgets = parseWidgetTypes(await readTypes());
    expect(widgets.length).toBeGreaterThanOrEqual(10);
    for (const w of widgets) {
      expect(w.doc.length, w.tag).toBeGreaterThan(40);
      expect(w.example.startsWith(`<${w.tag}`), w.tag).toBe(true);
      expect(w.example.endsWith(`</${w.tag}>`), `${w.tag}: the whole element, even over several lines`).toBe(true);
    }
  });

  test('the parser finds what a doc names and misses what it does not (so a dropped attribute would show)', () => {
    const dts = "/**\n * `<attn-x>`: a thing.\n * Attributes: `alpha`, `beta-gamma`.\n */\nexport declare class AttnX extends HTMLElement {\n  /** The value. */\n  value: number;\n}\ninterface HTMLElementTagNameMap {\n  'attn-x': AttnX;\n}";
    const [w] = parseWidgetTypes(dts);
    expect(w).toMatchObject({ tag: 'attn-x', className: 'AttnX', members: [{ signature: 'value: number', doc: 'The value.' }] });
    expect(documentedNames(w.doc)).toEqual(['alpha', 'beta-gamma']);
    expect(documentedNames(w.doc)).not.toContain('delta');
  });

  test('a member keeps its whole type: object types with ;, arrows, strings, and types over several lines', () => {
    const dts = [
      '/** `<attn-y>`: a thing with a long description here. */',
      'export declare class AttnY extends HTMLElement {',
      '  static define(): void;',
      '  /** The last result. */',
      '  readonly result: { correct: boolean; reason: string } | null;',
      "  onPick: ((id: string, at: number) => void) | null;",
      "  mode: 'a;b' | 'c';",
      '  /** Spread over lines. */',
      '  readonly values: {',
      '    steps: { seen: number; out: Float32Array }[];',
      '    check: { flash: Float32Array };',
      '  } | null;',
      '  load(a: Uint8Array,',
      '    options?: { quantize?: boolean }): Promise<void>;',
      '}',
      "interface HTMLElementTagNameMap {\n  'attn-y': AttnY;\n}",
    ].join('\n');
    const [w] = parseWidgetTypes(dts);
    expect(w.members.map((m) => m.signature)).toEqual([
      'readonly result: { correct: boolean; reason: string } | null',
      'onPick: ((id: string, at: number) => void) | null',
      "mode: 'a;b' | 'c'",
      'readonly values: { steps: { seen: number; out: Float32Array }[]; check: { flash: Float32Array }; } | null',
      'load(a: Uint8Array, options?: { quantize?: boolean }): Promise<void>',
    ]);
    expect(w.members.map((m) => m.doc)).toEqual(['The last result.', '', '', 'Spread over lines.', '']);
    // A member written over several lines keeps them, without the class body's indent.
    expect(w.members[3].source).toBe('readonly values: {\n  steps: { seen: number; out: Float32Array }[];\n  check: { flash: Float32Array };\n} | null');
    expect(w.members[0].source).toBeUndefined();
    const md = widgetsMarkdown([w]);
    expect(md).toContain('- `readonly result: { correct: boolean; reason: string } | null` — The last result.');
    expect(md).toContain('- `readonly values` — Spread over lines.\n\n  ```ts\n  readonly values: {\n    steps:');
    // No nested field is listed as a member of its own.
    expect(md).not.toMatch(/^- `(steps|check|seen):/m);
  });

  test('every element has its types beside its module, and index.d.ts declares no element itself', async () => {
    const index = await readFile(TYPES, 'utf8');
    expect(index).not.toMatch(/declare class|interface HTMLElementTagNameMap/);
    for (const w of parseWidgetTypes(await readTypes())) {
      const own = await readFile(new URL(`../../web/widgets/${w.tag}.d.ts`, import.meta.url), 'utf8');
      expect(own, w.tag).toContain(`export declare class ${w.className} `);
      expect(own, w.tag).toContain(`'${w.tag}': ${w.className};`);
    }
  });

  test('the re-exported files are inlined in their order, a base class they import is appended, and a missing file fails', async () => {
    const files = {
      'index.d.ts': "// head\nexport * from './b.js';\nexport * from './a.js';\nexport declare function f(): void;\n",
      'a.d.ts': "export declare class A extends HTMLElement {\n  alpha: number;\n}\ndeclare global { interface HTMLElementTagNameMap {\n 'attn-a': A;\n} }\n",
      'b.d.ts': "import type { Base } from './base.js';\nexport declare class B extends Base {\n  beta: number;\n}\ndeclare global { interface HTMLElementTagNameMap {\n 'attn-b': B;\n} }\n",
      'base.d.ts': "export declare class Base extends HTMLElement {\n  /** Shared. */\n  gamma(): void;\n}\n",
    };
    const read = async (name) => { if (!(name in files)) throw new Error(`no ${name}`); return files[name]; };
    const inlined = await inlineWidgetTypes(files['index.d.ts'], read);
    const widgets = parseWidgetTypes(inlined);
    expect(widgets.map((w) => w.tag)).toEqual(['attn-b', 'attn-a']);
    // Inlined once, it needs no other file (the production site serves it alone).
    expect(await inlineWidgetTypes(inlined, async (name) => { throw new Error(`read ${name}`); })).toBe(inlined);
    // B lists its own members, then the ones it inherits; A inherits nothing from HTMLElement.
    expect(widgets[0].members).toEqual([{ signature: 'beta: number', doc: '' }, { signature: 'gamma(): void', doc: 'Shared.' }]);
    expect(widgets[1].members.map((m) => m.signature)).toEqual(['alpha: number']);
    delete files['base.d.ts'];
    await expect(inlineWidgetTypes(files['index.d.ts'], read)).rejects.toThrow('no base.d.ts');
  });
});
