// Checks that README.md, web/models/README.md and docs/*.md name only things that exist:
// - every relative link (markdown, <a href>, <img src>) reaches a file inside
//   the repository, and its #anchor a heading (GitHub's ids) of that file;
// - every repository path the text names (`web/lib/index.d.ts`,
//   scripts/serve.js, node_modules/attnscope/…) exists, or lies under a
//   folder the build or the tests make (dist/, build/, web/lib/wasm/, …);
// - every `attn.X` (and `attn.Class.member`) is declared in web/lib's .d.ts
//   files, every <attn-*> element in web/widgets' types, every attribute
//   written on one is documented there (or is a global HTML attribute), and
//   every 'attnscope/…' import is an export of package.json.
// checkDocs() returns the problems as "file:line: what" strings.
// Run alone: node tests/docs/check.js
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentedNames, parseWidgetTypes } from '../../web/playground/widget-docs.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const read = (path) => readFileSync(join(ROOT, path), 'utf8');

/** The documents checked: README.md, the models' README and every docs/*.md. */
export function documents() {
  return ['README.md', 'web/models/README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

// Folders whose contents the build, npm or the tests create (gitignored).
const GENERATED = ['dist/', 'build/', 'web/lib/wasm/', 'web/vendor/', 'tests/artifacts/', 'node_modules/'];
// The repository's top folders a path in the text may start with.
const PATH = /(?<![\w./-])(?:\.\.?\/)?(?:cpp|wasm_bindings|web|tests|scripts|docs|dist|build|node_modules)\/[\w./@*{}<>,-]*/g;
const GLOBAL_ATTRIBUTES = new Set(['id', 'class', 'style', 'lang', 'dir', 'hidden', 'title', 'slot', 'part', 'tabindex', 'role', 'is', 'inert', 'translate', 'autofocus']);

/** GitHub's id of a heading: lower case, punctuation dropped, spaces to dashes. */
export const slug = (heading) => heading.trim().toLowerCase()
  .replace(/<[^>]+>/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** The ids a markdown file's headings and <a id|name> anchors give (duplicates numbered as GitHub does). */
export function anchorsOf(text) {
  const seen = new Map();
  const ids = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const h = !fenced && line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (h) {
      const base = slug(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      ids.add(n ? `${base}-${n}` : base);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(m[1]);
  }
  return ids;
}

/** Every export of the package's API types, with the text of each declaration (for class members). */
function apiNames() {
  const names = new Map();
  const visit = (file, seen = new Set()) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^export \* from '\.\/([\w./-]+)\.js';/gm)) visit(join(dirname(file), `${m[1]}.d.ts`), seen);
    for (const m of text.matchAll(/^export (?:declare )?(?:abstract )?(?:const|let|function|class|interface|type|enum|namespace) (\w+)/gm)) {
      const at = m.index;
      const body = text.slice(at, text.indexOf('\n}', at) + 2 || undefined);
      names.set(m[1], (names.get(m[1]) ?? '') + body);
    }
    for (const m of text.matchAll(/^export \{([^}]*)\}/gm)) {
      for (const part of m[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/).pop();
        if (name) names.set(name, names.get(name) ?? '');
      }
    }
  };
  visit(join(ROOT, 'web/lib/index.d.ts'));
  return names;
}

/** The widget types as one text: index.d.ts with every file it re-exports. */
function widgetTypes() {
  const index = read('web/widgets/index.d.ts');
  const parts = [...index.matchAll(/^export \* from '\.\/([\w-]+)\.js';$/gm)].map((m) => read(`web/widgets/${m[1]}.d.ts`));
  return parseWidgetTypes([index, ...parts].join('\n'));
}

/** The package's export subpaths as tests: 'attnscope/widgets/attn-heatmap' → true when exported. */
function packageExports() {
  const exportsField = JSON.parse(read('package.json')).exports ?? {};
  const patterns = Object.keys(exportsField).map((key) => {
    const spec = `attnscope${key.slice(1)}`.replace(/\/$/, '');
    return new RegExp(`^${spec.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('\\*', '.+').replace('*', '.+')}$`);
  });
  return (spec) => patterns.some((p) => p.test(spec));
}

/** Whether a path named in the text exists (placeholders and globs: their fixed folder does). */
function pathExists(path) {
  let p = path.replace(/^node_modules\/attnscope\//, '');
  if (GENERATED.some((g) => p.startsWith(g) || `${p}/` === g)) return true;
  const special = p.search(/[*{<]/);
  if (special >= 0) p = p.slice(0, p.lastIndexOf('/', special) + 1);
  return existsSync(join(ROOT, p));
}

/** The text of a document with fenced code marked, as [{line, text, code}]. */
function lines(text) {
  let fenced = false;
  return text.split('\n').map((line, i) => {
    const fence = /^\s*```/.test(line);
    if (fence) fenced = !fenced;
    return { line: i + 1, text: line, code: fenced || fence };
  });
}

/**
 * The problems of README.md and docs/*.md, or of `texts` ({path: text}: a
 * text checked as if it were the file at that path of the repository).
 */
export function checkDocs(texts = Object.fromEntries(documents().map((doc) => [doc, read(doc)]))) {
  const problems = [];
  const api = apiNames();
  const widgets = new Map(widgetTypes().map((w) => [w.tag, w]));
  const exported = packageExports();
  const anchorCache = new Map();
  const anchors = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };

  for (const [doc, text] of Object.entries(texts)) {
    const here = dirname(join(ROOT, doc));
    const say = (line, what) => problems.push(`${doc}:${line}: ${what}`);
    for (const { line, text: t, code } of lines(text)) {
      // Links: [text](target), <a href>, <img src> (not inside code).
      const prose = t.replace(/`[^`]*`/g, '');
      const targets = code ? [] : [
        ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
        ...[...prose.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
      ];
      for (const target of targets) {
        if (/^[a-z][\w+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const [pathPart, anchor] = target.split('#');
        const file = pathPart ? resolve(here, decodeURIComponent(pathPart)) : join(ROOT, doc);
        if (relative(ROOT, file).startsWith('..')) { say(line, `link ${target}: outside the repository`); continue; }
        if (!existsSync(file)) { say(line, `link ${target}: no such file`); continue; }
        const ids = file === join(ROOT, doc) ? anchorsOf(text) : file.endsWith('.md') ? anchors(file) : null;
        if (anchor && ids && !ids.has(anchor)) say(line, `link ${target}: no heading #${anchor} in ${relative(ROOT, file)}`);
        if (anchor && !file.endsWith('.md') && statSync(file).isDirectory()) say(line, `link ${target}: a folder has no #${anchor}`);
      }
      // Paths named in the text (and in code).
      for (const m of t.matchAll(PATH)) {
        const path = m[0].replace(/[.,:;)]+$/, '').replace(/^\.\//, '');
        if (path.startsWith('../')) continue; // a relative link, checked above
        if (!pathExists(path)) say(line, `path ${path}: no such file or folder`);
      }
      // Paths relative to the document (`../shared/`) and markdown files named alone (`STYLE.md`).
      for (const m of t.matchAll(/`(\.\.\/[\w./-]*|[\w.-]+\.md)`/g)) {
        const name = m[1];
        const places = name.startsWith('../') ? [resolve(here, name)] : [join(here, name), join(ROOT, name), join(ROOT, 'docs', name)];
        if (places.some((p) => relative(ROOT, p).startsWith('..'))) say(line, `${name}: outside the repository`);
        else if (!places.some(existsSync)) say(line, `${name}: no such file in the repository`);
      }
      // attn.X and attn.Class.member (not the weight names of a checkpoint: h.0.attn.c_proj).
      for (const m of t.matchAll(/(?<![\w.$])attn\.([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?/g)) {
        const [, name, member] = m;
        if (/^[a-z\d]+_[a-z\d_]+$/.test(name)) continue; // a checkpoint's weight name (GPT-2's attn.c_proj), not the API's
        if (!api.has(name)) { say(line, `attn.${name}: not declared in web/lib/index.d.ts (or the files it re-exports)`); continue; }
        const body = api.get(name);
        if (member && /^export (?:declare )?(?:abstract )?class /.test(body) && !new RegExp(`\\b${member}\\b`).test(body)) {
          say(line, `attn.${name}.${member}: ${name} declares no ${member}`);
        }
      }
      // Elements and the attributes written on them.
      for (const m of t.matchAll(/<(attn-[a-z0-9-]+)((?:\s+[^\s>=/]+(?:="[^"]*"|='[^']*'|=[^\s>]+)?)*)\s*\/?>/g)) {
        const [, tag, attrs] = m;
        const w = widgets.get(tag);
        if (!w) {
          if (tag !== 'attn-site-nav' || !existsSync(join(ROOT, 'web/playground/attn-site-nav.js'))) say(line, `<${tag}>: no such element in web/widgets' types`);
          continue;
        }
        const documented = new Set(documentedNames(w.doc));
        for (const a of attrs.matchAll(/\s+([^\s>=/"']+)(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?/g)) {
          const name = a[1].toLowerCase();
          if (GLOBAL_ATTRIBUTES.has(name) || /^(aria|data)-/.test(name) || documented.has(name)) continue;
          say(line, `<${tag} ${name}>: ${tag}'s types do not document the attribute ${name}`);
        }
      }
      // Package imports.
      for (const m of t.matchAll(/(?:from\s+|import\s*\(?\s*)['"](attnscope(?:\/[^'"]*)?)['"]/g)) {
        if (!exported(m[1])) say(line, `'${m[1]}': not an export of package.json`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkDocs();
  console.log(problems.length ? problems.join('\n') : 'docs: every link, path and name exists');
  process.exitCode = problems.length ? 1 : 0;
}
