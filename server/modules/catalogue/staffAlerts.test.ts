// The stock crossings the staff is mailed of, without a database: the stock lockProducts read,
// then each take or move compared with it (staffAlerts.ts), and the message each alert makes.
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/tx';
import { staffAlertMail } from '../mail/staffMessages';
import { StockWatch, type StaffAlert } from './staffAlerts';
import type { LockedProduct } from './variantTypes';

const ON = { review: true, lowStock: true, soldOut: true };
const tx = () => ({}) as Tx;

function boots(stocks: number[], notify = ON, lowStockThreshold?: number): LockedProduct {
  return {
    id: 6,
    title: 'Chelsea Boots',
    lowStockThreshold,
    notify,
    options: [{ name: 'Size', values: stocks.map((_, i) => String(42 + i)) }],
    variants: stocks.map((stock, i) => ({ id: 100 + i, sku: `BOOT-${42 + i}`, options: { Size: String(42 + i) }, price: null, discountPercentage: null, stock })),
  } as unknown as LockedProduct;
}

const kinds = (alerts: StaffAlert[]) => alerts.map((a) => [a.kind, a.product.variant?.sku, 'stock' in a ? a.stock : undefined]);

describe('StockWatch', () => {
  it('tells each variant crossing once: above the threshold to at or below it, then to 0', () => {
    const watch = new StockWatch();
    const t = tx();
    watch.remember(t, [boots([7, 2])]);
    expect(watch.moved(t, [{ variant: 100, delta: -1 }])).toEqual([]); // 7 → 6
    expect(kinds(watch.moved(t, [{ variant: 100, delta: -1 }]))).toEqual([['lowStock', 'BOOT-42', 5]]); // 6 → 5: at the threshold
    expect(watch.moved(t, [{ variant: 100, delta: -2 }])).toEqual([]); // 5 → 3: still low
    // Two lines of one variant are one sale; the other variant is apart.
    expect(kinds(watch.moved(t, [{ variant: 101, delta: -1 }, { variant: 101, delta: -1 }]))).toEqual([['soldOut', 'BOOT-43', 0]]);
    // Given back and sold out again: a new event.
    expect(watch.moved(t, [{ variant: 101, delta: 1 }])).toEqual([]);
    expect(kinds(watch.moved(t, [{ variant: 101, delta: -1 }]))).toEqual([['soldOut', 'BOOT-43', 0]]);
  });

  it('a sale straight to 0 tells soldOut, or lowStock when only that is on; nothing with both off or nothing locked', () => {
    const both = new StockWatch();
    const t = tx();
    both.remember(t, [boots([9])]);
    expect(kinds(both.moved(t, [{ variant: 100, delta: -9 }]))).toEqual([['soldOut', 'BOOT-42', 0]]);
    const lowOnly = new StockWatch();
    lowOnly.remember(t, [boots([9], { review: false, lowStock: true, soldOut: false }, 3)]);
    expect(kinds(lowOnly.moved(t, [{ variant: 100, delta: -9 }]))).toEqual([['lowStock', 'BOOT-42', 0]]);
    const off = new StockWatch();
    off.remember(t, [boots([9], { review: true, lowStock: false, soldOut: false })]);
    expect(off.moved(t, [{ variant: 100, delta: -9 }])).toEqual([]);
    expect(off.moved(tx(), [{ variant: 100, delta: -9 }])).toEqual([]);
  });
});

describe('staffAlertMail', () => {
  it('names the product, its id, the variant, the stock left and the back-office page', () => {
    const watch = new StockWatch();
    const t = tx();
    watch.remember(t, [boots([6], ON, 5)]);
    const [alert] = watch.moved(t, [{ variant: 100, delta: -2 }]);
    const mail = staffAlertMail('staff@shop.example', alert, 'https://shop.example');
    expect(mail).toEqual({
      to: 'staff@shop.example',
      subject: 'Low stock: Chelsea Boots (#6, SKU BOOT-42, Size 42)',
      text: ['Chelsea Boots (#6, SKU BOOT-42, Size 42) is low on stock: 4 left (low-stock threshold 5).', '', 'Back office: https://shop.example/admin/productdetail/6'].join('\n'),
    });
  });
});
