// import 'attnscope/widgets/attn-kv-cache': registers <attn-kv-cache> (and the elements it uses).
import { AttnKvCache } from '../attn-kv-cache.js';

AttnKvCache.define();
export { AttnKvCache };
