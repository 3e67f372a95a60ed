// import 'attnscope/widgets/attn-grokking': registers <attn-grokking> (and the elements it uses).
import { AttnGrokking } from '../attn-grokking.js';

AttnGrokking.define();
export { AttnGrokking };
