// The basics page: vectors and matrices for readers new to them, then (more
// sections follow) how attention differs from a fixed kernel. Attributes live
// in the URL (?vectors.a=[1,2]) so a view can be shared.
import { startTopicPage } from './topic-page.js';
import { BASICS_MESSAGES } from './basics-messages.js';

startTopicPage(BASICS_MESSAGES);
