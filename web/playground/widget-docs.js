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

/**
 * The top-level members of a class body, each with the JSDoc before it: a
 * member ends at a `;` outside brackets, so a type that holds `;` (an object
 * type) or spans lines stays whole. `=>` is an arrow, not a closing `>`;
 * strings and comments are skipped.
 */
function splitMembers(body) {
  const out = [];
  let depth = 0, start = -1, doc = '';
  const end = (i) => {
    if (start >= 0) out.push({ text: body.slice(start, i).trim(), doc, indent: start - body.lastIndexOf('\n', start) - 1 });
    start = -1;
    doc = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '/' && body[i + 1] === '*') {
      const close = body.indexOf('*/', i + 2) + 2 || body.length;
      if (depth === 0 && start < 0 && body[i + 2] === '*') doc = body.slice(i, close);
      i = close - 1;
    } else if (c === '/' && body[i + 1] === '/') {
      i = body.indexOf('\n', i) < 0 ? body.length : body.indexOf('\n', i) - 1;
    } else if (c === "'" || c === '"' || c === '`') {
      if (start < 0) start = i;
      for (i++; i < body.length && body[i] !== c; i++) if (body[i] === '\\') i++;
    } else if (c === '=' && body[i + 1] === '>') {
      i++;
    } else if ('{[(<'.includes(c)) {
      if (start < 0) start = i;
      depth++;
    } else if ('}])>'.includes(c)) {
      depth--;
    } else if (c === ';' && depth === 0) {
      end(i);
    } else if (!/\s/.test(c) && start < 0) {
      start = i;
    }
  }
  end(body.length);
  return out.filter((m) => m.text);
}

/** The lines of a member that starts `indent` columns in, without that indent. */
const dedent = (text, indent) => text.split('\n').map((l, i) => (i && l.startsWith(' '.repeat(indent)) ? l.slice(indent) : l)).join('\n');

/**
 * [{signature, doc, source?}] for the class body's properties and methods
 * (static members and define left out). `signature` is the whole member on
 * one line; `source`, for a member written over several lines, keeps its
 * lines as written.
 */
function members(body) {
  const out = [];
  for (const m of splitMembers(body)) {
    if (!/^(?:readonly |get |set )?[\w$]+[?(:<]/.test(m.text) || /^static\b/.test(m.text) || /^define\(/.test(m.text)) continue;
    const member = { signature: m.text.replace(/\s*\n\s*/g, ' ').replace(/,\s*\)/g, ')'), doc: m.doc ? docText(m.doc) : '' };
    if (m.text.includes('\n')) member.source = dedent(m.text, m.indent);
    out.push(member);
  }
  return out;
}

/** The first element of the first ```html block (it may span lines) or the @example of a doc, else the bare tag. */
function exampleOf(doc, tag) {
  const block = doc.match(/```html\n([\s\S]*?)```/)?.[1]?.trim();
  if (block) {
    const end = block.indexOf(`</${tag}>`);
    return end < 0 ? block.split('\n')[0] : block.slice(0, end + tag.length + 3);
  }
  const example = doc.match(/@example\s+(<[\s\S]*?<\/[a-z-]+>)/)?.[1];
  return example ?? `<${tag}></${tag}>`;
}

/** A member's lines in docs/WIDGETS.md: its signature inline, or as a block when it spans lines. */
function memberLines(m) {
  const doc = m.doc ? ` — ${m.doc.replace(/\n/g, ' ')}` : '';
  if (!m.source) return [`- \`${m.signature}\`${doc}`];
  const name = m.signature.match(/^(?:readonly |get |set )?[\w$]+\??/)[0];
  return [`- \`${name}\`${doc}`, '', '  ```ts', ...m.source.split('\n').map((l) => `  ${l}`), '  ```', ''];
}

/** docs/WIDGETS.md from the parsed types; `pictures` names the tags with a picture in docs/img/widgets/<tag>.jpg. */
export function widgetsMarkdown(widgets, { pictures = new Set() } = {}) {
  const lines = [
    '# Widget reference',
    '',
    '<!-- Generated from web/widgets/index.d.ts and the files it re-exports by `node scripts/widget-docs.js`;',
    '     do not edit by hand.',
    '     tests/js/widget_docs.test.js fails when this file and the types differ. -->',
    '',
    'Load the elements with one module script, then use the tags; each element works in a plain',
    'static page under the CSP `script-src \'self\' \'wasm-unsafe-eval\'`. `attnscope/` is the widgets',
    'folder (`dist/widgets` of the package) copied beside the page; `attnscope/index.js` registers every',
    'element, `attnscope/<tag>.js` one (docs/DEPLOY.md). With a bundler: `import \'attnscope/widgets\'` or',
    '`import \'attnscope/widgets/<tag>\'`. Every element and its live example is also on the playground\'s',
    'widget reference page (`widgets.html`), with its embed code.',
    '',
    '```html',
    '<script type="module" src="attnscope/index.js"></script>',
    '```',
    '',
    ...widgets.map((w) => `- [\`<${w.tag}>\`](#${w.tag})`),
    '',
  ];
  for (const w of widgets) {
    lines.push(`## ${w.tag}`, '');
    if (pictures.has(w.tag)) lines.push(`![${w.tag} as its example draws it (light theme, 1280 px wide page)](img/widgets/${w.tag}.jpg)`, '');
    lines.push(`Class \`${w.className}\`. Example:`, '', '```html', w.example, '```', '', w.doc.replace(/^@example.*$/gm, '').trim(), '');
    if (w.members.length) {
      lines.push('Properties and methods:', '');
      for (const m of w.members) lines.push(...memberLines(m));
      lines.push('');
    }
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
