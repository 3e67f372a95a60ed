// A Node stand-in for the browser's code sandbox (web/exercises/sandbox):
// same protocol ({code, entry, cases} → {status, results}), run in a fresh
// vm context with a time limit. Only for tests: vm is not a security boundary.
import vm from 'node:vm';

const CALL_ALL = `__cases.map((args) => {
  try {
    const v = __entry(...args);
    return { value: ArrayBuffer.isView(v) ? Array.from(v) : v };
  } catch (e) {
    return { error: (e && e.name ? e.name + ': ' + e.message : 'threw ' + String(e)) };
  }
})`;

/** A runner for checkCode(): runs learner code in a new vm context, `timeoutMs` per phase. */
export function nodeRunner({ timeoutMs = 1000 } = {}) {
  return async ({ code, entry, cases }) => {
    const context = vm.createContext({});
    try {
      vm.runInContext(`"use strict";\n${code}\n;globalThis.__entry = typeof ${entry} === "function" ? ${entry} : undefined;`, context, { timeout: timeoutMs });
    } catch (e) {
      if (e?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { status: 'timeout' };
      return { status: 'compile-error', error: `${e.name}: ${e.message}` };
    }
    if (typeof context.__entry !== 'function') return { status: 'missing-entry' };
    context.__cases = structuredClone(cases);
    try {
      return { status: 'ok', results: vm.runInContext(CALL_ALL, context, { timeout: timeoutMs }) };
    } catch (e) {
      if (e?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { status: 'timeout' };
      throw e;
    }
  };
}
