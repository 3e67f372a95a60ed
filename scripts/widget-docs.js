// Writes docs/WIDGETS.md from the types of web/widgets: index.d.ts and the
// per-element files it re-exports (see web/playground/widget-docs.js).
// Usage: node scripts/widget-docs.js   (tests/js/widget_docs.test.js checks the file is current)
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inlineWidgetTypes, parseWidgetTypes, widgetsMarkdown } from '../web/playground/widget-docs.js';

export const TYPES = fileURLToPath(new URL('../web/widgets/index.d.ts', import.meta.url));
export const DOC = fileURLToPath(new URL('../docs/WIDGETS.md', import.meta.url));

/** The widget types as one text: index.d.ts with the files it re-exports inlined. */
export const readTypes = async () => inlineWidgetTypes(await readFile(TYPES, 'utf8'), (name) => readFile(new URL(name, pathToFileURL(TYPES)), 'utf8'));

export const PICTURES = fileURLToPath(new URL('../docs/img/widgets/', import.meta.url));

/** The tags with a picture made by tests/e2e/widget_pictures.test.js. */
const pictures = async () => new Set((await readdir(PICTURES).catch(() => [])).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4)));

export async function generate() {
  return widgetsMarkdown(parseWidgetTypes(await readTypes()), { pictures: await pictures() });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(DOC, await generate());
  console.log('wrote docs/WIDGETS.md');
}
