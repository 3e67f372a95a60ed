// A Hugging Face folder on the tiny-models page (<attn-tiny-gpt>) in
// Chromium under the CSP: the shipped word model written out with
// model.toHuggingFace() (config.json, model.safetensors, tokenizer.json, and
// a README the page must leave out) is picked as a folder and then dropped
// as files; the page shows a progress bar while it reads, the folder's name
// and the size of its files, generates the words Node generates, and its
// head-role table measures the loaded model (the scores attn.headRoles gives
// in Node) and opens a head over real words. Screenshots in English and
// Japanese at 1280 and 390 px (tests/artifacts/tiny-gpt-folder-*.png).
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });
const gpt = (page) => page.locator('#gpt');
const roles = (page) => page.locator('#gpt attn-head-roles');
const FOLDER = 'austen-words';

let dir, folder, bytes, model, nodeRoles, nodeSample;
beforeAll(async () => {
  await attn.ready();
  model = await attn.Model.default('words');
  const files = model.toHuggingFace();
  dir = await mkdtemp(join(tmpdir(), 'attnscope-folder-'));
  folder = join(dir, FOLDER);
  await mkdir(folder);
  bytes = 0;
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(folder, name), content);
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  }
  await writeFile(join(folder, 'README.md'), '# not part of the model\n');
  // What Node says about the same folder, read back as the page reads it.
  const back = await attn.Model.fromHuggingFace(files);
  nodeRoles = await attn.headRoles(back, { text: 'Elizabeth looked at Darcy, and Darcy looked at Elizabeth.' });
  const prompt = back.encode('Elizabeth');
  nodeSample = [...prompt, ...back.generate(prompt, { maxNewTokens: 12, temperature: 0.8, topP: 0.9, seed: 1 }).ids]; // the element's ids: prompt, then new
  back.dispose();
});
afterAll(async () => { model?.dispose(); if (dir) await rm(dir, { recursive: true, force: true }); });

/** Opens the page on 'Your own files' and records every progress value and status line the element shows. */
async function openOnFiles(path = '/playground/models.html', options) {
  const opened = await env.open(path, options);
  await gpt(opened.page).evaluate(async (e) => {
    await e.loaded;
    e.shadowRoot.querySelector('[data-model="file"]').click();
    const bar = e.shadowRoot.querySelector('.files progress');
    const status = e.shadowRoot.querySelector('.file-status');
    globalThis.seen = { values: [], status: [] };
    new MutationObserver(() => { if (status.textContent) globalThis.seen.status.push(status.textContent); })
      .observe(status, { childList: true, characterData: true, subtree: true });
    const set = Object.getOwnPropertyDescriptor(HTMLProgressElement.prototype, 'value').set;
    Object.defineProperty(bar, 'value', { set(v) { if (!bar.hidden) globalThis.seen.values.push(v); set.call(bar, v); }, get() { return bar.position; } });
  });
  return opened;
}

const measured = (page) => roles(page).evaluate(async (e) => { await new Promise((r) => setTimeout(r, 0)); await e.measured; });

describe('a Hugging Face folder on the tiny-models page', () => {
  test('picked as a folder: progress, the folder\'s name and size, Node\'s sample, and the head-role table over real words', async () => {
    const { page, errors } = await openOnFiles();
    await page.locator('#gpt input[webkitdirectory]').setInputFiles(folder);
    await gpt(page).evaluate(async (e) => { await new Promise((r) => setTimeout(r, 0)); await e.loaded; });
    const state = await gpt(page).evaluate((e) => ({
      folder: e.folder, config: e.config, info: e.shadowRoot.querySelector('.info').textContent, seen: globalThis.seen,
      barHidden: e.shadowRoot.querySelector('.files progress').hidden,
    }));
    expect(state.folder).toEqual({ name: FOLDER, bytes, files: ['config.json', 'model.safetensors', 'tokenizer.json'].sort() });
    expect(state.config).toMatchObject({ format: 'safetensors', name: FOLDER, tokenizer: 'byte-level-bpe', nLayers: 4, nHeads: 6 });
    expect(state.info).toContain(`${FOLDER} (${(bytes / 1048576).toFixed(2)} MiB of files)`);
    // the bar moved from below 1 to the whole file, and the status named the file as it read
    expect(state.seen.values.some((v) => v > 0 && v < 1)).toBe(true);
    expect(Math.max(...state.seen.values)).toBe(1);
    expect(state.seen.status.some((s) => /^Reading model\.safetensors… [\d.]+ of [\d.]+ MB$/.test(s))).toBe(true);
    expect(state.barHidden).toBe(true);

    // generation: the words Node writes from the same folder
    await gpt(page).evaluate((e) => { e.settings = { prompt: 'Elizabeth', temperature: 0.8, topP: 0.9, seed: 1, maxNewTokens: 12 }; });
    const ids = await gpt(page).evaluate(async (e) => { await e.generate(); return e.ids; });
    expect(ids).toEqual(nodeSample);

    // the role table measures this model: the reader's text, Node's scores; a head opens over its words
    await measured(page);
    await roles(page).locator('[data-value="own"]').click();
    await roles(page).locator('textarea').fill('Elizabeth looked at Darcy, and Darcy looked at Elizabeth.');
    await roles(page).locator('.own .button').click();
    await measured(page);
    expect((await roles(page).evaluate((e) => e.roles)).scores).toEqual(nodeRoles.scores);
    const cells = roles(page).locator('.role-cell');
    expect(await cells.count()).toBe(4 * 6);
    await cells.nth(6 + 2).click(); // layer 1, head 2
    expect(await roles(page).locator('.detail h4').textContent()).toMatch(/^Layer 1 · head 2: /);
    const words = await roles(page).locator('.detail attn-heatmap').evaluate((m) => m.tokens);
    expect(words).toEqual(expect.arrayContaining(['␣Darcy', '␣looked']));
    expect(errors).toEqual([]);
    await page.close();
  });

  test('dropped as files: the same model, the README left out, named by its architecture; no sideways scroll; screenshots en/ja at 1280 and 390 px', async () => {
    for (const lang of ['en', 'ja']) {
      const { page, errors } = await openOnFiles(`/playground/models.html?lang=${lang}`, { viewport: { width: 1280, height: 900 } });
      await page.locator('#gpt input[webkitdirectory]').setInputFiles(folder); // only to get the page File objects
      await gpt(page).evaluate(async (e) => { await new Promise((r) => setTimeout(r, 0)); await e.loaded; });
      const dropped = await gpt(page).evaluate(async (e) => {
        const input = e.shadowRoot.querySelector('input[webkitdirectory]');
        const data = new DataTransfer();
        for (const f of input.files) data.items.add(new File([f], f.name)); // loose files: no folder name
        e.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        await new Promise((r) => setTimeout(r, 50));
        await e.loaded;
        return { folder: e.folder, info: e.shadowRoot.querySelector('.info').textContent };
      });
      expect(dropped.folder).toEqual({ name: null, bytes, files: ['config.json', 'model.safetensors', 'tokenizer.json'] });
      expect(dropped.info.startsWith('LlamaForCausalLM')).toBe(true);
      await measured(page);
      await roles(page).locator('.role-cell').nth(0).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${lang} ${width}`).toBe(0);
        await gpt(page).scrollIntoViewIfNeeded();
        await screenshot(page, `tiny-gpt-folder-${lang}-${width}`);
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
