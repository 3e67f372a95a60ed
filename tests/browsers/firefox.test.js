// The engine layer in firefox (engine-suite.js says what it checks).
import { engineSuite } from './engine-suite.js';

engineSuite('firefox');
