// Loading a tiny model into a ModelHandle (wasm_bindings/model_bindings.cpp),
// and the checks the Model class shares: file bytes, token ids. The core
// reads the files and says what is wrong with them; this turns its message
// into an AttnscopeError naming the argument.
import { TOKENIZER_KIND as KINDS } from '../enums.js';
import { withHeap } from '../heap.js';
import { module } from '../runtime.js';
import { checkBool, checkEnum, checkInt, checkOptions, fail } from '../tensor.js';

export function typeName(v) {
  if (v === null) return 'null';
  return ArrayBuffer.isView(v) ? v.constructor.name : typeof v === 'object' ? (v.constructor?.name ?? 'object') : typeof v;
}

/** Checks one token id against the vocabulary. */
export function tokenId(fnName, id, name, vocabSize) {
  if (!Number.isInteger(id)) fail(`${fnName}: ${name} must be an integer token id (got ${typeof id === 'number' ? id : typeName(id)})`);
  if (id < 0 || id >= vocabSize) fail(`${fnName}: ${name} is ${id}, outside the vocabulary 0..${vocabSize - 1}`);
  return id;
}

/** ArrayBuffer | ArrayBufferView -> Uint8Array over the same bytes. */
function bytesOf(v, name, fnName) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return fail(`${fnName}: ${name} must be an ArrayBuffer or a Uint8Array of the file's bytes (got ${typeName(v)})`);
}

/** Reads a tokenizer.bin (kind 'bpe' | 'char', checked) into the handle h. */
function loadTokenizer(fnName, h, tok, kind) {
  withHeap(fnName, (heap) => {
    const p = heap.input(tok, 'the tokenizer');
    if (h.loadTokenizer(p, tok.byteLength, KINDS[kind]) !== 0) fail(`${fnName}: tokenizer: ${h.error()}`);
  });
}

/**
 * A new ModelHandle made by `make(h)` (Model.create: a trainable model; it
 * throws on failure) with an optional tokenizer; { M, h, tokenizerFile: a
 * copy of its { bytes, kind } or null }, the handle freed on any error.
 */
export function newHandle(fnName, make, tokenizer, tokenizerKind) {
  const kind = checkEnum(tokenizerKind ?? 'bpe', 'opts.tokenizerKind', Object.keys(KINDS));
  const tok = tokenizer == null ? null : bytesOf(tokenizer, 'opts.tokenizer', fnName);
  const M = module();
  const h = new M.ModelHandle();
  try {
    make(h);
    if (tok) loadTokenizer(fnName, h, tok, kind);
  } catch (e) {
    h.dispose();
    h.delete();
    throw e;
  }
  return { M, h, tokenizerFile: tok ? { bytes: tok.slice(), kind } : null };
}

/**
 * A new ModelHandle holding the checkpoint (arch 'llama': llama2.c legacy or
 * ak42; 'gpt2': AGPT) and the tokenizer (or none); returns { M, h,
 * tokenizerFile } as newHandle. On any error the handle is freed and an
 * AttnscopeError thrown.
 */
export function loadHandle(fnName, arch, checkpoint, tokenizer, opts) {
  const known = ['maxSeqLen', 'tokenizerKind', 'quantize', 'groupSize'];
  const o = checkOptions(opts, fnName, known);
  const maxSeqLen = checkInt(o.maxSeqLen ?? 0, 'opts.maxSeqLen', { min: 0 });
  const quantize = checkBool(o.quantize ?? false, 'opts.quantize');
  const groupSize = checkInt(o.groupSize ?? 64, 'opts.groupSize', { min: 1 });
  const kind = checkEnum(o.tokenizerKind ?? 'bpe', 'opts.tokenizerKind', Object.keys(KINDS));
  const ckpt = bytesOf(checkpoint, 'checkpoint', fnName);
  const tok = tokenizer == null ? null : bytesOf(tokenizer, 'tokenizer', fnName);
  const M = module();
  const h = new M.ModelHandle();
  try {
    withHeap(fnName, (heap) => { // the core copies the bytes: they are freed right after
      const p = heap.input(ckpt, 'the checkpoint');
      const status = arch === 'llama'
        ? h.loadLlama2c(p, ckpt.byteLength, maxSeqLen, quantize, groupSize)
        : h.loadGpt2(p, ckpt.byteLength, maxSeqLen, quantize, groupSize);
      if (status !== 0) fail(`${fnName}: checkpoint: ${h.error()}`);
    });
    if (tok) loadTokenizer(fnName, h, tok, kind);
  } catch (e) {
    h.dispose();
    h.delete();
    throw e;
  }
  return { M, h, tokenizerFile: tok ? { bytes: tok.slice(), kind } : null };
}
