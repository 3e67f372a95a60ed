// import 'attnscope/widgets/attn-sinusoidal': registers <attn-sinusoidal> (and the elements it uses).
import { AttnSinusoidal } from '../attn-sinusoidal.js';

AttnSinusoidal.define();
export { AttnSinusoidal };
