// The bad-input catalogue (./badInput.ts), its cases' part 5 of 5: the parts run side by side.
import { badInputSuite } from './badInput';

badInputSuite({ part: 5, parts: 5 });
