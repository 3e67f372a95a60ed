// Inside the sandboxed iframe (opaque origin). A classic script on purpose:
// module scripts would need CORS from an opaque origin. Protocol, with the
// parent page only:
//   parent → frame  {type: 'run', id, code, entry, cases, timeLimitMs}
//   frame → parent  {type: 'ready'} once, then {type: 'result', id, status, ...}
// status: 'ok' {results: [{value} | {error, line}]}, 'compile-error' {error, line?, column?},
// 'missing-entry', 'timeout', 'unavailable' {error}.
'use strict';

// The worker's whole program. It is turned into source text with
// toString(), so it must not use anything from this file's scope.
function workerMain() {
  const post = self.postMessage.bind(self);
  // new Function puts two lines ("function anonymous(\n) {") and our
  // "use strict" line before the learner's first line.
  const HEADER_LINES = 3;
  const lineOf = (e) => {
    const m = /<anonymous>:(\d+):\d+/.exec(String(e && e.stack));
    return m ? Number(m[1]) - HEADER_LINES : undefined;
  };
  const describe = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : `threw ${String(e)}`);
  const plain = (x, depth) => {
    if (typeof x === 'number' || x === undefined || x === null || typeof x === 'string' || typeof x === 'boolean') return x;
    if (depth > 8) throw new TypeError('the returned value is nested too deeply');
    if (ArrayBuffer.isView(x)) return Array.from(x, Number);
    if (Array.isArray(x)) return x.map((v) => plain(v, depth + 1));
    if (typeof x === 'object' && typeof x.then === 'function') throw new TypeError('returned a Promise: write a synchronous function');
    if (typeof x === 'object' && 'data' in x && 'shape' in x) return { data: plain(Array.from(x.data), depth + 1), shape: Array.from(x.shape) };
    throw new TypeError(`returned ${typeof x === 'function' ? 'a function' : `a value of type ${typeof x}`}`);
  };
  self.onmessage = ({ data }) => {
    let fn;
    try {
      fn = new Function(`"use strict";\n${data.code}\n;return typeof ${data.entry} === "function" ? ${data.entry} : undefined;`)();
    } catch (e) {
      const blocked = e instanceof EvalError || /unsafe-eval|Content Security Policy/i.test(String(e && e.message));
      post({ status: blocked ? 'unavailable' : 'compile-error', error: describe(e) });
      return;
    }
    if (typeof fn !== 'function') { post({ status: 'missing-entry' }); return; }
    const results = data.cases.map((args) => {
      try {
        return { value: plain(fn(...args), 0) };
      } catch (e) {
        return { error: describe(e), line: lineOf(e) };
      }
    });
    post({ status: 'ok', results });
  };
}

const WORKER_SOURCE = `(${workerMain.toString()})();`;
let workerUrl = null;

function reply(message) {
  parent.postMessage({ source: 'attnscope-sandbox', ...message }, '*');
}

function run({ id, code, entry, cases, timeLimitMs }) {
  let worker;
  let done = false;
  const finish = (message) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    worker?.terminate();
    reply({ type: 'result', id, ...message });
  };
  const timer = setTimeout(() => finish({ status: 'timeout' }), timeLimitMs);
  try {
    workerUrl ??= URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    worker = new Worker(workerUrl);
  } catch (e) {
    finish({ status: 'unavailable', error: `cannot start a worker: ${e && e.message}` });
    return;
  }
  worker.onmessage = (e) => {
    if (e.data.status !== 'compile-error') { finish(e.data); return; }
    locateSyntaxError(code).then((where) => finish({ ...e.data, ...where }));
  };
  // Before any result, an error event means the worker never ran (blocked by CSP).
  worker.onerror = (e) => { e.preventDefault(); finish({ status: 'unavailable', error: e.message || 'the worker could not start (blocked by a Content-Security-Policy?)' }); };
  worker.postMessage({ code, entry, cases });
}

// new Function's SyntaxError carries no position. A worker made from the
// learner's code, wrapped in a function that is never called (so nothing
// runs), reports where its parse failed: {line, column} in the learner's text.
function locateSyntaxError(code) {
  return new Promise((resolve) => {
    let checker;
    const done = (where) => { clearTimeout(timer); checker?.terminate(); resolve(where); };
    const timer = setTimeout(() => done({}), 1000);
    try {
      const url = URL.createObjectURL(new Blob([`function attnscopeParseCheck() {\n${code}\n}`], { type: 'text/javascript' }));
      checker = new Worker(url);
      URL.revokeObjectURL(url);
      checker.onerror = (e) => { e.preventDefault(); done(e.lineno > 1 ? { line: e.lineno - 1, column: e.colno } : {}); };
    } catch {
      done({});
    }
  });
}

addEventListener('message', (e) => {
  if (e.source !== parent || !e.data || e.data.type !== 'run') return;
  run(e.data);
});
reply({ type: 'ready' });
