// The built-in pack: every exercise <attn-exercise exercise="id"> can show,
// in the order of a lecture course. Add a topic file next to this one and
// list its exercises here; the tests (tests/js/exercises_pack.test.js)
// check every exercise's right and wrong answers.
import { exercises as basics } from './basics.js';
import { exercises as training } from './training.js';
import { exercises as sinusoidal } from './sinusoidal.js';
import { exercises as attention } from './attention.js';
import { exercises as attentionScale } from './attention-scale.js';
import { exercises as masks } from './masks.js';
import { exercises as heads } from './heads.js';
import { exercises as positions } from './positions.js';
import { exercises as rope } from './rope.js';
import { exercises as alibi } from './alibi.js';
import { exercises as norms } from './norms.js';
import { exercises as blocks } from './blocks.js';
import { exercises as efficient } from './efficient.js';
import { exercises as scalingLaws } from './scaling-laws.js';
import { exercises as positionMaths } from './position-maths.js';
import { exercises as memoryCost } from './memory-cost.js';
import { exercises as sequenceModels } from './sequence-models.js';
import { exercises as experiments } from './experiments.js';
import { exercises as grokking } from './grokking.js';
import { exercises as sweep } from './sweep.js';
import { exercises as kvCache } from './kv-cache.js';
import { exercises as kernelsGradients } from './kernels-gradients.js';
import { exercises as lectureChecks } from './lecture-checks.js';
import { exercises as maskedCausal } from './masked-causal.js';
import { exercises as induction } from './induction.js';

export const exercises = [
  ...basics, ...training, ...sinusoidal, ...attention, ...attentionScale, ...masks, ...heads,
  ...positions, ...rope, ...alibi, ...norms, ...blocks, ...efficient, ...scalingLaws,
  ...positionMaths, ...memoryCost, ...sequenceModels,
  ...experiments,
  ...grokking,
  ...sweep,
  ...kvCache,
  ...kernelsGradients,
  ...lectureChecks,
  ...maskedCausal,
  ...induction,
];
