// import 'attnscope/widgets/attn-scaling-laws': registers <attn-scaling-laws> (and the elements it uses).
import { AttnScalingLaws } from '../attn-scaling-laws.js';

AttnScalingLaws.define();
export { AttnScalingLaws };
