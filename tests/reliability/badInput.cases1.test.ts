// The bad-input catalogue (./badInput.ts), its cases' part 1 of 5: the parts run side by side.
import { badInputSuite } from './badInput';

badInputSuite({ part: 1, parts: 5 });
