// The efficiency page: FlashAttention tile by tile, the memory traffic it
// saves, and the KV cache. Each widget has its own controls; its attributes
// live in the URL (?flash-tiles.tile=3) so a view can be shared.
import { startTopicPage } from './topic-page.js';
import { EFFICIENCY_MESSAGES } from './efficiency-messages.js';

startTopicPage(EFFICIENCY_MESSAGES);
