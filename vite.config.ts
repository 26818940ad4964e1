/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { chunkModules } from './build/chunkModules.ts';
import { inlineCss } from './build/inlineCss.ts';
import { precompress } from './build/precompress.ts';
import { prepaint } from './build/prepaint.ts';
import { routeManifest } from './build/routeManifest.ts';
import { scriptPriority } from './build/scriptPriority.ts';

// In `npm run dev` the API server listens on API_PORT and Vite proxies /api to it.
const apiPort = process.env.API_PORT ?? '8081';

// Vitest starts the slowest test files first (tests/timing/sequencer.ts); loaded only under Vitest.
const sequencer = process.env.VITEST ? (await import('./tests/timing/sequencer.ts')).default : undefined;

export default defineConfig(({ command }) => ({
  // react-router 7 exports only its development build (remix-run/react-router#12532, #14102): the
  // production one, without the dev warnings, is picked by path for `vite build`. Both entries,
  // so the router and react-router/dom share one copy of its context.
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
            { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
          ],
        }
      : {},
  plugins: [react(), tailwindcss(), scriptPriority(), inlineCss(), routeManifest(), prepaint()],
  server: {
    // changeOrigin off (the string shorthand turns it on): the API checks that a write's Origin
    // is the Host it was sent to, which is Vite's own address here.
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
      // Uploaded product images (server/modules/media), served by the API server.
      '/media': { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
  build: {
    // dist/.vite/manifest.json + chunk-modules.json: read by scripts/checkBudget.ts;
    // dist/.vite/routes.json (each page's chunks), dist/.vite/prepaint.json (the first screens of
    // /login and /, build/prepaint.ts) and assets/*.br, *.gz: read by the server.
    manifest: true,
    // Every browser this shop supports (Chromium, Firefox, Safari 17+) has native modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      plugins: [chunkModules(), precompress()],
      output: {
        codeSplitting: {
          // The shell's state code (Redux and the lib modules around it, apiClient included) stays
          // one chunk whichever pages import which part of it: a back-office page that needs only
          // apiClient would otherwise split it off, and each split costs a shopper's first load
          // ~0.2 kB of gzip (the /login budget has little room).
          groups: [
            {
              name: 'hooks',
              test: /node_modules[\\/](redux|immer|redux-thunk|@reduxjs[\\/]toolkit|react-redux)[\\/]|src[\\/]lib[\\/](session|apiClient|thunk|hooks)\.ts$/,
            },
            // Two pairs kept one chunk each for the same reason (only the pair: what it imports stays
            // where it is): the wishlist's store and heart, both on the signed-in home (the Wishlist
            // page reads only the store), and the forms' rules with their checker, both on /login
            // (the back office's product table reads only the checker).
            {
              name: 'wishlist',
              test: /src[\\/]features[\\/]wishlist[\\/](wishlistStore\.ts|components[\\/]WishlistHeart\.tsx)$/,
              includeDependenciesRecursively: false,
            },
            // The menus' and buttons' shared machinery (headlessui's base, react-aria's focus and
            // press hooks): one chunk, whichever back-office widget also uses a part of it.
            {
              name: 'headless',
              test: /node_modules[\\/](react-aria|react-stately)[\\/]|@headlessui[\\/]react[\\/]dist[\\/](utils[\\/](env|owner|micro-task|disposables|class-names|match|render|dom|bugs)|hooks[\\/](use-disposables|use-iso-morphic-effect|use-latest-value|use-event|use-slot|use-id|use-sync-refs|use-flags|use-transition|use-active-press|use-resolve-button-type)|components[\\/]keyboard|internal[\\/](close-provider|open-closed))\.m?js$/,
              includeDependenciesRecursively: false,
            },
            // The product listing with its search, sort and filters, the listing's URL params and query, and the
            // uploaded images' srcset (domain/media.ts, which its cards draw):
            // one chunk for the shopper's home and /admin, which the back office's products table
            // also loads (it reuses the search, sort and filters) rather than split in two for it
            // (~1.2 kB of gzip more on the signed-in home). The back office's other lists read
            // their page from the URL with listingParams too: they load this chunk (admins only),
            // and the signed-in home has one chunk less to fetch.
            {
              name: 'ProductList',
              test: /@heroicons[\\/]react[\\/]20[\\/]solid[\\/]esm[\\/](CheckIcon|FunnelIcon|MinusIcon|PlusIcon|Squares2X2Icon)\.js$|src[\\/]lib[\\/]listingParams\.ts$|src[\\/]domain[\\/]media\.ts$|src[\\/]lib[\\/]listingQuery\.ts$|src[\\/]features[\\/]products[\\/](catalogueAPI\.ts|useListingQuery\.ts|components[\\/](ProductList|FacetCount|PriceRange|RangeFilters|FilterChips|FilterSections|SortMenu|ListingHeader|ProductCard|ProductResults|SuggestionList|SearchBox)\.tsx)$/,
              includeDependenciesRecursively: false,
            },
            // The stars (with their icon, which the rating filter also draws) and the price a card
            // shows: one chunk, as without the group above.
            {
              name: 'StarRating',
              test: /@heroicons[\\/]react[\\/]20[\\/]solid[\\/]esm[\\/]StarIcon\.js$|src[\\/]components[\\/](StarRating|Price)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'validation',
              test: /src[\\/]domain[\\/](validation|fieldRule)\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default on a 2-core machine is one worker; the server suites wait on databases,
    // servers and timers as much as they compute, so two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // Each file's time, and a failed run when one file takes more than 60 s (docs/testing.md).
    reporters: ['default', './tests/timing/fileTimeGuard.ts'],
    ...(sequencer ? { sequence: { sequencer } } : {}),
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom per worker instead of one per file (setting it up cost more than the tests):
          // every test renders into a fresh store and router, src/test/setup.ts empties the document
          // and undoes stubs and fake timers after each test.
          isolate: false,
          // A form test types and clicks through several steps: more than 5 s on a busy machine.
          testTimeout: 15_000,
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'tests/api/**/*.test.ts',
            'tests/reliability/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'build/**/*.test.ts',
            'tests/pg/**/*.test.ts',
            'tests/timing/**/*.test.ts',
          ],
          environment: 'node',
          // Shops on embedded PostgreSQL (and a few test files' own clusters) take longer than 5 s.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One throw-away PostgreSQL cluster per run (tests/pg/cluster.ts), for the files that use
          // it, and the embedded driver's migrated image.
          globalSetup: ['tests/pg/globalSetup.ts'],
          // A worker's files share the modules they import (the server, Kysely, PGlite): importing
          // them once per file cost minutes. What a file opens, it closes (tests/pg/fileHooks.ts).
          isolate: false,
          setupFiles: ['tests/pg/fileHooks.ts'],
        },
      },
      {
        // One contract, two drivers: the API suites and the reliability suites that concern data,
        // again on a PostgreSQL server (tests/api/fixtures.ts reads TEST_ENGINE); the rest does
        // not depend on the driver and runs once, in `server`.
        test: {
          name: 'server-pg',
          include: [
            'tests/api/**/*.test.ts',
            // Their parts too: a long suite is split over files that run side by side.
            'tests/reliability/{badInput,accessMatrix,concurrency,crash,sessions,generatedBodies}*.test.ts',
          ],
          environment: 'node',
          env: { TEST_ENGINE: 'postgres' },
          // A shop on PostgreSQL is a database of its own: tests that make many take longer.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/pg/globalSetup.ts'],
          isolate: false,
          setupFiles: ['tests/pg/fileHooks.ts'],
        },
      },
    ],
  },
}));
