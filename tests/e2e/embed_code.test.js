// "Copy embed code" (embed_code.js): a view a page built through properties
// (the lab's Q and K) and one moved by the reader (the positions dial) come
// back when their code is pasted into a blank page beside the widgets
// folder, and dropping one attribute from the code is caught. Every widget
// of every page: site_desktop.test.js, with embed_code.js.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildWidgets } from '../../scripts/build-widgets.js';
import { usePlayground } from './browser.js';
import { pasteAndCompare } from './embed_code.js';

const env = usePlayground();
let folder;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'attnscope-widgets-'));
  await buildWidgets({ outDir: folder, quiet: true });
}, 120_000);
afterAll(() => folder && rm(folder, { recursive: true, force: true }));

describe('embed code', () => {
  beforeAll(() => env.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.web.origin }));

  test('a view the reader moved, and a view a page set through properties, come back; a dropped attribute is caught', async () => {
    // The lab: Q and K typed by the reader are properties of the heatmap, written out as q and k.
    const { page } = await env.open('/playground/lab.html?lang=en&n=3&d=2&causal=1', { expose: false });
    const [lab] = await pasteAndCompare(env, folder, page, { limit: 1 });
    expect(lab.html).toMatch(/ q="\[\[[^"]+\]\]" k="\[\[/);
    expect(lab.got).toEqual(lab.wanted);
    // Without its causal attribute the same code shows other numbers.
    const [loose] = await pasteAndCompare(env, folder, page, { limit: 1, edit: (html) => html.replace(/ causal(="")?/, '') });
    expect(loose.got).not.toEqual(loose.wanted);
    await page.close();

    // Positions: the dial moved by its sliders (attributes the widget sets on itself).
    const pos = await env.open('/playground/positions.html?lang=en', { expose: false });
    await pos.page.evaluate(() => {
      const input = document.getElementById('dial').shadowRoot.querySelectorAll('input[type="range"]')[1];
      input.value = '11';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const [dial] = await pasteAndCompare(env, folder, pos.page, { limit: 1 });
    expect(dial.html).toContain(' n="11"');
    expect(dial.got).toEqual(dial.wanted);
    await pos.page.close();
  }, 120_000);
});
