// npm run db:import and db:export on the embedded driver (the cases: dbImportSuite.ts).
import { dbImportSuite } from './dbImportSuite';

dbImportSuite('embedded');
