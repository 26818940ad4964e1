// Migration 0039 on a database made before it: promotions get a short label and their banner's
// words (the seed's members' promotion its own), and orders' discount lines the short label.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import type { FreshDatabase } from './cluster';
import { migratedBefore, testDatabase } from './database';

const SPEC_BANNER = 'Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!';
const LONG = 'Spring is here: take ten per cent off every smartphone in the shop this month';

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await testDatabase();
});
afterAll(() => fresh?.drop());

it('moves long labels of codeless promotions to the banner, shortens long labels, and relabels the orders that carried them', async () => {
  const db = await migratedBefore(fresh.url, '0039_promotion_labels');
  try {
    await sql`
      INSERT INTO promotions (id, name, label, kind, value, code) VALUES
        (1, 'Members: 20% off Electronics', ${SPEC_BANNER}, 'percentage', 2000, NULL),
        (2, 'Spring sale', ${LONG}, 'percentage', 1000, NULL),
        (3, ${'A name far too long to be a discount line of its own, for sure: yes'}, ${LONG}, 'fixed', 550, 'FIVE'),
        (4, 'Short', 'Short and sweet', 'percentage', 500, NULL),
        (5, 'Twelve and a half', ${'x'.repeat(61)}, 'percentage', 1250, ${'A'.repeat(70).slice(0, 32)})`.execute(db);
    await sql`INSERT INTO users (id, email, password, role) VALUES (1, 'm@example.com', 'x', 'user')`.execute(db);
    const lines = [
      { id: 1, code: null, label: SPEC_BANNER, amount: 20 },
      { id: 4, code: null, label: 'Short and sweet', amount: 1 },
      { id: 9, code: 'GONE', label: SPEC_BANNER, amount: 2 },
    ];
    await sql`
      INSERT INTO orders (id, user_id, items, total_amount, total_items, payment_method, selected_address, status, promotions) VALUES
        (1, 1, '[]', 100, 1, 'cash', '{}', 'pending', ${JSON.stringify(lines)}::jsonb),
        (2, 1, '[]', 100, 1, 'cash', '{}', 'pending', NULL)`.execute(db);

    expect((await migrateToLatest(db)).map((r) => r.migrationName)).toEqual(['0039_promotion_labels']);
    const rows = await db.selectFrom('promotions').select(['id', 'label', 'banner_text', 'member_banner_text']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, label: "Members' 20% off Electronics", banner_text: SPEC_BANNER, member_banner_text: 'Members save 20% on Electronics' },
      { id: 2, label: 'Spring sale', banner_text: LONG, member_banner_text: null },
      // A code is no banner's: its long label is replaced by what it takes off, with its code.
      { id: 3, label: '$5.50 off with FIVE', banner_text: null, member_banner_text: null },
      { id: 4, label: 'Short and sweet', banner_text: null, member_banner_text: null },
      { id: 5, label: 'Twelve and a half', banner_text: null, member_banner_text: null },
    ]);
    const orders = await db.selectFrom('orders').select(['id', 'promotions']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: 1, promotions: [{ ...lines[0], label: "Members' 20% off Electronics" }, lines[1], lines[2]] },
      { id: 2, promotions: null },
    ]);
  } finally {
    await db.destroy();
  }
});
