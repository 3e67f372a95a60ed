// import 'attnscope/widgets/attn-bias-map': registers <attn-bias-map> (and the elements it uses).
import { AttnBiasMap } from '../attn-bias-map.js';

AttnBiasMap.define();
export { AttnBiasMap };
