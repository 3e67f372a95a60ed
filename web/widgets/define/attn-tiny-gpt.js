// import 'attnscope/widgets/attn-tiny-gpt': registers <attn-tiny-gpt> (and the elements it uses).
import { AttnTinyGpt } from '../attn-tiny-gpt.js';

AttnTinyGpt.define();
export { AttnTinyGpt };
