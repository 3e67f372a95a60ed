// Served to the pages of the engine layer as /__attnscope-capture.js and put
// first in their <head> (capture-server.js): it records what a reader's
// console would show as an error, the same way in every engine. WebKit's
// driver has no console or page-error events, and WebKit reports a
// ResizeObserver loop as a window `error` event, which this catches.
// A classic script, so it runs before the page's module scripts.
(() => {
  const seen = [];
  Object.defineProperty(globalThis, '__attnscopeErrors', { value: seen });
  const add = (kind, text) => seen.push(`${kind}: ${text}`);
  addEventListener('error', (e) => {
    if (e instanceof ErrorEvent) add('error', e.error?.stack ? `${e.message}\n${e.error.stack}` : e.message);
    else if (e instanceof CustomEvent) add('element error', `<${e.target.localName}> ${e.detail?.message ?? ''}`); // a widget showing an error
    else if (e.target && e.target !== globalThis) add('resource', `<${e.target.localName}> ${e.target.src || e.target.href || ''} did not load`);
  }, true);
  addEventListener('unhandledrejection', (e) => add('unhandled rejection', String(e.reason?.stack ?? e.reason)));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    add('console.error', args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(' '));
    consoleError(...args);
  };
  // An uncaught error inside a Worker reaches the page only as an `error`
  // event on the Worker object.
  const NativeWorker = globalThis.Worker;
  if (NativeWorker) {
    globalThis.Worker = class Worker extends NativeWorker {
      constructor(...args) {
        super(...args);
        this.addEventListener('error', (e) => add('worker error', `${args[0]}: ${e.message ?? 'error'}`));
      }
    };
  }
})();
