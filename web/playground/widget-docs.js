// Reads the types of web/widgets — index.d.ts and the per-element files it
// re-exports, the one place the elements are documented — into
// [{tag, className, doc, members, example}], for the widget reference page
// (widgets.html) and docs/WIDGETS.md (scripts/widget-docs.js), so that
// neither can drift from the types. Pure functions: Node and browsers.

/** The text of a JSDoc block without its stars. */
const docText = (block) => block
  .replace(/^\/\*\*\s?/, '').replace(/\s*\*\/$/, '')
  .split('\n').map((line) => line.replace(/^\s*\* ?/, '')).join('\n').trim();

/** The attribute names a doc mentions in backticks, in its "Attributes" part. */
export function documentedNames(doc) {
  return [...doc.matchAll(/`([a-z][a-z0-9-]*)`/g)].map((m) => m[1]);
}

/** A line of index.d.ts that re-exports a file beside it: export * from './attn-heatmap.js'; */
const REEXPORT = /^export \*(?: as \w+)? from '\.\/([\w-]+)\.js';$/gm;

/** An import of a file beside it: import type { X } from './experiment-element.js'; */
const IMPORT = /^import type \{[^}]*\} from '\.\/([\w-]+)\.js';$/gm;

/**
 * The text of index.d.ts with each re-export line replaced by the file it
 * names (`./attn-heatmap.js` → the text of attn-heatmap.d.ts), in order, and
 * the files those import without re-exporting (a base class) appended, and
 * the imports of those files dropped: one text for parseWidgetTypes.
 * `read(fileName)` resolves to the text of a file beside index.d.ts. An
 * inlined text comes back as it is, reading nothing (the production site
 * ships index.d.ts inlined: scripts/build-site.js).
 */
export async function inlineWidgetTypes(index, read) {
  const names = [...index.matchAll(REEXPORT)].map((m) => m[1]);
  const parts = new Map(await Promise.all(names.map(async (name) => [name, await read(`${name}.d.ts`)])));
  let text = index.replace(REEXPORT, (_, name) => parts.get(name).trim());
  for (;;) {
    const missing = [...new Set([...text.matchAll(IMPORT)].map((m) => m[1]))].filter((name) => !parts.has(name));
    if (!missing.length) return text.replace(IMPORT, ''); // all inlined: the result reads nothing more
    for (const name of missing) {
      parts.set(name, await read(`${name}.d.ts`));
      text += `\n${parts.get(name).trim()}\n`;
    }
  }
}

/** Every custom element the types declare, in the order of their HTMLElementTagNameMap entries. */
export function parseWidgetTypes(dts) {
  const maps = [...dts.matchAll(/interface HTMLElementTagNameMap \{([\s\S]*?)\}/g)].map((m) => m[1]).join('\n');
  const tags = [...maps.matchAll(/'([a-z-]+)':\s*(\w+);/g)];
  return tags.map(([, tag, className]) => {
    const at = dts.search(new RegExp(`export declare class ${className}\\b`));
    if (at < 0) return { tag, className, doc: '', members: [], example: `<${tag}></${tag}>` };
    const before = dts.slice(0, at);
    const start = before.lastIndexOf('/**');
    const end = before.indexOf('*/', start) + 2;
    const doc = start >= 0 && /^\s*$/.test(before.slice(end)) ? docText(before.slice(start, end)) : '';
    return { tag, className, doc, members: classMembers(dts, at), example: exampleOf(doc, tag) };
  });
}

/** The members of the class declared at `at`, then those it inherits from a class declared in `dts`. */
function classMembers(dts, at) {
  const open = dts.indexOf('{', at);
  const own = members(dts.slice(open + 1, matchingBrace(dts, open)));
  const base = dts.slice(at, open).match(/\bextends (\w+)/)?.[1];
  const baseAt = base ? dts.search(new RegExp(`export declare class ${base}\\b`)) : -1;
  return baseAt < 0 ? own : [...own, ...classMembers(dts, baseAt)];
}

function matchingBrace(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** [{signature, doc}] for the class body's properties and methods (static define left out). */
function members(body) {
  const out = [];
  const re = /(?:\/\*\*([\s\S]*?)\*\/\s*)?^\s*((?:readonly |get |set )?[\w$]+[?(:][^;\n]*;?)/gm;
  for (const m of body.matchAll(re)) {
    const signature = m[2].replace(/;$/, '');
    if (/^static\b/.test(signature) || /^define\(/.test(signature)) continue;
    out.push({ signature, doc: m[1] ? docText(`/**${m[1]}*/`) : '' });
  }
  return out;
}

/** The first element of the first ```html block (however many lines it spans), or the @example of a doc, else the bare tag. */
function exampleOf(doc, tag) {
  const block = doc.match(/```html\n([\s\S]*?)```/)?.[1]?.trim();
  if (block) return block.match(/^<([a-z][\w-]*)[\s\S]*?<\/\1>/)?.[0] ?? block.split('\n')[0];
  const example = doc.match(/@example\s+(<[\s\S]*?<\/[a-z-]+>)/)?.[1];
  return example ?? `<${tag}></${tag}>`;
}

/** docs/WIDGETS.md from the parsed types. */
export function widgetsMarkdown(widgets) {
  const lines = [
    '# Widget reference',
    '',
    '<!-- Generated from web/widgets/index.d.ts and the files it re-exports by `node scripts/widget-docs.js`;',
    '     do not edit by hand.',
    '     tests/js/widget_docs.test.js fails when this file and the types differ. -->',
    '',
    'Import `attnscope/widgets` (or `web/widgets/index.js`) once and use the tags; each element works',
    'in a plain static page under the CSP `script-src \'self\' \'wasm-unsafe-eval\'`. Every element and',
    'its live example is also on the playground\'s widget reference page (`widgets.html`).',
    '',
    '```html',
    '<script type="module" src="node_modules/attnscope/web/widgets/index.js"></script>',
    '```',
    '',
    ...widgets.map((w) => `- [\`<${w.tag}>\`](#${w.tag})`),
    '',
  ];
  for (const w of widgets) {
    lines.push(`## ${w.tag}`, '', `Class \`${w.className}\`. Example:`, '', '```html', w.example, '```', '', w.doc.replace(/^@example.*$/gm, '').trim(), '');
    if (w.members.length) {
      lines.push('Properties and methods:', '');
      for (const m of w.members) lines.push(`- \`${m.signature}\`${m.doc ? ` — ${m.doc.replace(/\n/g, ' ')}` : ''}`);
      lines.push('');
    }
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
