// Package files (the default models) fetched once per browser: kept in Cache
// Storage, which a page and its workers share, so a second visit or a switch
// back to a model downloads nothing. Reading reports byte progress.
import { AttnscopeError } from './errors.js';

const CACHE_NAME = 'attnscope-assets-v1';

async function openCache() {
  try {
    return globalThis.caches ? await globalThis.caches.open(CACHE_NAME) : null;
  } catch {
    return null; // opaque origins and some privacy modes have no Cache Storage
  }
}

/** Reads a response body, calling onProgress(loaded, total) as bytes arrive (total 0 when unknown). */
async function readBody(response, onProgress) {
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!onProgress || !response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let loaded = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) { bytes.set(c, at); at += c.length; }
  return bytes;
}

/**
 * The bytes at `url` (http(s)): from Cache Storage when there, else fetched
 * (with onProgress(loaded, total)) and stored for next time.
 */
export async function cachedBytes(url, { onProgress } = {}) {
  const key = String(url);
  const cache = /^https?:/.test(key) ? await openCache() : null;
  const hit = await cache?.match(key);
  if (hit) {
    const bytes = new Uint8Array(await hit.arrayBuffer());
    onProgress?.(bytes.length, bytes.length);
    return bytes;
  }
  const response = await fetch(key);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const bytes = await readBody(response, onProgress);
  await cache?.put(key, new Response(bytes, { headers: { 'Content-Type': 'application/octet-stream' } })).catch(() => {});
  return bytes;
}

/**
 * Downloads a default model's files into Cache Storage (browsers), calling
 * onProgress({loaded, total}) in bytes over both files, so that
 * Model.default / ModelWorker.default then read them without a download.
 * Resolves at once where there is nothing to fetch (Node reads from disk).
 */
export async function preloadDefaultModel(name, { onProgress } = {}) {
  const { DEFAULT_MODELS } = await import('./ops/model_files.js');
  const files = DEFAULT_MODELS[name];
  if (!files) throw new AttnscopeError(`preloadDefaultModel: name must be one of ${Object.keys(DEFAULT_MODELS).map((n) => `'${n}'`).join(', ')} (got ${JSON.stringify(name)})`);
  const urls = [files.checkpoint, files.tokenizer].filter((u) => /^https?:/.test(String(u)));
  const seen = urls.map(() => ({ loaded: 0, total: 0 }));
  const report = () => onProgress?.(seen.reduce((a, s) => ({ loaded: a.loaded + s.loaded, total: a.total + s.total }), { loaded: 0, total: 0 }));
  try {
    await Promise.all(urls.map((url, i) => cachedBytes(url, { onProgress: (loaded, total) => { seen[i] = { loaded, total }; report(); } })));
  } catch (e) {
    throw new AttnscopeError(`preloadDefaultModel: could not read the '${name}' model: ${e?.message ?? e}`);
  }
}
