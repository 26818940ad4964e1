// The access-control matrix (./accessMatrix.ts), part 5 of 8: the parts run side by side.
import { accessMatrixSuite } from './accessMatrix';

accessMatrixSuite(5, 8);
