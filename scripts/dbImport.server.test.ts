// npm run db:import and db:export on a PostgreSQL server (the cases: dbImportSuite.ts).
import { dbImportSuite } from './dbImportSuite';

dbImportSuite('server');
