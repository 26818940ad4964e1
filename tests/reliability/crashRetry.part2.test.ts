// Crash safety (./crash.ts): orders killed around their write, retried with their
// Idempotency-Key; rounds 3-4 (crashRetry.test.ts has 1-2; side by side).
import { crashSuite } from './crash';

crashSuite({ retry: [3, 4] });
