// import 'attnscope/widgets/attn-kernel-vs-attention': registers <attn-kernel-vs-attention> (and the elements it uses).
import { AttnKernelVsAttention } from '../attn-kernel-vs-attention.js';

AttnKernelVsAttention.define();
export { AttnKernelVsAttention };
