// import 'attnscope/widgets/attn-matmul-steps': registers <attn-matmul-steps> (and the elements it uses).
import { AttnMatmulSteps } from '../attn-matmul-steps.js';

AttnMatmulSteps.define();
export { AttnMatmulSteps };
