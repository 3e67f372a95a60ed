// import 'attnscope/widgets/attn-mask-grid': registers <attn-mask-grid> (and the elements it uses).
import { AttnMaskGrid } from '../attn-mask-grid.js';

AttnMaskGrid.define();
export { AttnMaskGrid };
