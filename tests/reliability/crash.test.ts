// Crash safety (./crash.ts): a burst of writes, killed with SIGKILL round after round; rounds 1-3
// (crash.part2.test.ts has 4-5; side by side).
import { crashSuite } from './crash';

crashSuite({ burst: [1, 2, 3] });
