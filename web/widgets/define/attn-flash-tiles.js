// import 'attnscope/widgets/attn-flash-tiles': registers <attn-flash-tiles> (and the elements it uses).
import { AttnFlashTiles } from '../attn-flash-tiles.js';

AttnFlashTiles.define();
export { AttnFlashTiles };
