// Hugging Face folders as a page gets them, in Chromium under the CSP: the
// browser's own File objects (an <input webkitdirectory> given a fixture
// folder) into Model.fromHuggingFace and ModelWorker.fromHuggingFace (the
// Files go to the worker as they are), and bytes held by the page into a
// ModelWorker, which then asks the page for one range at a time. Logits are
// the PyTorch references of scripts/gen_fixtures_hf.py.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { usePlayground } from './browser.js';

const env = usePlayground();
const FIXTURES = new URL('../fixtures/hf/', import.meta.url);
const refs = JSON.parse(readFileSync(new URL('references.json', FIXTURES), 'utf8')).folders;
const REL = 1e-4; // as tests/js/hf_load.test.js

function worstRelative(got, want) {
  let worst = 0, scale = 1;
  want.forEach((w, i) => { worst = Math.max(worst, Math.abs(got[i] - w)); scale = Math.max(scale, Math.abs(w)); });
  return worst / scale;
}

let shared = null; // one page for the file: each test gives its input another folder

async function pageWithFolder(name) {
  if (!shared) {
    shared = await env.open('/playground/basics.html');
    await shared.page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'folder';
      input.webkitdirectory = true;
      input.multiple = true;
      document.body.append(input);
    });
  }
  await shared.page.setInputFiles('#folder', new URL(name, FIXTURES).pathname);
  return shared;
}

describe('Hugging Face folders from the page\'s File objects', () => {
  test('Model and ModelWorker read a dropped folder (one file and shards) and give PyTorch\'s logits', async () => {
    for (const name of ['llama_bf16', 'gpt2_f32']) {
      const { page, errors } = await pageWithFolder(name);
      const { tokens, logits } = refs[name];
      const got = await page.evaluate(async (ids) => {
        const attn = globalThis.attnscope;
        const files = document.getElementById('folder').files;
        const phases = [];
        const model = await attn.Model.fromHuggingFace(files, { onProgress: (p) => phases.push(p.phase) });
        const main = { config: model.config, logits: Array.from(model.forward(ids).logits.data), phases: [...new Set(phases)] };
        model.dispose();
        const worker = await attn.ModelWorker.fromHuggingFace(files, { onProgress: (p) => phases.push(p.phase) });
        const inWorker = Array.from((await worker.forward(ids)).logits.data);
        worker.dispose();
        return { ...main, inWorker, names: Array.from(files, (f) => f.name).sort() };
      }, tokens);
      expect(got.names).toContain('config.json');
      expect(got.config).toMatchObject({ format: 'safetensors', name });
      expect(got.phases).toEqual(['config', 'weights', 'done']);
      expect(worstRelative(got.logits, logits.flat())).toBeLessThanOrEqual(REL);
      expect(worstRelative(got.inWorker, logits.flat())).toBeLessThanOrEqual(REL);
      expect(errors).toEqual([]);
    }
  });

  test('bytes the page holds go to a worker one range at a time; a bad folder is an AttnscopeError in the page', async () => {
    const { page, errors } = await pageWithFolder('llama_f16');
    const { tokens, logits } = refs.llama_f16;
    const got = await page.evaluate(async (ids) => {
      const attn = globalThis.attnscope;
      const files = Object.fromEntries(await Promise.all(Array.from(document.getElementById('folder').files,
        async (f) => [f.name, new Uint8Array(await f.arrayBuffer())])));
      const worker = await attn.ModelWorker.fromHuggingFace(files);
      const out = Array.from((await worker.forward(ids)).logits.data);
      worker.dispose();
      let bad = null;
      try {
        await attn.ModelWorker.fromHuggingFace({ ...files, 'config.json': '{"architectures": ["BertModel"]}' });
      } catch (e) {
        bad = { name: e.name, message: e.message, isAttnscope: e instanceof attn.AttnscopeError };
      }
      const stop = new AbortController();
      stop.abort();
      const aborted = await attn.Model.fromHuggingFace(files, { signal: stop.signal }).catch((e) => e.name);
      return { out, bad, aborted };
    }, tokens);
    expect(worstRelative(got.out, logits.flat())).toBeLessThanOrEqual(REL);
    expect(got.bad).toMatchObject({ isAttnscope: true });
    expect(got.bad.message).toMatch(/config\.json: architectures \["BertModel"\] is not supported/);
    expect(got.aborted).toBe('AbortError');
    expect(errors).toEqual([]);
    await page.close();
    shared = null;
  });
});
