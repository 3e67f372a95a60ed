// import 'attnscope/widgets/attn-head-roles': registers <attn-head-roles> (and the elements it uses).
import { AttnHeadRoles } from '../attn-head-roles.js';

AttnHeadRoles.define();
export { AttnHeadRoles };
