// import 'attnscope/widgets/attn-lang-switch': registers <attn-lang-switch> (and the elements it uses).
import { AttnLangSwitch } from '../attn-lang-switch.js';

AttnLangSwitch.define();
export { AttnLangSwitch };
