// import 'attnscope/widgets/attn-scaling-sweep': registers <attn-scaling-sweep> (and the elements it uses).
import { AttnScalingSweep } from '../attn-scaling-sweep.js';

AttnScalingSweep.define();
export { AttnScalingSweep };
