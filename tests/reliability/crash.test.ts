// Crash safety (./crash.ts): a burst of writes, killed with SIGKILL round after round.
import { crashSuite } from './crash';

crashSuite('burst');
