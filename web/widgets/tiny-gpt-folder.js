// Hugging Face folders for <attn-tiny-gpt>: which of the chosen or dropped
// files belong to the model (config.json, the .safetensors file or shards
// with their index, tokenizer.json; a README or .gitattributes beside them
// is left out), and the files of a folder dropped as a folder (Chromium,
// Firefox and WebKit give only the folder itself in dataTransfer.files; its
// files come from webkitGetAsEntry). Nothing is read here but the listing.

const MODEL_FILE = /^(config\.json|tokenizer\.json|model\.safetensors\.index\.json|.*\.safetensors)$/;

/** True when the files are a Hugging Face folder (one of them is config.json). */
export const isHuggingFaceFolder = (files) => [...files].some((f) => f.name === 'config.json');

/**
 * The files the model is read from, and what to call it: the folder's name
 * (a picked folder's webkitRelativePath, or a dropped folder's) and the total
 * size in bytes of what will be read.
 */
export function huggingFaceFiles(files, folder = null) {
  const chosen = [...files].filter((f) => MODEL_FILE.test(f.name)
    && (f.webkitRelativePath ?? '').split('/').length <= 2); // the folder's own files, not a subfolder's
  const first = chosen.find((f) => f.webkitRelativePath?.includes('/'));
  const name = folder ?? (first ? first.webkitRelativePath.split('/')[0] : null);
  return { files: chosen, name, bytes: chosen.reduce((n, f) => n + f.size, 0) };
}

const fileOf = (entry) => new Promise((resolve, reject) => entry.file(resolve, reject));

async function entriesOf(dir) {
  const reader = dir.createReader();
  const all = [];
  for (;;) { // readEntries gives at most 100 at a time
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return all;
    all.push(...batch);
  }
}

/**
 * What a drop holds: { files: File[], folder } where a dropped folder
 * contributes its own files (not its subfolders') and its name.
 */
export async function droppedFiles(dataTransfer) {
  const entries = [...(dataTransfer?.items ?? [])].map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
  const dir = entries.find((e) => e.isDirectory);
  if (!dir) return { files: [...(dataTransfer?.files ?? [])], folder: null };
  const inside = (await entriesOf(dir)).filter((e) => e.isFile);
  return { files: await Promise.all(inside.map(fileOf)), folder: dir.name };
}
