// import 'attnscope/widgets/attn-vectors': registers <attn-vectors> (and the elements it uses).
import { AttnVectors } from '../attn-vectors.js';

AttnVectors.define();
export { AttnVectors };
