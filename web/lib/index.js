// Browser / bundler entry: the runtime set up for the browser (browser_setup.js),
// then the public API.
import './browser_setup.js';

export * from './api.js';
