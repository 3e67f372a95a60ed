// import 'attnscope/widgets/attn-rope-decay': registers <attn-rope-decay> (and the elements it uses).
import { AttnRopeDecay } from '../attn-rope-decay.js';

AttnRopeDecay.define();
export { AttnRopeDecay };
