// Crash safety (./crash.ts): orders killed around their write, retried with their
// Idempotency-Key; rounds 1-2 (crashRetry.part2.test.ts has 3-4; side by side).
import { crashSuite } from './crash';

crashSuite({ retry: [1, 2] });
