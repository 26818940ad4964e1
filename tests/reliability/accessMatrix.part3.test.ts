// The access-control matrix (./accessMatrix.ts), part 3 of 8: the parts run side by side.
import { accessMatrixSuite } from './accessMatrix';

accessMatrixSuite(3, 8);
