// import 'attnscope/widgets/attn-matrix-input': registers <attn-matrix-input> (and the elements it uses).
import { AttnMatrixInput } from '../attn-matrix-input.js';

AttnMatrixInput.define();
export { AttnMatrixInput };
