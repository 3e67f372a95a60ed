// The state-space models page: <attn-ssm> in its selective (Mamba) and
// time-invariant (S4) forms. Attributes live in the URL (?scan.mode=invariant).
import { startTopicPage } from './topic-page.js';
import { SSM_MESSAGES } from './ssm-messages.js';

startTopicPage(SSM_MESSAGES);
