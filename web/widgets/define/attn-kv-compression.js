// import 'attnscope/widgets/attn-kv-compression': registers <attn-kv-compression> (and the elements it uses).
import { AttnKvCompression } from '../attn-kv-compression.js';

AttnKvCompression.define();
export { AttnKvCompression };
