// The page's side of the code sandbox: one hidden, sandboxed iframe per page
// (frame.html, an opaque origin), shared by every <attn-exercise>. runCode()
// posts a submission to it and resolves with what the worker reported; if
// the frame itself does not answer in time it is removed (which also ends
// its worker) and a fresh one is made for the next run.
let frameUrl = new URL('./frame.html', import.meta.url).href;
/** The learner's code gets this long for all cases together. */
export const TIME_LIMIT_MS = 1500;
const FRAME_GRACE_MS = 400; // the frame's own timer fires first; this is the backstop
const READY_TIMEOUT_MS = 5000;

let frame = null; // {iframe, ready: Promise}
let nextId = 1;
let listening = false;
const pending = new Map(); // id → resolve

function onMessage(e) {
  if (!frame || e.source !== frame.iframe.contentWindow || e.data?.source !== 'attnscope-sandbox') return;
  if (e.data.type === 'ready') frame.markReady();
  if (e.data.type === 'result' && pending.has(e.data.id)) {
    const resolve = pending.get(e.data.id);
    pending.delete(e.data.id);
    const { status, results, error, line, column } = e.data;
    resolve({ status, results, error, line, column });
  }
}

function destroyFrame() {
  frame?.iframe.remove();
  frame = null;
}

function ensureFrame(url) {
  if (frame) return frame;
  if (!listening) { globalThis.addEventListener('message', onMessage); listening = true; }
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.title = 'attnscope code sandbox';
  iframe.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
  iframe.src = url;
  let markReady;
  const ready = new Promise((resolve, reject) => {
    markReady = resolve;
    setTimeout(() => reject(new Error('the sandbox frame did not start')), READY_TIMEOUT_MS);
  });
  ready.catch(() => {});
  frame = { iframe, ready, markReady };
  document.body.append(iframe);
  return frame;
}

/**
 * Where the sandbox page is, when it is not next to this module (a bundler
 * that does not copy exercises/sandbox/, or a separate sandbox origin).
 */
export function setSandboxUrl(url) {
  frameUrl = new URL(url, globalThis.location?.href).href;
  destroyFrame();
}

/** Starts the sandbox frame early (e.g. when a code exercise appears) so the first run is quick. */
export function warmUp() {
  ensureFrame(frameUrl);
}

/**
 * Runs `code` and calls `entry(...args)` for each of `cases` in the sandbox.
 * Resolves (never rejects) with {status, results?, error?, line?, column?}
 * (line and column: where a compile error is, in the learner's text).
 */
export async function runCode({ code, entry, cases, timeLimitMs = TIME_LIMIT_MS }) {
  const f = ensureFrame(frameUrl);
  try {
    await f.ready;
  } catch (e) {
    destroyFrame();
    return { status: 'unavailable', error: e.message };
  }
  const id = nextId++;
  return new Promise((resolve) => {
    const backstop = setTimeout(() => {
      if (!pending.delete(id)) return;
      destroyFrame();
      resolve({ status: 'timeout' });
    }, timeLimitMs + FRAME_GRACE_MS);
    pending.set(id, (result) => { clearTimeout(backstop); resolve(result); });
    f.iframe.contentWindow.postMessage({ type: 'run', id, code, entry, cases, timeLimitMs }, '*');
  });
}
