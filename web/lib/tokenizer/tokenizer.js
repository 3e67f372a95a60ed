// The Tokenizer: text <-> token ids the way Hugging Face tokenizers does it for
// a tokenizer.json (added tokens cut out, normalizer, pre-tokenizer, BPE,
// post-processor; decoder back). Pure JS: no ready() needed. The readers of
// the three inputs (tokenizer.json, llama2.c tokenizer.bin, text to learn
// from) all produce the same parts; toHuggingFace writes them back.
import { checkBool, checkOptions, fail } from '../tensor.js';
import { AddedVocabulary } from './added_tokens.js';
import { DecodeStream } from './decode_stream.js';
import { typeName } from './fields.js';
import { llama2cParts } from './llama2c.js';
import { normalizeWithStart } from './normalizers.js';
import { parseJson, readTokenizerJson } from './read_json.js';
import { guessKind, guessSpecialTokens } from './describe.js';
import { wellFormed } from './text.js';
import { trainBpeJson } from './train_bpe.js';
import { writeTokenizerJson } from './write_json.js';

export class Tokenizer {
  #parts;
  #added;
  #kind;
  #special;

  /** Not for direct use: Tokenizer.fromHuggingFace, fromLlama2c or trainBpe. */
  constructor(parts, config = null) {
    this.#parts = parts;
    this.#added = new AddedVocabulary(parts.added, parts.normalizer?.apply ?? null);
    this.#kind = guessKind(parts);
    this.#special = Object.freeze(guessSpecialTokens(parts, config, (t) => this.tokenToId(t)));
  }

  /** A tokenizer.json (Uint8Array | ArrayBuffer | string | parsed object); opts.config: tokenizer_config.json likewise. */
  static fromHuggingFace(tokenizerJson, opts) {
    const fnName = 'Tokenizer.fromHuggingFace';
    const o = checkOptions(opts, fnName, ['config']);
    const config = o.config == null ? null : parseJson(o.config, fnName, 'opts.config (tokenizer_config.json)');
    return new Tokenizer(readTokenizerJson(parseJson(tokenizerJson, fnName)), config);
  }

  /** A llama2.c tokenizer.bin, read as run.c ('bpe', the default) or as a character vocabulary ('char'). */
  static fromLlama2c(tokenizerBin, opts) {
    const fnName = 'Tokenizer.fromLlama2c';
    const o = checkOptions(opts, fnName, ['kind']);
    return new Tokenizer(llama2cParts(fnName, tokenizerBin, o.kind ?? 'bpe'));
  }

  /** Byte-level BPE (GPT-2's pre-tokenizer) learnt from `text`; opts in tokenizer.d.ts. */
  static trainBpe(text, opts) {
    return new Tokenizer(readTokenizerJson(trainBpeJson('Tokenizer.trainBpe', text, opts)));
  }

  /** 'byte-level-bpe' | 'sentencepiece-bpe' | 'char' | 'byte' | 'bpe'. */
  get kind() { return this.#kind; }

  /** Highest id + 1 over the model vocabulary and the added tokens. */
  get vocabSize() { return this.#parts.vocabSize; }

  /** { bos?, eos?, unk?, pad? }: ids of the tokens with those roles. */
  get specialTokens() { return this.#special; }

  /** The added tokens: [{ id, content, special }], by id. */
  get addedTokens() {
    return this.#parts.added.map((t) => ({ id: t.id, content: t.content, special: t.special })).sort((a, b) => a.id - b.id);
  }

  idToToken(id) {
    if (!Number.isInteger(id)) return undefined;
    return this.#added.byId.get(id)?.content ?? this.#parts.model.idToToken[id];
  }

  tokenToId(token) {
    if (typeof token !== 'string') return undefined;
    return this.#added.byContent.get(token)?.id ?? this.#parts.model.vocab.get(token);
  }

  /** Token ids of `text`; opts.addSpecialTokens (default true) applies the post-processor. */
  encode(text, opts) {
    const fnName = 'Tokenizer.encode';
    const o = checkOptions(opts, fnName, ['addSpecialTokens']);
    const addSpecial = checkBool(o.addSpecialTokens ?? true, 'opts.addSpecialTokens');
    if (typeof text !== 'string') fail(`${fnName}: text must be a string (got ${typeName(text)})`);
    const ids = this.#encode(wellFormed(text));
    const post = this.#parts.postProcessor;
    return post ? post.process(ids, addSpecial) : ids;
  }

  /** The pieces of `text` as the vocabulary spells them; opts.addSpecialTokens defaults to false. */
  tokens(text, opts) {
    const o = checkOptions(opts, 'Tokenizer.tokens', ['addSpecialTokens']);
    return this.encode(text, { addSpecialTokens: o.addSpecialTokens ?? false }).map((id) => this.idToToken(id));
  }

  /** The text of `ids`; opts.skipSpecialTokens (default false) leaves out special tokens. */
  decode(ids, opts) {
    const fnName = 'Tokenizer.decode';
    const o = checkOptions(opts, fnName, ['skipSpecialTokens']);
    const skip = checkBool(o.skipSpecialTokens ?? false, 'opts.skipSpecialTokens');
    if (!Array.isArray(ids) && !(ArrayBuffer.isView(ids) && !(ids instanceof DataView))) {
      fail(`${fnName}: ids must be an array of token ids (got ${typeName(ids)})`);
    }
    const { model, decoder } = this.#parts;
    const pieces = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const piece = Number.isInteger(id) ? this.#added.forms.get(id) ?? model.idToToken[id] : undefined;
      if (piece === undefined) {
        const what = !Number.isInteger(id) ? 'is not an integer token id'
          : id >= 0 && id < this.vocabSize ? 'names no token' : `is outside the vocabulary 0..${this.vocabSize - 1}`;
        fail(`${fnName}: ids[${i}] (${typeof id === 'string' ? JSON.stringify(id) : String(id)}) ${what}`);
      }
      if (skip && this.#added.specialContents.has(piece)) continue;
      pieces.push(piece);
    }
    return decoder ? decoder.chain(pieces).join('') : pieces.join(' ');
  }

  /** Decoding one id at a time (for generation): { step(id) -> the text it adds, '' until a character is complete }. */
  decodeStream(opts) {
    const o = checkOptions(opts, 'Tokenizer.decodeStream', ['skipSpecialTokens']);
    const skip = checkBool(o.skipSpecialTokens ?? false, 'opts.skipSpecialTokens');
    return new DecodeStream((ids) => this.decode(ids, { skipSpecialTokens: skip }));
  }

  /** A tokenizer.json (string) that Tokenizer.fromHuggingFace and Hugging Face tokenizers read back as this tokenizer. */
  toHuggingFace() {
    return writeTokenizerJson(this.#parts);
  }

  #encode(text) {
    const { normalizer, preTokenizer, model } = this.#parts;
    const ids = [];
    const raw = [];
    this.#added.split({ text, start0: text ? String.fromCodePoint(text.codePointAt(0)).length : 0 }, 'raw', raw);
    for (const segment of raw) {
      if (segment.id !== undefined) {
        ids.push(segment.id);
        continue;
      }
      let piece = segment;
      if (normalizer) {
        const [normalized, start0] = segment.start0 > 0 ? normalizeWithStart(normalizer, segment.text, segment.start0) : [normalizer.apply(segment.text), 0];
        piece = { text: normalized, start0 };
      }
      const parts = [];
      this.#added.split(piece, 'normalized', parts);
      for (const part of parts) {
        if (part.id !== undefined) {
          ids.push(part.id);
          continue;
        }
        for (const p of preTokenizer ? preTokenizer.run([part]) : [part]) {
          for (const id of model.tokenize(p.text)) ids.push(id);
        }
      }
    }
    return ids;
  }
}
