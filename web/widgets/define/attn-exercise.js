// import 'attnscope/widgets/attn-exercise': registers <attn-exercise> (and the elements it uses).
import { AttnExercise } from '../attn-exercise.js';

AttnExercise.define();
export { AttnExercise };
