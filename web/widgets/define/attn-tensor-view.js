// import 'attnscope/widgets/attn-tensor-view': registers <attn-tensor-view> (and the elements it uses).
import { AttnTensorView } from '../attn-tensor-view.js';

AttnTensorView.define();
export { AttnTensorView };
