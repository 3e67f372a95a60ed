// import 'attnscope/widgets/attn-ssm': registers <attn-ssm> (and the elements it uses).
import { AttnSsm } from '../attn-ssm.js';

AttnSsm.define();
export { AttnSsm };
