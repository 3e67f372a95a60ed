// ExperimentRun (web/widgets/experiment-run.js) where there is no Worker
// (Node): the run goes in this thread, pause holds it between steps, resume
// lets it go on, cancel stops it, and a new start replaces the old run.
import { test, expect } from 'vitest';
import { ExperimentRun } from '../../web/widgets/experiment-run.js';

const OPTIONS = { steps: 60, evalPrompts: 4, reportEvery: 10, maxContextLength: 20 };
const tick = (ms) => new Promise((r) => setTimeout(r, ms));

test('pause holds the run, resume finishes it; states are reported in order', async () => {
  expect(typeof Worker).toBe('undefined');
  const states = [];
  const steps = [];
  const run = new ExperimentRun('in-context-regression', { onState: (s) => states.push(s) });
  const done = run.start(OPTIONS, (e) => { steps.push(e.step); if (e.step === 10) run.pause(); });
  await tick(300);
  expect(run.state).toBe('paused');
  const held = steps.length;
  await tick(200);
  expect(steps.length).toBe(held); // nothing moves while paused
  run.resume();
  const data = await done;
  expect(data.step).toBe(60);
  expect(states).toEqual(['running', 'paused', 'running', 'done']);
});

test('cancel while paused ends the run as cancelled with no data; a new start replaces a running one', async () => {
  const run = new ExperimentRun('in-context-regression');
  const first = run.start({ ...OPTIONS, steps: 100000 }, (e) => { if (e.step === 10) run.pause(); });
  await tick(300);
  run.cancel();
  expect(await first).toBeNull();
  expect(run.state).toBe('cancelled');
  const slow = run.start({ ...OPTIONS, steps: 100000 }, () => {});
  const fast = run.start(OPTIONS, () => {});
  expect(await slow).toBeNull();
  expect((await fast).step).toBe(60);
  expect(run.state).toBe('done');
});
