// The built-in pack: every exercise <attn-exercise exercise="id"> can show.
// Add a topic file next to this one and list its exercises here; the tests
// (tests/js/exercises_pack.test.js) check every exercise's right and wrong answers.
import { exercises as sinusoidal } from './sinusoidal.js';
import { exercises as rope } from './rope.js';
import { exercises as attention } from './attention.js';

export const exercises = [...sinusoidal, ...rope, ...attention];
