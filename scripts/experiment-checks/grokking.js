// Grokking's slow claim (issue 11): with weight decay a small setting reaches
// validation accuracy ≥ 95% within LIMIT steps; with weight decay 0 the same
// setting (same split, same initial weights) is still below 50% at the step
// the first run grokked. Runs both (a few minutes of one core when the
// machine is idle); recorded in docs/EXPERIMENTS.md.
import { runGrokking } from '../../web/experiments/grokking.js';

export const SETTING = Object.freeze({ p: 31, operation: 'add', trainFraction: 0.4, dim: 32, learningRate: 3e-3, seed: 1 });
export const LIMIT = 3000;

export const checks = [{
  name: 'grokking: weight decay groks, no weight decay does not',
  async run() {
    const withDecay = await runGrokking({ ...SETTING, weightDecay: 1, steps: LIMIT, stopAtValidationAccuracy: 0.95 });
    const at = withDecay.grokStep ?? LIMIT;
    const without = await runGrokking({ ...SETTING, weightDecay: 0, steps: at, stopAtValidationAccuracy: 0 });
    const last = without.history.at(-1);
    const ok = withDecay.grokStep !== null && last.step === at && last.validationAccuracy < 0.5;
    return {
      ok,
      lines: [
        `setting ${JSON.stringify(SETTING)}, ${withDecay.trainPairs} training pairs`,
        `weight decay 1: training accuracy 100% at step ${withDecay.memorisedStep}, validation ≥ 95% at step ${withDecay.grokStep ?? `— (not within ${LIMIT})`}`,
        `weight decay 0: at step ${last.step} training ${last.trainAccuracy.toFixed(3)}, validation ${last.validationAccuracy.toFixed(3)} (must be < 0.5)`,
      ],
    };
  },
}];
