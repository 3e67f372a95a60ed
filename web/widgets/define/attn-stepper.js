// import 'attnscope/widgets/attn-stepper': registers <attn-stepper> (and the elements it uses).
import { AttnStepper } from '../attn-stepper.js';

AttnStepper.define();
export { AttnStepper };
