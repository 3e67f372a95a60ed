// import 'attnscope/widgets/attn-norm-placement': registers <attn-norm-placement> (and the elements it uses).
import { AttnNormPlacement } from '../attn-norm-placement.js';

AttnNormPlacement.define();
export { AttnNormPlacement };
