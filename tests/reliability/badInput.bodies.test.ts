// The bad-input catalogue (./badInput.ts): half of the body routes' valid bodies, each accepted on
// a fresh shop (badInput.bodies2.test.ts has the other half, badInput.test.ts the other controls).
import { badInputSuite } from './badInput';

badInputSuite('bodies');
