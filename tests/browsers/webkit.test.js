// The engine layer in webkit (engine-suite.js says what it checks).
import { engineSuite } from './engine-suite.js';

engineSuite('webkit');
