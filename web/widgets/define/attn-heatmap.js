// import 'attnscope/widgets/attn-heatmap': registers <attn-heatmap> (and the elements it uses).
import { AttnHeatmap } from '../attn-heatmap.js';

AttnHeatmap.define();
export { AttnHeatmap };
