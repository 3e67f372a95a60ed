// import 'attnscope/widgets/attn-sequence-cost': registers <attn-sequence-cost> (and the elements it uses).
import { AttnSequenceCost } from '../attn-sequence-cost.js';

AttnSequenceCost.define();
export { AttnSequenceCost };
