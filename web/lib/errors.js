// The one error type of the package: every bad call throws it, naming the
// argument and what was wrong. The wasm instance is never left broken.
import { STATUS_TEXT } from './enums.js';

export class AttnscopeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AttnscopeError';
  }
}

export function checkStatus(code, fnName) {
  if (code === 0) return;
  const what = STATUS_TEXT[code] ?? `status ${code}`;
  throw new AttnscopeError(`${fnName}: the core reported "${what}"`);
}
