// import 'attnscope/widgets/attn-attention-traffic': registers <attn-attention-traffic> (and the elements it uses).
import { AttnAttentionTraffic } from '../attn-attention-traffic.js';

AttnAttentionTraffic.define();
export { AttnAttentionTraffic };
