// Types of <attn-kv-cache> (attn-kv-cache.js); index.d.ts re-exports them.

/**
 * `<attn-kv-cache>`: the memory of a KV cache, 2·L·B·Hkv·T·D·bytes, for MHA
 * (Hkv = H), GQA (Hkv = `kv-heads`) and MQA (Hkv = 1) side by side, per
 * token and at T tokens, each from `attn.kvCacheBytes` (exact in bytes).
 * Presets: 'gpt2-small' (12 layers, 12 heads, D 64), 'llama2-7b' (32, 32,
 * 128), 'llama2-70b' (80 layers, 64 heads, 8 KV heads, 128; the default).
 *
 * ```html
 * <attn-kv-cache preset="llama2-7b" dtype="float16" tokens="4096"></attn-kv-cache>
 * ```
 *
 * Attributes: `preset`, `layers`, `heads`, `kv-heads`, `head-dim`, `tokens`,
 * `batch` (default 1), `dtype` ('float16' default, 'bfloat16', 'float32',
 * 'int8'), `caption`, `lang`. Events: `change` (detail {rows}); `error`.
 */
export declare class AttnKvCache extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnKvCache;
  static readonly observedAttributes: string[];
  /** The rows shown: bytes per token and at T tokens × batch, for MHA, GQA and MQA. */
  readonly values: { kind: 'mha' | 'gqa' | 'mqa'; kvHeads: number; perToken: number; total: number }[] | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-kv-cache': AttnKvCache;
  }
}
