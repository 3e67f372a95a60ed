// import 'attnscope/widgets/attn-in-context': registers <attn-in-context> (and the elements it uses).
import { AttnInContext } from '../attn-in-context.js';

AttnInContext.define();
export { AttnInContext };
