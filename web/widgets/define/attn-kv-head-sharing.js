// import 'attnscope/widgets/attn-kv-head-sharing': registers <attn-kv-head-sharing> (and the elements it uses).
import { AttnKvHeadSharing } from '../attn-kv-head-sharing.js';

AttnKvHeadSharing.define();
export { AttnKvHeadSharing };
