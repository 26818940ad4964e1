// Generated bodies (fast-check, a fixed seed: FUZZ_SEED picks another): 1,000 random JSON bodies
// in all, over every write route of the API (POST, PUT, PATCH and DELETE, from the route list of
// ./routes.ts, each at the bad-input catalogue's target with the role it needs), on one shop.
// Whatever the body (any JSON value, an object of random keys, or a route's valid body with some
// fields given random values), the answer is never a 5xx, and the server is still up afterwards.
// Runs on the driver of its project: embedded (`server`) and postgres (`server-pg`).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, Who } from '../api/fixtures';
import { ACCOUNTS, ENGINE, expectNoLeaks } from '../api/fixtures';
import { catalogueShop, TARGET, VALID } from './badInput';
import { API_ROUTES, methodOf, type ApiRoute } from './routes';
import { newFigures, saveFigures } from './summary';
import type { DurableShop } from './support';

const RUNS = 1000;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const WRITE_ROUTES = API_ROUTES.filter((route) => methodOf(route) !== 'GET');

/** Field names the routes read (every valid body's) and a few that mean something elsewhere. */
const KNOWN_KEYS = [...new Set([...Object.values(VALID).flatMap((v) => Object.keys(v.body)), 'id', 'user', 'role', 'token', 'card', 'status', 'ids', '__proto__'])];

const value = fc.jsonValue({ maxDepth: 4 });
const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KNOWN_KEYS) }, fc.string({ maxLength: 12 }));

/** A body for `route`: any JSON, an object of (mostly known) keys, or its valid body with fields changed. */
function bodyFor(route: ApiRoute): fc.Arbitrary<unknown> {
  const valid = VALID[route]?.body;
  const objects = fc.dictionary(key, value, { maxKeys: 8 });
  if (!valid) return fc.oneof(value, objects);
  const changed = fc
    .tuple(fc.subarray(Object.keys(valid), { minLength: 1 }), fc.array(value, { minLength: 8, maxLength: 8 }), objects)
    .map(([keys, values, extra]) => ({ ...valid, ...extra, ...Object.fromEntries(keys.map((k, i) => [k, values[i % values.length]])) }));
  return fc.oneof(value, objects, { weight: 2, arbitrary: changed });
}

const request = fc.constantFrom(...WRITE_ROUTES).chain((route) => bodyFor(route).map((body) => ({ route, body })));

const figures = newFigures('Generated bodies');
let shop: DurableShop;
const agents = {} as Record<Who | 'anon', Agent>;

beforeAll(async () => {
  shop = await catalogueShop(figures, {
    // Random bodies hit the limits of sign-in, sign-up and reset requests; those have their own tests.
    loginLimits: { perEmail: 100_000, perEmailTotal: 100_000, perIp: 100_000 },
    signupLimit: 100_000,
    forgotLimits: { perEmail: 100_000, perIp: 100_000 },
  });
  agents.anon = shop.anon();
  for (const who of Object.keys(ACCOUNTS) as Who[]) agents[who] = await shop.as(who);
});

afterAll(async () => {
  await shop?.cleanup();
  figures.cases = RUNS;
  figures.notes.push(`${RUNS} generated bodies over ${WRITE_ROUTES.length} write routes (seed ${SEED})`);
  saveFigures('generatedBodies', figures);
});

describe(`generated request bodies (${ENGINE})`, () => {
  it(`answers ${RUNS} random bodies to the write routes without a 5xx, and stays up`, async () => {
    const answered = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ route, body }) => {
        const { as, url } = TARGET[route];
        const method = methodOf(route).toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
        const res = await agents[as][method](url).set('Content-Type', 'application/json').send(JSON.stringify(body));
        answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
        expect(res.status, `${route} ${JSON.stringify(body)?.slice(0, 300)}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
        // A body may sign the caller out, or change its password: sign in again for the next one.
        if (res.status === 401 && as !== 'anon') agents[as] = await shop.as(as).catch(() => shop.anon());
      }),
      { numRuns: RUNS, seed: SEED },
    );
    await agents.anon.get('/api/products/1').expect(200);
    figures.notes.push(`answers: ${[...answered].sort(([a], [b]) => a - b).map(([status, n]) => `${status} ×${n}`).join(', ')}`);
    expectNoLeaks();
  }, 240_000);
});
