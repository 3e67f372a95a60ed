// A Model's text: token ids <-> text through either the core's tokenizer
// (run.c's tokenizer.bin, kind 'bpe' or 'char', held by the ModelHandle) or
// an attn.Tokenizer (a Hugging Face folder's tokenizer.json). Model.encode,
// decode, piece, generation's text and toHuggingFace's tokenizer.json go
// through one of these two; the Model never asks which.
import { withHeap } from '../heap.js';
import { AttnscopeError } from '../errors.js';
import { Tokenizer } from '../tokenizer/tokenizer.js';
import { fail } from '../tensor.js';

/** Longest text encode() takes: 16 MiB of UTF-8. */
export const MAX_TEXT_BYTES = 2 ** 24;
const BOS = 1, EOS = 2; // run.c's; its decode prints nothing for them

// A scratch buffer in the wasm heap kept by the model (st.scratch, freed by
// dispose), grown on demand: one per generated token would churn malloc.
function scratch(st, bytes) {
  if (st.scratchBytes < bytes) {
    if (st.scratch) st.M._free(st.scratch);
    st.scratch = st.M._malloc(bytes);
    st.scratchBytes = st.scratch ? bytes : 0;
    if (!st.scratch) fail(`out of memory allocating ${bytes} bytes`);
  }
  return st.scratch;
}

function checkLength(fnName, text) {
  const bytes = new TextEncoder().encode(text);
  // The core's merge scratch grows with the text; past this a failed
  // allocation would end the instance instead of throwing.
  if (bytes.length > MAX_TEXT_BYTES) fail(`${fnName}: text is ${bytes.length} bytes of UTF-8, over the limit of ${MAX_TEXT_BYTES}`);
  return bytes;
}

/** The core's tokenizer of state st ({ M, h }); tokenizerBin/kind: the file it was read from, for export. */
export function coreText(st, tokenizerBin, kind) {
  const { M, h } = st;
  const piece = (fnName, prev, id, out) => {
    const p = scratch(st, out.length);
    const n = h.piece(prev, id, p, out.length);
    if (n < 0) fail(`${fnName}: ${h.error()}`);
    out.set(new Uint8Array(M.HEAPU8.buffer, p, n));
    return n;
  };
  return {
    encode(fnName, text, bos, eos) {
      const bytes = checkLength(fnName, text);
      return withHeap(fnName, (heap) => {
        const p = heap.input(bytes, 'text');
        const out = heap.output(bytes.length + 3, 'the token ids');
        const n = h.encode(p, bytes.length, bos, eos, out);
        if (n < 0) fail(`${fnName}: ${h.error()}`);
        return Array.from(new Int32Array(M.HEAP32.buffer, out, n));
      });
    },
    decode(fnName, ids) {
      const tokens = Int32Array.from(ids);
      const cap = tokens.length * h.maxPieceBytes();
      const bytes = withHeap(fnName, (heap) => {
        const p = heap.input(tokens, 'ids');
        const out = heap.output(Math.ceil(cap / 4), 'the text');
        const n = h.decode(p, tokens.length, out, cap);
        if (n < 0) fail(`${fnName}: ${h.error()}`);
        return M.HEAPU8.slice(out, out + n);
      });
      return new TextDecoder().decode(bytes);
    },
    piece(fnName, id, prev) {
      const out = new Uint8Array(h.maxPieceBytes());
      return out.slice(0, piece(fnName, prev, id, out));
    },
    /** A generation's text, token by token: step(prev, id) -> the text it completes; end() -> the rest. */
    stream(fnName) {
      const bytes = new Uint8Array(Math.max(16, h.maxPieceBytes()));
      const decoder = new TextDecoder();
      return {
        step: (prev, id) => (id === BOS || id === EOS ? '' : decoder.decode(bytes.subarray(0, piece(fnName, prev, id, bytes)), { stream: true })),
        end: () => decoder.decode(), // a character left incomplete
      };
    },
    /** tokenizer.json of this vocabulary (attn.Tokenizer reads tokenizer.bin as run.c does). */
    toHuggingFace(fnName) {
      if (!tokenizerBin) fail(`${fnName}: the model's tokenizer was not kept`);
      return Tokenizer.fromLlama2c(tokenizerBin, { kind }).toHuggingFace();
    },
  };
}

// An attn.Tokenizer's error with the caller's name in front of its own.
function rethrow(fnName, e) {
  if (e instanceof AttnscopeError) throw new AttnscopeError(`${fnName}: ${e.message.replace(/^Tokenizer\.\w+: /, '')}`);
  throw e;
}

/** An attn.Tokenizer as a Model's text (special tokens print nothing, as run.c's BOS and EOS). */
export function tokenizerText(tok) {
  const decode = (fnName, ids, skip) => {
    try {
      return tok.decode(ids, { skipSpecialTokens: skip });
    } catch (e) {
      return rethrow(fnName, e);
    }
  };
  return {
    encode(fnName, text, bos, eos) {
      checkLength(fnName, text);
      let ids;
      try {
        ids = tok.encode(text, { addSpecialTokens: bos });
      } catch (e) {
        rethrow(fnName, e);
      }
      const end = tok.specialTokens.eos;
      return eos && end !== undefined ? [...ids, end] : ids;
    },
    decode: (fnName, ids) => decode(fnName, Array.from(ids), true),
    piece(fnName, id, prev) {
      const before = decode(fnName, [prev], false);
      return new TextEncoder().encode(decode(fnName, [prev, id], false).slice(before.length));
    },
    stream(fnName, promptIds) {
      const ds = tok.decodeStream({ skipSpecialTokens: true });
      for (const id of promptIds) ds.step(id); // the prompt's context (a leading space, a split character)
      return {
        step: (prev, id) => {
          try {
            return ds.step(id);
          } catch (e) {
            return rethrow(fnName, e);
          }
        },
        end: () => '',
      };
    },
    toHuggingFace: () => tok.toHuggingFace(),
  };
}
