// import 'attnscope/widgets/attn-train': registers <attn-train> (and the elements it uses).
import { AttnTrain } from '../attn-train.js';

AttnTrain.define();
export { AttnTrain };
