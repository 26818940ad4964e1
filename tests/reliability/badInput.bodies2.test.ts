// The bad-input catalogue (./badInput.ts): the other half of the body routes' valid bodies, each
// accepted on a fresh shop (badInput.bodies.test.ts has the first; side by side).
import { badInputSuite } from './badInput';

badInputSuite('bodies2');
