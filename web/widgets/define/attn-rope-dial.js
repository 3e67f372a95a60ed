// import 'attnscope/widgets/attn-rope-dial': registers <attn-rope-dial> (and the elements it uses).
import { AttnRopeDial } from '../attn-rope-dial.js';

AttnRopeDial.define();
export { AttnRopeDial };
