// import 'attnscope/widgets/attn-permutation': registers <attn-permutation> (and the elements it uses).
import { AttnPermutation } from '../attn-permutation.js';

AttnPermutation.define();
export { AttnPermutation };
