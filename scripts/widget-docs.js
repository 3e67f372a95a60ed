// Writes docs/WIDGETS.md from web/widgets/index.d.ts (see web/playground/widget-docs.js).
// Usage: node scripts/widget-docs.js   (tests/js/widget_docs.test.js checks the file is current)
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseWidgetTypes, widgetsMarkdown } from '../web/playground/widget-docs.js';

export const TYPES = fileURLToPath(new URL('../web/widgets/index.d.ts', import.meta.url));
export const DOC = fileURLToPath(new URL('../docs/WIDGETS.md', import.meta.url));

export async function generate() {
  return widgetsMarkdown(parseWidgetTypes(await readFile(TYPES, 'utf8')));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(DOC, await generate());
  console.log('wrote docs/WIDGETS.md');
}
