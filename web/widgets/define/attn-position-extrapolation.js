// import 'attnscope/widgets/attn-position-extrapolation': registers <attn-position-extrapolation> (and the elements it uses).
import { AttnPositionExtrapolation } from '../attn-position-extrapolation.js';

AttnPositionExtrapolation.define();
export { AttnPositionExtrapolation };
