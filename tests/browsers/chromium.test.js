// The engine layer in chromium (engine-suite.js says what it checks).
import { engineSuite } from './engine-suite.js';

engineSuite('chromium');
