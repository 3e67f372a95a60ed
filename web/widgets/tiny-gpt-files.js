// Local files for <attn-tiny-gpt>: read with progress (FileReader; nothing is
// uploaded), told apart when dropped together, and the checkpoint's format
// recognised by its first bytes. No model maths here.

/** Reads a File/Blob into an ArrayBuffer; onProgress(fraction) while it reads. */
export function readWithProgress(file, onProgress) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    reader.onload = () => { onProgress(1); resolve(reader.result); };
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Two dropped files -> { checkpoint, tokenizer }: a name containing "tok"
 * marks the tokenizer; otherwise the smaller file is taken for it.
 */
export function sortDroppedFiles(files) {
  const list = [...files];
  if (list.length === 1) return { checkpoint: list[0], tokenizer: null };
  const named = list.find((f) => /tok/i.test(f.name));
  const tokenizer = named ?? [...list].sort((a, b) => a.size - b.size)[0];
  const checkpoint = list.filter((f) => f !== tokenizer).sort((a, b) => b.size - a.size)[0];
  return { checkpoint, tokenizer };
}

/** 'gpt2' for our AGPT files (magic "AGPT"), else 'llama2c' (legacy or ak42). */
export function checkpointKind(bytes) {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return String.fromCharCode(...view.subarray(0, 4)) === 'AGPT' ? 'gpt2' : 'llama2c';
}

/**
 * A ModelWorker for a checkpoint (File/Blob, read here, or bytes) and its
 * tokenizer.bin: AGPT files load as GPT-2, everything else as llama2.c
 * (quantize applies to llama2.c only). onProgress(name, fraction) while reading.
 */
export async function workerForFiles(ModelWorker, checkpoint, tokenizer, { tokenizerKind, quantize }, onProgress) {
  const read = (file) => (!file || file instanceof ArrayBuffer || ArrayBuffer.isView(file)
    ? file ?? null : readWithProgress(file, (f) => onProgress(file.name, f)));
  const ckpt = await read(checkpoint);
  const tok = await read(tokenizer);
  if (checkpointKind(ckpt) === 'gpt2') return ModelWorker.fromGpt2(ckpt, tok, { tokenizerKind });
  return ModelWorker.fromLlama2c(ckpt, tok, { tokenizerKind, quantize });
}

/** How a token looks in a label: visible space and newline, bytes as <0xNN>. */
export function tokenLabel(bytes) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return [...bytes].map((b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`).join('');
  }
  if (text === '') return '∅';
  return text.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥');
}

/** MiB with one decimal (sizes the core reports). */
export const mebibytes = (bytes) => `${(bytes / 1048576).toFixed(bytes < 10485760 ? 2 : 1)} MiB`;
