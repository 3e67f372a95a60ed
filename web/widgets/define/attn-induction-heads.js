// import 'attnscope/widgets/attn-induction-heads': registers <attn-induction-heads> (and the elements it uses).
import { AttnInductionHeads } from '../attn-induction-heads.js';

AttnInductionHeads.define();
export { AttnInductionHeads };
