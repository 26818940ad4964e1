// The bad-input catalogue (./badInput.ts), its cases' part 2 of 5: the parts run side by side.
import { badInputSuite } from './badInput';

badInputSuite({ part: 2, parts: 5 });
