// The layer rule of `npm run lint` (eslint.config.js, eslint-plugin-boundaries), run through
// ESLint's own API on probe files placed in the tree: app → features → components / lib → domain,
// and a feature never imports another feature's files.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The boundary rule's messages for `code`, linted as if it were the file `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('the layer rule', () => {
  it("fails a feature that imports another feature's files", async () => {
    const errors = await boundaryErrors(
      'src/features/orders/Probe.tsx',
      "import { selectItems } from '../cart/cartSlice';\nexport const probe = selectItems;\n",
    );
    expect(errors).toEqual(['feature orders may not import feature cart (the layers are in eslint.config.js)']);
  });

  it.each([
    ['a feature, the app', 'src/features/cart/Probe.ts', "import { makeStore } from '../../app/store';"],
    ['shared components, a feature', 'src/components/Probe.ts', "import { selectItems } from '../features/cart/cartSlice';"],
    ['lib, a shared component', 'src/lib/Probe.ts', "import Spinner from '../components/Spinner';"],
    ['the shared domain, lib', 'src/domain/Probe.ts', "import { apiClient } from '../lib/apiClient';"],
    ['the shared domain, a feature', 'src/domain/Probe.ts', "import { selectItems } from '../features/cart/cartSlice';"],
  ])('fails when %s imports upwards', async (_who, file, line) => {
    expect(await boundaryErrors(file, `${line}\nexport const probe = 1;\n`)).toHaveLength(1);
  });

  it.each([
    ['the app, a feature', 'src/app/Probe.ts', "import { selectItems } from '../features/cart/cartSlice';"],
    ['a feature, its own files', 'src/features/cart/Probe.ts', "import { selectItems } from './cartSlice';"],
    ['a feature, shared components and lib', 'src/features/cart/Probe.ts', "import Spinner from '../../components/Spinner';\nimport { apiClient } from '../../lib/apiClient';"],
    ['a test, the store and the test helpers', 'src/features/cart/Probe.test.ts', "import { makeStore } from '../../app/store';\nimport { user } from '../../test/utils';"],
  ])('lets %s', async (_who, file, lines) => {
    expect(await boundaryErrors(file, `${lines}\nexport const probe = 1;\n`)).toEqual([]);
  });
});

// The server never imports the React app (eslint.config.js, SERVER_MAY_IMPORT_FROM_SRC): its first
// screens are rendered at build time (build/prepaint.ts).
describe('the server fence', () => {
  /** The import rule's messages for `code`, linted as if it were the file `file`. */
  async function importErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath: path.join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it.each([
    ['the store', 'server/Probe.ts', "import { makeStore } from '../src/app/store';"],
    ['a page', 'server/http/Probe.ts', "import LoginPage from '../../src/features/auth/pages/LoginPage';"],
    ['a shared component', 'server/modules/orders/Probe.ts', "import { AppAlertProvider } from '../../../src/components/Alerts';"],
    ['a client-only lib module', 'server/modules/cart/Probe.ts', "import { apiClient } from '../../../src/lib/apiClient';"],
    ['a lib module that was once shared', 'server/modules/catalogue/pg/Probe.ts', "import { listingParams } from '../../../../src/lib/listingParams';"],
    ['React itself', 'server/Probe.ts', "import { renderToStaticMarkup } from 'react-dom/server';"],
    ['the build-time renderer', 'server/Probe.ts', "import { renderPrepaints } from '../build/prepaintRender';"],
    ['the store, re-exported, in a test', 'server/Probe.test.ts', "export { makeStore } from '../src/app/store';"],
  ])('fails a server file that imports %s', async (_what, file, line) => {
    expect(await importErrors(file, line)).toHaveLength(1);
  });

  it('lets the server import the React-free modules it shares with the client', async () => {
    const lines = [
      "import type { User } from '../../src/domain/types';",
      "import { MAX_IMPORT_BYTES } from '../../src/domain/backOffice';",
      "import { loginRules } from '../../src/domain/validation';",
      "import { MAX_CART_QUANTITY } from '../../src/domain/constants';",
      "import { totals } from '../../src/domain/pricing';",
      "import { FIRST_SCREEN_END } from '../../src/domain/firstPaint';",
      "import { PRODUCT_FIELD_TABLE } from '../../src/domain/productFields';",
      "import { PREPAINT_FILE } from '../../build/manifest';",
    ];
    expect(await importErrors('server/http/Probe.ts', lines.join('\n'))).toEqual([]);
  });
});

// The server's modules (eslint.config.js, MODULE_FENCE and PORT_ONLY; docs/architecture.md): a
// module uses another only through that module's service; its SQL and its routes are its own,
// and its routes and services reach the data only through the storage port.
describe('the module fence', () => {
  async function importErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath: path.join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it("fails a service that imports another module's SQL", async () => {
    const errors = await importErrors('server/modules/orders/Probe.ts', "import { takeVariantStock } from '../catalogue/pg/variantStock';");
    // Its SQL is the module's own (MODULE_FENCE), and a service reaches data through the port (PORT_ONLY).
    expect(errors).toContainEqual(expect.stringContaining("A module does not import another module's SQL"));
    expect(errors).toContainEqual(expect.stringContaining('storage port'));
  });

  it.each([
    ["another module's SQL, from SQL", 'server/modules/orders/pg/Probe.ts', "import { withVariants } from '../../catalogue/pg/variants';"],
    ["another module's one-file SQL", 'server/modules/returns/Probe.ts', "import { emptyCart } from '../cart/pg';"],
    ["another module's routes", 'server/modules/pricing/Probe.ts', "import { cartRoutes } from '../cart/routes';"],
    ["another module's named routes", 'server/modules/cart/Probe.ts', "import { authRoutes } from '../accounts/authRoutes';"],
    ['its own SQL, from its service', 'server/modules/orders/Probe.ts', "import { lockOrder } from './pg/orders';"],
    ['an engine, from a service', 'server/modules/orders/Probe.ts', "import { sql } from 'kysely';"],
    ["the database's schema, from a service", 'server/modules/orders/Probe.ts', "import type { Database } from '../../db/schema';"],
  ])('fails a module file that imports %s', async (_what, file, line) => {
    expect(await importErrors(file, line)).not.toEqual([]);
  });

  it('lets modules use services, the port and the shared shell, and the adapter bind any SQL', async () => {
    const cases: [string, string][] = [
      ['server/modules/returns/Probe.ts', "import { OrderService } from '../orders/service';\nimport type { Store, Tx } from '../../db/port';\nimport { notFound } from '../../http/errors';"],
      ['server/modules/pricing/Probe.ts', "import { adminCrudRoutes } from '../../http/crudRoutes';\nimport { boundedPageOf } from '../../query/paging';"],
      ['server/modules/orders/pg/Probe.ts', "import { lockOrder } from './orders';\nimport type { Database } from '../../../db/schema';\nimport { sql } from 'kysely';"],
      ['server/db/Probe.ts', "import * as orders from '../modules/orders/pg/orders';\nimport * as cart from '../modules/cart/pg';"],
      ['server/modules/Probe.ts', "import { cartRoutes } from './cart/routes';"],
    ];
    for (const [file, lines] of cases) expect(await importErrors(file, lines), file).toEqual([]);
  });
});
