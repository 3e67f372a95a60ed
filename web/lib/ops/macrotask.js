// Resolves on a later turn of the event loop (after pending input, timers
// and, in a page, a chance to paint): setImmediate in Node, a MessageChannel
// in browsers and workers (setTimeout(0) is clamped to 4 ms once nested).
let channel = null;
const waiting = [];

export function macrotask() {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}
