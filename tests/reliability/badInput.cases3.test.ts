// The bad-input catalogue (./badInput.ts), its cases' part 3 of 5: the parts run side by side.
import { badInputSuite } from './badInput';

badInputSuite({ part: 3, parts: 5 });
