// AttnElement: the lifecycle every attnscope element repeats, in one place.
// - define(name, registry) registers the element and, in the same registry,
//   the child elements it creates (static `uses`), so a page with its own
//   registry or tag names gets a working tree;
// - the language: languageChanged() runs on every setLang (default: schedule);
// - rendering: schedule() coalesces any number of changes into one render()
//   at the end of the current task, and only while connected;
// - size (static observesSize): resized(width) on every change of the
//   element's content width (default: schedule); `width` holds the last one;
// - the core (static needsCore): no render() before attn.ready() resolves;
//   `coreError` holds a load failure, and render() is called to show it;
// - cleanup: everything subscribed here, and whatever onDisconnect() was
//   given, is released in disconnectedCallback.
// Attribute parsing lives in attributes.js (module functions, re-exported).
import { langFor, onLangChange } from './i18n.js';

export { boolAttr, numberAttr, intAttr, enumAttr, wordsAttr } from './attributes.js';

export class AttnElement extends HTMLElement {
  /** The default tag name of define(); each subclass sets its own. */
  static tag = '';
  /** Child elements this element creates, by default tag name: { 'attn-stepper': AttnStepper }. */
  static uses = {};
  /** true: a ResizeObserver calls resized(width). */
  static observesSize = false;
  /** true: render() waits for the wasm core (attn.ready()). */
  static needsCore = false;

  /**
   * Registers this class as `name` in `registry` (default: the global one),
   * after its children. A class already registered there is left alone.
   */
  static define(name = this.tag, registry = customElements) {
    for (const [childName, Child] of Object.entries(this.uses)) Child.define(childName, registry);
    const known = registry.getName?.(this) ?? (registry.get(name) === this ? name : null);
    if (!known && !registry.get(name)) registry.define(name, this);
    else if (!known) {
      // Two copies of attnscope on one page (say a folder and a bundle): the first one's element stays.
      console.warn(`attnscope: <${name}> is already defined by another copy of the widgets; this copy's element is not used. Load the widgets from one place (docs/TROUBLESHOOTING.md).`);
    }
    return this;
  }

  #cleanups = [];
  #queued = false;
  #width = 0;
  #coreReady = false;
  #coreError = null;

  connectedCallback() {
    this.#cleanups.push(onLangChange(() => this.languageChanged()));
    if (this.constructor.observesSize) {
      const observer = new ResizeObserver(([entry]) => {
        const width = Math.floor(entry.contentRect.width);
        if (width !== this.#width) { this.#width = width; this.resized(width); }
      });
      observer.observe(this);
      this.#cleanups.push(() => observer.disconnect());
    }
    if (this.constructor.needsCore && !this.#coreReady && !this.#coreError) {
      // Imported on demand: a page whose elements need no core (the nav) does not download it.
      import('./core.js').then((core) => core.ready())
        .then(() => { this.#coreReady = true; }, (e) => { this.#coreError = e; }).finally(() => this.schedule());
    }
    this.connected();
    this.schedule();
  }

  disconnectedCallback() {
    for (const release of this.#cleanups.splice(0)) release();
    this.disconnected();
  }

  // setAttribute with an unchanged value still calls back: nothing to redo.
  attributeChangedCallback(name, old, value) {
    if (old !== value) this.attributeChanged(name, value, old);
  }

  /** The language this element speaks: its own lang attribute, else the page's. */
  get language() { return langFor(this); }
  /** The content width last seen by the ResizeObserver (0 before the first). */
  get width() { return this.#width; }
  /** The error the core failed to load with, or null. */
  get coreError() { return this.#coreError; }
  /** Whether render() may use the core (always true without needsCore). */
  get coreReady() { return !this.constructor.needsCore || this.#coreReady; }

  /** Whether a render() is scheduled and has not run yet. */
  get renderPending() { return this.#queued; }

  /** Redraws once at the end of the current task, however often it is called. */
  schedule() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      if (this.isConnected && (this.coreReady || this.#coreError)) this.render();
    });
  }

  /** Runs `release` at the next disconnect (listeners on window, timers, workers). */
  onDisconnect(release) { this.#cleanups.push(release); }

  /** Dispatches a CustomEvent `type` with `detail`. */
  emit(type, detail = null) { this.dispatchEvent(new CustomEvent(type, { detail })); }

  // Hooks for subclasses.
  connected() {}
  disconnected() {}
  render() {}
  languageChanged() { this.schedule(); }
  attributeChanged() { this.schedule(); }
  resized() { this.schedule(); }
}
