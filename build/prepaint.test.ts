// The build step that pre-paints the first screens (build/prepaint.ts, rendering
// build/prepaintRender.tsx through Vite's SSR loader): the plugin writes both screens into the
// build, each inert, script-free and holding no one's data.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_END } from '../src/domain/firstPaint';
import { PREPAINT_FILE, type PrepaintScreens } from './manifest';
import { prepaint } from './prepaint';

const ROOT = path.resolve(import.meta.dirname, '..');
const dist = mkdtempSync(path.join(tmpdir(), 'shop-prepaint-build-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Runs a plugin hook as Vite would (the hooks this plugin has take no plugin context but `error`). */
async function hook(plugin: Plugin, name: 'configResolved' | 'buildStart' | 'writeBundle', ...args: unknown[]) {
  const fn = plugin[name] as unknown as (...a: unknown[]) => unknown;
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return fn.call(context, ...args);
}

let screens: PrepaintScreens;
beforeAll(async () => {
  const plugin = prepaint();
  expect(plugin.apply).toBe('build');
  await hook(plugin, 'configResolved', { root: ROOT, mode: 'production' });
  await hook(plugin, 'buildStart', {});
  await hook(plugin, 'writeBundle', { dir: dist }, {});
  screens = JSON.parse(readFileSync(path.join(dist, PREPAINT_FILE), 'utf8')) as PrepaintScreens;
}, 120_000);

describe('the pre-painted first screens the build writes', () => {
  it('writes the two screens into the build (.vite/prepaint.json), each an inert <div> ending in the first-screen mark', () => {
    expect(Object.keys(screens).sort()).toEqual(['home', 'login']);
    for (const html of Object.values(screens)) {
      expect(html).toMatch(/^<div inert>/);
      expect(html.endsWith(`<span id="${FIRST_SCREEN_END}"></span></div>`)).toBe(true);
      expect(html).not.toMatch(/<script/i);
    }
  });

  it('login: the sign-in screen', () => {
    expect(screens.login).toContain('Log in to your account');
    expect(screens.login).toContain('Best Buy Always');
    expect(screens.login).toContain('Email address');
  });

  it('home: the shop shell with the promotion and the list loading, and nobody’s data', () => {
    expect(screens.home).toContain('Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!');
    expect(screens.home).toContain('All Products');
    expect(screens.home).not.toContain('No products match');
    expect(screens.home).not.toContain('Log in to your account');
    // The stand-in shopper has no email address; nobody's is in the screen (the footer links to
    // the contact page rather than showing the shop's).
    expect(screens.home.match(/[\w.+-]+@[\w-]+\.\w+/g) ?? []).toEqual([]);
  });
});
