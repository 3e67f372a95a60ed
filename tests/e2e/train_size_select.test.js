// <attn-train>'s model-size select on the Train page at phone widths, in
// English and Japanese: every option's text fits the select's box, and the
// line the select is described by (aria-describedby) shows the chosen
// size's layers, dim, context and parameter count — counted here with
// attn.countParameters for the page's text, not read from the widget.
// Also: the select keeps its label, the keyboard changes it, and the preset
// in the address picks it. Screenshots tests/artifacts/train-size-<lang>-<width>.png.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { launchBrowser, screenshot, usePlayground } from './browser.js';
import { selectRoom } from './select_room.js';

const env = usePlayground();
const LOCALES = [['en-US', 'en', /Model size/], ['ja-JP', 'ja', /モデルの大きさ/]];
const sizeSelect = (page, label) => page.locator('#train').getByLabel(label);
const description = (select) => select.evaluate((s) => s.getRootNode().getElementById(s.getAttribute('aria-describedby'))?.textContent ?? '');

// The sizes the widget offers (train-presets.js; its module loads the browser build, so it is not imported here).
const PRESETS = {
  tiny: { dim: 48, hiddenDim: 128, nLayers: 2, nHeads: 4, nKvHeads: 4, seqLen: 64 },
  small: { dim: 64, hiddenDim: 176, nLayers: 3, nHeads: 4, nKvHeads: 4, seqLen: 96 },
  medium: { dim: 128, hiddenDim: 352, nLayers: 4, nHeads: 8, nKvHeads: 4, seqLen: 128 },
};

let vocabSize;
beforeAll(async () => {
  await attn.ready();
  const text = await readFile(new URL('../../web/models/corpus/pride_and_prejudice.txt', import.meta.url), 'utf8');
  vocabSize = attn.buildVocabulary(text).vocabSize;
});

/** The numbers of preset `name` with the novel's vocabulary: [layers, dim, context, parameters] as the page prints them. */
function numbersOf(name) {
  const p = PRESETS[name];
  const total = attn.countParameters({
    dModel: p.dim, nHeads: p.nHeads, nKvHeads: p.nKvHeads, dFF: p.hiddenDim, norm: 'rmsnorm', activation: 'swiglu',
    bias: false, nLayers: p.nLayers, vocabSize,
  }).total;
  return { layers: p.nLayers, dim: p.dim, context: p.seqLen, params: total.toLocaleString('en') };
}

/** Each number where the line shows it, in this language. */
function expectDescribes(line, n, lang, what) {
  const wanted = lang === 'ja'
    ? [`${n.layers} 層`, `次元 ${n.dim}`, `文脈長 ${n.context}`, `${n.params} 個`]
    : [`${n.layers} layers`, `dim ${n.dim}`, `context ${n.context}`, `${n.params} parameters`];
  for (const w of wanted) expect(line, `${what}: "${w}" in "${line}"`).toContain(w);
}

async function setWidth(page, width) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

describe('Train page: the model-size select at phone widths', () => {
  test.each(LOCALES)('every option fits its box at 390 and 360 px and the line under it follows the choice (%s)', async (locale, lang, label) => {
    const browser = await launchBrowser({ locale });
    try {
      const { page, errors } = await env.open('/playground/train.html', { context: browser.context, expose: false });
      const select = sizeSelect(page, label);
      // the parameter counts need the text's vocabulary: wait until the options show them
      const tiny = numbersOf('tiny');
      await expect.poll(() => select.evaluate((s) => s.options[0].textContent), { timeout: 20_000 }).toContain(tiny.params);
      const names = await select.evaluate((s) => [...s.options].map((o) => o.value));
      expect(names).toEqual(Object.keys(PRESETS));
      for (const width of [390, 360]) {
        await setWidth(page, width);
        for (const name of names) {
          await select.selectOption(name);
          const n = numbersOf(name);
          const what = `${lang} ${width} px, ${name}`;
          const r = await selectRoom(select);
          expect(r.text, what).toContain(n.params);
          expect(r.need, `${what}: "${r.text}" needs ${r.need} px, has ${r.has}`).toBeLessThanOrEqual(r.has + 0.5);
          // the line follows the choice: this size's numbers, not another's
          await expect.poll(() => description(select), { timeout: 5000 }).toContain(n.params);
          expectDescribes(await description(select), n, lang, what);
          for (const other of names.filter((x) => x !== name)) expect(await description(select), what).not.toContain(numbersOf(other).params);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${width} px: page width`).toBeLessThanOrEqual(width);
      }
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  test('the keyboard changes the size, the address keeps it, and ?preset= picks it', async () => {
    const { page, errors } = await env.open('/playground/train.html?preset=small', { expose: false, viewport: { width: 390, height: 900 } });
    const select = sizeSelect(page, /Model size/);
    await expect.poll(() => description(select), { timeout: 20_000 }).toContain(numbersOf('small').params);
    expect(await select.inputValue()).toBe('small');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('#train').getAttribute('preset')).toBe('medium');
    await expect.poll(() => page.evaluate(() => new URL(location.href).searchParams.get('preset'))).toBe('medium');
    await expect.poll(() => description(select)).toContain(numbersOf('medium').params);
    expect(errors).toEqual([]);
    await page.close();
  });

  test.each(LOCALES)('screenshots at 390 and 1280 px (%s)', async (locale, lang, label) => {
    const browser = await launchBrowser({ locale });
    try {
      for (const width of [390, 1280]) {
        const { page } = await env.open('/playground/train.html', { context: browser.context, expose: false, viewport: { width, height: 900 } });
        await expect.poll(() => description(sizeSelect(page, label)), { timeout: 20_000 }).toContain(numbersOf('tiny').params);
        await screenshot(page, `train-size-${lang}-${width}`);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
});
