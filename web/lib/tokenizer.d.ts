// Types of attn.Tokenizer (web/lib/tokenizer/): text <-> token ids exactly as
// Hugging Face tokenizers does it for a tokenizer.json. Pure JS: no ready().

/** Bytes of a file, its text, or (tokenizer.json only) the parsed JSON object. */
export type TokenizerFile = Uint8Array | ArrayBuffer | string | Record<string, unknown>;

/**
 * What a tokenizer is: GPT-2-style byte-level BPE, SentencePiece-style BPE
 * (Llama 2's metaspace "▁" and byte fallback, llama2.c's tokenizer.bin), a
 * character vocabulary (one token per character, no merges), a byte
 * vocabulary (the 256 <0xHH> tokens, no merges), or another BPE.
 */
export type TokenizerKind = 'byte-level-bpe' | 'sentencepiece-bpe' | 'char' | 'byte' | 'bpe';

/** Ids of the tokens with these roles, where the file (or tokenizer_config.json) names them. */
export interface SpecialTokenIds {
  bos?: number;
  eos?: number;
  unk?: number;
  pad?: number;
}

export interface TrainBpeOptions {
  /** Tokens to end with: the special tokens + 256 byte tokens + the merges learnt. */
  vocabSize: number;
  /** A pair seen fewer times than this is never merged (default 2). */
  minFrequency?: number;
  /** Special tokens, ids 0, 1, …, never merged from text (default ['<|endoftext|>']). */
  specialTokens?: string[];
  /** Called every 100 merges. */
  onProgress?: (p: { merges: number; vocabSize: number }) => void;
}

/**
 * A tokenizer. `encode` gives the ids Hugging Face tokenizers gives for the
 * same tokenizer.json (tested against it, js-tiktoken and SentencePiece);
 * lone surrogates in the text are read as U+FFFD first, as TextEncoder does.
 *
 * Reads BPE models (merges as "a b" strings or [a, b] pairs; byte_fallback,
 * fuse_unk, ignore_merges, unk_token); normalizers NFC, NFD, NFKC, NFKD,
 * Lowercase, Strip, StripAccents, Prepend, Replace, ByteLevel, Sequence;
 * pre-tokenizers ByteLevel, Split, Metaspace, Digits, Whitespace,
 * WhitespaceSplit, Sequence; decoders ByteLevel, Replace, ByteFallback, Fuse,
 * Strip, Metaspace, BPEDecoder, Sequence; post-processors TemplateProcessing,
 * ByteLevel, Sequence; added and special tokens with single_word, lstrip,
 * rstrip and normalized. Anything else (WordPiece, Unigram, WordLevel models,
 * Precompiled normalizers, BPE dropout, …) throws an AttnscopeError naming it.
 * "truncation" and "padding" are kept but not applied.
 *
 * @example
 * const tok = attn.Tokenizer.fromHuggingFace(await (await fetch('tokenizer.json')).arrayBuffer());
 * tok.encode('Hello world');       // [15496, 995] for GPT-2
 * tok.tokens('Hello world');       // ['Hello', 'Ġworld']
 * tok.decode([15496, 995]);        // 'Hello world'
 */
export class Tokenizer {
  private constructor();

  /**
   * A tokenizer.json. `opts.config` (tokenizer_config.json, same forms) names
   * the bos/eos/unk/pad tokens where tokenizer.json does not.
   */
  static fromHuggingFace(tokenizerJson: TokenizerFile, opts?: { config?: TokenizerFile }): Tokenizer;

  /**
   * A llama2.c tokenizer.bin. 'bpe' (default) encodes as run.c does: a dummy
   * prefix " " (when the vocabulary has that token), the highest-scoring
   * merges first, <0xHH> byte tokens for characters the vocabulary lacks;
   * 'char' maps each character to its token (unknown ones to <unk>). Ids 0,
   * 1, 2 are the special <unk>, BOS, EOS; encode puts BOS first.
   */
  static fromLlama2c(tokenizerBin: Uint8Array | ArrayBuffer, opts?: { kind?: 'bpe' | 'char' }): Tokenizer;

  /**
   * Byte-level BPE learnt from `text` (GPT-2's pre-tokenizer and byte table;
   * the merges Hugging Face's BpeTrainer learns). A string, or an array of
   * texts that are pre-tokenized separately.
   * @example attn.Tokenizer.trainBpe(text, { vocabSize: 4096 })
   */
  static trainBpe(text: string | string[], opts: TrainBpeOptions): Tokenizer;

  readonly kind: TokenizerKind;
  /** Highest id + 1 over the model vocabulary and the added tokens. */
  readonly vocabSize: number;
  readonly specialTokens: Readonly<SpecialTokenIds>;
  /** The added tokens (special or not), by id. */
  readonly addedTokens: ReadonlyArray<{ id: number; content: string; special: boolean }>;

  /**
   * Token ids of `text`, as Hugging Face's `encode(text).ids`.
   * `addSpecialTokens` (default true) applies the post-processor (Llama's <s>).
   */
  encode(text: string, opts?: { addSpecialTokens?: boolean }): number[];
  /** The text of `ids`, as Hugging Face's `decode`; throws for an id that names no token. */
  decode(ids: ArrayLike<number>, opts?: { skipSpecialTokens?: boolean }): string;
  /** The pieces of `text` as the vocabulary spells them ('Ġworld', '▁the', '<0x0A>'). `addSpecialTokens` defaults to false. */
  tokens(text: string, opts?: { addSpecialTokens?: boolean }): string[];
  /**
   * Decoding one id at a time, as Hugging Face's DecodeStream: each `step(id)`
   * returns the text that id adds ('' while a character is unfinished, e.g.
   * the first byte token of an emoji); the steps together equal `decode(ids)`.
   * @example const s = tok.decodeStream(); for (const id of ids) process.stdout.write(s.step(id));
   */
  decodeStream(opts?: { skipSpecialTokens?: boolean }): { step(id: number): string };
  idToToken(id: number): string | undefined;
  tokenToId(token: string): number | undefined;
  /** A tokenizer.json (a string) that fromHuggingFace and Hugging Face tokenizers read back as this tokenizer. */
  toHuggingFace(): string;
}
