// import 'attnscope/widgets/attn-linear-attention': registers <attn-linear-attention> (and the elements it uses).
import { AttnLinearAttention } from '../attn-linear-attention.js';

AttnLinearAttention.define();
export { AttnLinearAttention };
