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

const AK42 = 0x616b3432; // "ak42" read as a little-endian uint32: llama2.c's versioned export
const HEADER_NAMES = ['dim', 'hidden_dim', 'n_layers', 'n_heads', 'n_kv_heads', 'vocab_size', 'seq_len'];

/**
 * Why these bytes are not a llama2.c checkpoint, in words a learner can act
 * on ("its header says dim = 1196314761, …"), or null when the header looks
 * like one (AGPT and ak42 files are left to the core). The core checks
 * everything again; this only turns the common case — some other file —
 * into a readable sentence before the core reports a truncation.
 */
export function notACheckpoint(bytes) {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (checkpointKind(view) === 'gpt2') return null;
  if (view.byteLength < 28) return { bytes: view.byteLength, header: `nothing: the file has ${view.byteLength} bytes and a header needs 28` };
  const ints = new DataView(view.buffer, view.byteOffset, 28);
  if (ints.getUint32(0, true) === AK42) return null;
  const h = HEADER_NAMES.map((name, i) => [name, ints.getInt32(i * 4, true)]);
  const [dim, hidden, layers, heads, kvHeads, vocab, seq] = h.map(([, v]) => v);
  const plausible = dim > 0 && dim <= 65536 && hidden > 0 && hidden <= 1 << 20 && layers > 0 && layers <= 1024
    && heads > 0 && dim % heads === 0 && kvHeads > 0 && heads % kvHeads === 0 && Math.abs(vocab) > 0 && Math.abs(vocab) <= 1 << 22 && seq > 0 && seq <= 1 << 20;
  return plausible ? null : { bytes: view.byteLength, header: h.map(([n, v]) => `${n} = ${v}`).join(', ') };
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
  const wrong = notACheckpoint(ckpt);
  if (wrong) throw Object.assign(new Error('not a checkpoint'), { notACheckpoint: wrong });
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
