// The one error type of the package: every bad call throws it, naming the
// argument and what was wrong. The wasm instance is never left broken.
export class AttnscopeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AttnscopeError';
  }
}

// Status codes of cpp/include/attnscope/status.h.
const STATUS = ['ok', 'invalid argument', 'out of memory', 'non-finite value'];

export function checkStatus(code, fnName) {
  if (code === 0) return;
  const what = STATUS[code] ?? `status ${code}`;
  throw new AttnscopeError(`${fnName}: the core reported "${what}"`);
}
