// The files of a Hugging Face folder, however they were given: an object (or
// a Map) of name -> ArrayBuffer, typed array, string (the .json files),
// Blob/File, or reader { size, read(offset, length) -> Promise<bytes> } (say,
// over HTTP range requests); or a list of browser Files (an <input
// webkitdirectory>'s FileList, a drop). Each becomes a source that reads a
// byte range on demand, so a big file is never held twice: bytes are sliced
// (no copy), a File is read a piece at a time (File.slice().arrayBuffer()).
import { fail } from '../tensor.js';
import { typeName } from '../ops/model_load.js';

const isBlob = (v) => typeof Blob === 'function' && v instanceof Blob;

const isReader = (v) => v !== null && typeof v === 'object' && typeof v.read === 'function' && Number.isSafeInteger(v.size) && v.size >= 0;

function source(name, value, where) {
  if (isReader(value) && !isBlob(value)) {
    return {
      name, size: value.size,
      async read(offset, length) {
        const b = await value.read(offset, length);
        return b instanceof ArrayBuffer ? new Uint8Array(b) : ArrayBuffer.isView(b) ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new Uint8Array(0);
      },
    };
  }
  if (isBlob(value)) {
    return {
      name, size: value.size, blob: value,
      async read(offset, length) { return new Uint8Array(await value.slice(offset, offset + length).arrayBuffer()); },
    };
  }
  let bytes;
  if (typeof value === 'string') {
    if (!name.endsWith('.json')) fail(`${where}: a string is only read as the text of a .json file; give '${name}' as bytes`);
    bytes = new TextEncoder().encode(value);
  } else if (value instanceof ArrayBuffer) bytes = new Uint8Array(value);
  else if (ArrayBuffer.isView(value)) bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  else fail(`${where}: '${name}' must be an ArrayBuffer, a Uint8Array, a Blob or File, or a reader { size, read } (got ${typeName(value)})`);
  return { name, size: bytes.length, async read(offset, length) { return bytes.subarray(offset, offset + length); } };
}

const baseName = (path) => path.slice(path.lastIndexOf('/') + 1);

/**
 * files -> { sources: Map(base name -> source), folder } where folder is the
 * dropped folder's name (a File's webkitRelativePath) or null.
 */
export function fileSources(files, fnName) {
  const where = `${fnName}: files`;
  const sources = new Map();
  let folder = null;
  const put = (path, value) => {
    const name = baseName(path);
    if (sources.has(name)) fail(`${where}: two files are called '${name}'; give one folder's files`);
    sources.set(name, source(name, value, where));
  };
  if (files instanceof Map) {
    for (const [path, value] of files) if (value != null) put(String(path), value);
  } else if (files !== null && typeof files === 'object' && typeof files[Symbol.iterator] === 'function' && !ArrayBuffer.isView(files)) {
    for (const f of files) {
      if (!isBlob(f) || typeof f.name !== 'string') fail(`${where}: a list must hold browser File objects (got ${typeName(f)})`);
      put(f.name, f);
      folder ??= f.webkitRelativePath?.includes('/') ? f.webkitRelativePath.split('/')[0] : null;
    }
  } else if (files !== null && typeof files === 'object' && !ArrayBuffer.isView(files) && !(files instanceof ArrayBuffer)) {
    for (const [path, value] of Object.entries(files)) if (value != null) put(path, value);
  } else {
    fail(`${where} must map file names to bytes ({ 'config.json': ..., 'model.safetensors': ... }) or be a list of Files (got ${typeName(files)})`);
  }
  return { sources, folder };
}

/** The text of a (small) source, as UTF-8. */
export async function readText(src) {
  const bytes = await src.read(0, src.size);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail(`${src.name}: the file is not UTF-8 text`);
  }
}

/** JSON.parse of a source; the error names the file. */
export async function readJson(src) {
  const text = await readText(src);
  try {
    return JSON.parse(text);
  } catch (e) {
    return fail(`${src.name}: not valid JSON (${e.message})`);
  }
}
