// The access-control matrix (./accessMatrix.ts), part 4 of 8: the parts run side by side.
import { accessMatrixSuite } from './accessMatrix';

accessMatrixSuite(4, 8);
