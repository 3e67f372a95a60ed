// import 'attnscope/widgets/attn-emergence': registers <attn-emergence> (and the elements it uses).
import { AttnEmergence } from '../attn-emergence.js';

AttnEmergence.define();
export { AttnEmergence };
