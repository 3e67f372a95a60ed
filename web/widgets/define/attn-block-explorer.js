// import 'attnscope/widgets/attn-block-explorer': registers <attn-block-explorer> (and the elements it uses).
import { AttnBlockExplorer } from '../attn-block-explorer.js';

AttnBlockExplorer.define();
export { AttnBlockExplorer };
