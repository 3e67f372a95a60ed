// import 'attnscope/widgets/attn-residual-gradient': registers <attn-residual-gradient> (and the elements it uses).
import { AttnResidualGradient } from '../attn-residual-gradient.js';

AttnResidualGradient.define();
export { AttnResidualGradient };
