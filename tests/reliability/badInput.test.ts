// The bad-input catalogue (./badInput.ts): its control tests but the bodies'
// (badInput.bodies.test.ts and badInput.bodies2.test.ts); the cases run in badInput.cases{1..5}.test.ts, side by side.
import { badInputSuite } from './badInput';

badInputSuite('controls');
