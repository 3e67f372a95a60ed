// A paused run stops: progress posted before the Worker read the pause
// message may still arrive, so wait until the step settles (two reads
// 300 ms apart agree, within about 2 s: the Worker yields every ~30 ms),
// then check it stays put. Short enough that a run which ignored the pause
// would still be moving, or would have ended (state no longer 'paused').
import { expect } from 'vitest';

/** `readStep` is a function evaluated in the page that returns the run's step (any JSON value). */
export async function expectHeldWhilePaused(page, readStep, arg) {
  const read = async () => JSON.stringify(await page.evaluate(readStep, arg));
  let before = await read();
  for (let i = 0; i < 7; i++) {
    await page.waitForTimeout(300);
    const now = await read();
    if (now === before) break;
    before = now;
  }
  await page.waitForTimeout(800);
  expect(await read()).toBe(before); // nothing moves while paused
  expect(await page.evaluate(() => [...document.querySelectorAll('*')].some((e) => e.state === 'paused'))).toBe(true);
}
