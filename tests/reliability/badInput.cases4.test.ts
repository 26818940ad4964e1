// The bad-input catalogue (./badInput.ts), its cases' part 4 of 5: the parts run side by side.
import { badInputSuite } from './badInput';

badInputSuite({ part: 4, parts: 5 });
