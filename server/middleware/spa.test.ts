// What the app's HTML route answers when pre-painting the first screen fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { spa } from './spa';

vi.mock('../prepaint', () => ({
  prepaint: () => {
    throw new Error('render failed');
  },
}));

describe('spa', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'shop-spa-'));
  writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('a first screen that fails to render is a server error, not "the app is not built"', async () => {
    const app = express().use(spa(dist, { signedIn: () => false }));
    const res = await request(app).get('/login');
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/not built/);
    // Pages without a pre-painted screen are served as usual.
    expect((await request(app).get('/cart').expect(200)).text).toContain('<div id="root"></div>');
  });
});
