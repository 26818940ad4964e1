// Shared by the reliability tests: the API fixtures of tests/api on a real, throw-away data file
// (so "nothing changed" can be checked byte for byte), and request counting.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp, type AppOptions } from '../../server/app';
import type { DbSchema } from '../../server/model';
import { ACCOUNTS, agent, makeData, stateAccess, TEST_COST, type Agent, type TestShop } from '../api/fixtures';
import type { Figures } from './summary';

export const SECRET = 'reliability-secret-reliability-secret';

/** A product body the API accepts (brand and category from makeData()). */
export const NEW_PRODUCT = {
  title: 'Desk Lamp',
  description: 'A bright desk lamp.',
  price: 25,
  discountPercentage: 5,
  stock: 3,
  thumbnail: '/images/lamp/thumb.webp',
  images: ['/images/lamp/1.webp', '/images/lamp/2.webp', '/images/lamp/3.webp'],
  brand: 'Apple',
  category: 'laptops',
};

export interface FileShop extends TestShop {
  dir: string;
  dataFile: string;
  /** SHA-256 of the data file as it is on disk now. */
  fileHash(): string;
  /** The data file, parsed. */
  readFile(): DbSchema;
  cleanup(): void;
}

/** Temp dir with `data` written as the seed; the data file is created from it by createApp. */
export function seedDir(data: DbSchema = makeData()): { dir: string; seedFile: string; dataFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-'));
  const seedFile = path.join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(data, null, 2) + '\n');
  return { dir, seedFile, dataFile: path.join(dir, 'data', 'db.json') };
}

/** makeShop of tests/api/fixtures, but on a data file; every agent's responses are counted. */
export function makeFileShop(
  figures: Figures,
  { data, ...options }: Partial<AppOptions> & { data?: DbSchema } = {},
): FileShop {
  const { dir, seedFile, dataFile } = seedDir(data ?? makeData());
  const { app, store } = createApp({ dataFile, seedFile, secret: SECRET, passwordCost: TEST_COST, ...options });
  const counted = () => countRequests(agent(app), figures);
  return {
    app,
    store,
    ...stateAccess(store),
    dir,
    dataFile,
    anon: counted,
    async as(who) {
      const a = counted();
      const { email, password } = ACCOUNTS[who];
      await a.post('/api/auth/login').send({ email, password }).expect(200);
      return a;
    },
    fileHash: () => createHash('sha256').update(readFileSync(dataFile)).digest('hex'),
    readFile: () => JSON.parse(readFileSync(dataFile, 'utf8')) as DbSchema,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Adds one to `figures.requests` for every response the agent gets. */
export function countRequests(a: Agent, figures: Figures): Agent {
  a.on('response', () => {
    figures.requests += 1;
  });
  return a;
}

/** The `sid` cookie pair ("sid=...") from a response's Set-Cookie. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header) ? (header as string[]) : [String(header)];
  const sid = list.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`No session cookie in ${JSON.stringify(header)}`);
  return sid.split(';')[0];
}
