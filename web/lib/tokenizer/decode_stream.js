// Decoding one token at a time, for generation: a token's text often
// depends on its neighbours (a byte token is part of a character, a leading
// "▁" or space is dropped only at the start), so each step decodes a short
// window of recent ids and returns what it adds to the text so far, or ''
// while the text ends in an unfinished character. Hugging Face's
// DecodeStream, step for step; the concatenated steps equal decode(ids).
import { AttnscopeError } from '../errors.js';

export class DecodeStream {
  #decode;
  #ids = [];
  #prefix = '';
  #prefixIndex = 0;

  /** decode: ids -> text (the tokenizer's decode with its options). */
  constructor(decode) {
    this.#decode = decode;
  }

  /** The text token `id` adds ('' until it completes a character). */
  step(id) {
    if (this.#prefix === '' && this.#ids.length) {
      const text = this.#decode(this.#ids);
      if (!text.endsWith('\uFFFD')) {
        this.#prefix = text;
        this.#prefixIndex = this.#ids.length;
      }
    }
    this.#ids.push(id);
    const text = this.#decode(this.#ids);
    if (text.length <= this.#prefix.length || text.endsWith('\uFFFD')) return '';
    if (!text.startsWith(this.#prefix)) {
      throw new AttnscopeError(`DecodeStream.step: decoding after token ${id} no longer starts with the text already given (${JSON.stringify(this.#prefix.slice(0, 40))})`);
    }
    const added = text.slice(this.#prefix.length);
    const nextIndex = this.#ids.length - this.#prefixIndex;
    this.#ids = this.#ids.slice(this.#prefixIndex);
    this.#prefix = this.#decode(this.#ids);
    this.#prefixIndex = nextIndex;
    return added;
  }
}
