// Crash safety (./crash.ts): a burst of writes, killed with SIGKILL round after round; rounds 4-5
// (crash.test.ts has 1-3; side by side).
import { crashSuite } from './crash';

crashSuite({ burst: [4, 5] });
