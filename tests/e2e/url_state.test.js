// State in the address: on each page, changing controls writes them into the
// URL; opening that URL in a fresh page restores the same view; Back undoes a
// committed change; ?lang= wins over the stored language; #anchors scroll to
// content built by script.
import { describe, expect, test } from 'vitest';
import { usePlayground } from './browser.js';

const env = usePlayground();

/** Sets a form control in the page as a reader would (input, then change). */
async function setControl(page, selector, value) {
  await page.locator(selector).evaluate((el, v) => {
    if (el.type === 'checkbox' || el.type === 'radio') el.checked = v;
    else el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** Opens `url` in a new page of the same browser, waits for the page to be ready. */
async function reopen(url) {
  const page = await env.browser.context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

const weights = (page, selector) => page.locator(selector).first().evaluate((e) => Array.from(e.weights?.data ?? e.matrix?.data ?? []));

describe('state in the address', () => {
  test('lab: sizes, seed, kind, temperature, mask and typed Q round-trip; Back undoes the last change', async () => {
    const { page, errors } = await env.open('/playground/lab.html', { expose: false });
    await setControl(page, '#n', '5');
    await setControl(page, '#seed', '7');
    await setControl(page, '#kind input[value="cosine"]', true);
    await setControl(page, '#temperature', '0.5');
    await setControl(page, '#causal', true);
    await setControl(page, '#tokens', 'a b c d e');
    const q = await page.locator('#q-input').evaluate((e) => e.text);
    await page.locator('#q-input').evaluate((e, text) => { e.text = text.replace(/-?[0-9.]+/, '0.5'); }, q);
    const url = page.url();
    expect(new URL(url).searchParams.get('n')).toBe('5');
    expect(new URL(url).searchParams.get('q')).toMatch(/^\[\[0\.5,/);
    const shown = await weights(page, '#heatmap');
    const copy = await reopen(url);
    expect(await weights(copy, '#heatmap')).toEqual(shown);
    expect(await copy.locator('#causal').isChecked()).toBe(true);
    expect(await copy.locator('#tokens').inputValue()).toBe('a b c d e');
    await copy.close();
    // Back: the last committed change (the causal switch is before the typed text) is undone.
    await setControl(page, '#causal', false);
    await page.goBack();
    await page.waitForFunction(() => document.getElementById('causal').checked);
    expect(new URL(page.url()).searchParams.get('causal')).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('block explorer: the controls and the stage shown round-trip', async () => {
    const { page, errors } = await env.open('/playground/block.html', { expose: false });
    await setControl(page, '#heads input[value="4"]', true);
    await setControl(page, '#causal', true);
    await page.locator('#explorer').evaluate((e) => { e.stage = e.stages[5]; });
    await page.locator('#explorer').evaluate((e) => e.dispatchEvent(new CustomEvent('stage-change')));
    const url = page.url();
    const stage = await page.locator('#explorer').evaluate((e) => e.stage);
    const copy = await reopen(url);
    await copy.waitForFunction((s) => document.getElementById('explorer').stage === s, stage);
    expect(await copy.locator('#explorer').getAttribute('heads')).toBe('4');
    expect(await copy.locator('#causal').isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await copy.close();
    await page.close();
  });

  test('masks: every control round-trips', async () => {
    const { page, errors } = await env.open('/playground/masks.html', { expose: false });
    await setControl(page, '#n', '10');
    await setControl(page, '#window', '2');
    await setControl(page, '#bidirectional', false);
    const url = page.url();
    const shown = await weights(page, 'attn-mask-grid');
    const copy = await reopen(url);
    expect(await weights(copy, 'attn-mask-grid')).toEqual(shown);
    expect(await copy.locator('#bidirectional').isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await copy.close();
    await page.close();
  });

  test('tiny models: the model and the sampling controls round-trip', async () => {
    const { page, errors } = await env.open('/playground/models.html', { expose: false });
    await page.locator('#gpt').evaluate((e) => {
      e.settings = { model: 'sort' };
      e.settings = { prompt: 'abc|', seed: 5 };
      e.dispatchEvent(new CustomEvent('settings-change'));
    });
    const url = page.url();
    expect(new URL(url).searchParams.get('model')).toBe('sort');
    const copy = await reopen(url);
    expect(await copy.locator('#gpt').evaluate((e) => e.settings)).toMatchObject({ model: 'sort', prompt: 'abc|', seed: 5 });
    expect(errors).toEqual([]);
    await copy.close();
    await page.close();
  });

  test('?lang= wins over the stored choice and is kept in the address when switched', async () => {
    const { page } = await env.open('/playground/index.html?lang=ja', { expose: false });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await page.locator('attn-lang-switch button[data-lang="en"]').first().click();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    const other = await reopen(`${env.web.origin}/playground/lab.html?lang=ja`); // stored: en; the address says ja
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('ja');
    await other.close();
    await page.close();
  });

  test('the exercise gallery scrolls to #topic-… once the exercises exist', async () => {
    const page = await reopen(`${env.web.origin}/playground/exercises.html#topic-rope`);
    await page.waitForFunction(() => Math.abs(document.getElementById('topic-rope').getBoundingClientRect().top) < 40);
    await page.close();
  });
});

describe('exercise gallery progress', () => {
  test('solving an exercise counts it and ticks its topic; reset all clears both', async () => {
    const page = await reopen(`${env.web.origin}/playground/exercises.html?lang=en`);
    const total = await page.locator('attn-exercise').count();
    expect(await page.locator('#solved').innerText()).toBe('0');
    // Solve every exercise of one topic through the element's own API (its reference answer).
    const topic = await page.locator('attn-exercise').first().getAttribute('data-topic');
    const mine = page.locator(`attn-exercise[data-topic="${topic}"]`);
    for (let i = 0; i < await mine.count(); i++) {
      await mine.nth(i).evaluate(async (e) => {
        const p = e.prepared;
        if (e.definition.kind === 'choice') e.answer = p.answer;
        else if (e.definition.kind === 'code') e.answer = e.definition.code.solution;
        else {
          const { data, shape } = p.expected;
          const flat = Array.from(data);
          const nested = shape.length === 2 ? Array.from({ length: shape[0] }, (_, i) => flat.slice(i * shape[1], (i + 1) * shape[1])) : flat;
          e.answer = JSON.stringify(flat.length === 1 && shape.length < 2 ? flat[0] : nested);
        }
        const r = await e.check();
        if (!r?.correct) throw new Error(`${e.definition.id}: ${JSON.stringify(r)}`);
      });
    }
    const n = await mine.count();
    expect(await page.locator('#solved').innerText()).toBe(String(n));
    expect(await page.locator(`.toc a[data-topic="${topic}"] .tick`).innerText()).toBe('✓');
    expect(total).toBeGreaterThan(n);
    await page.locator('#reset-all').click();
    expect(await page.locator('#solved').innerText()).toBe('0');
    expect(await page.locator(`.toc a[data-topic="${topic}"] .tick`).innerText()).toBe('');
    await page.close();
  });
});
