// import 'attnscope/widgets/attn-masked-vs-causal': registers <attn-masked-vs-causal> (and the elements it uses).
import { AttnMaskedVsCausal } from '../attn-masked-vs-causal.js';

AttnMaskedVsCausal.define();
export { AttnMaskedVsCausal };
