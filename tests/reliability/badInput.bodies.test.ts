// The bad-input catalogue (./badInput.ts): each body route's valid body accepted on a fresh shop
// (badInput.test.ts has the other controls; side by side).
import { badInputSuite } from './badInput';

badInputSuite('bodies');
