// Types of attn-element.js: the base of the attnscope elements. Re-exported by index.d.ts.
import type { Lang } from './i18n.js';

/**
 * The base of the attnscope elements (attn-element.js), for authors of new
 * ones: it subscribes to the language, coalesces changes into one render()
 * per task, observes the element's width, waits for the core, and releases
 * everything in disconnectedCallback.
 *
 * ```js
 * class AttnDial extends AttnElement {
 *   static tag = 'attn-dial';
 *   static uses = { 'attn-heatmap': AttnHeatmap };  // defined in the same registry
 *   static needsCore = true;
 *   static observesSize = true;
 *   static get observedAttributes() { return ['angle', 'lang']; }
 *   render() { const a = numberAttr(this, 'angle', 0); ... this.emit('change', { angle: a }); }
 * }
 * AttnDial.define();
 * ```
 */
export declare class AttnElement extends HTMLElement {
  /** The default tag name of define(). */
  static tag: string;
  /** Child elements created by this element, by default tag name; define() registers them in the same registry. */
  static uses: Record<string, { define(name?: string, registry?: CustomElementRegistry): unknown }>;
  /** true: resized(width) is called when the element's content width changes. */
  static observesSize: boolean;
  /** true: render() is not called before the wasm core is ready. */
  static needsCore: boolean;
  /** Registers the class (and its `uses`) as `name` in `registry`; a class already registered there is left alone. */
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnElement;
  /** 'ja' | 'en': the element's own lang attribute, else the page's language. */
  readonly language: Lang;
  /** The content width last reported by the ResizeObserver (0 before the first report). */
  readonly width: number;
  /** Why the core failed to load, or null. */
  readonly coreError: Error | null;
  /** Whether render() may use the core. */
  readonly coreReady: boolean;
  /** Whether a render() is scheduled and has not run yet. */
  readonly renderPending: boolean;
  /** Calls render() once at the end of the current task, however often it is called. */
  schedule(): void;
  /** Runs `release` at the next disconnect. */
  onDisconnect(release: () => void): void;
  /** Dispatches CustomEvent `type` with `detail`. */
  emit(type: string, detail?: unknown): void;
  /** Hooks: override as needed. */
  connected(): void;
  disconnected(): void;
  render(): void;
  languageChanged(): void;
  attributeChanged(name: string, value: string | null, old: string | null): void;
  resized(width: number): void;
}
