// import 'attnscope/widgets/attn-cross-attention': registers <attn-cross-attention> (and the elements it uses).
import { AttnCrossAttention } from '../attn-cross-attention.js';

AttnCrossAttention.define();
export { AttnCrossAttention };
