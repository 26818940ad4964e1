// The back office's views of the shop (admin only): the dashboard's figures and the customers.
// Every sum of money follows one rule (pg/revenue.ts): what the orders that are not cancelled were
// charged less what their refunded returns gave back; days are UTC calendar days.
import { ORDER_STATUSES, type Customer, type OrderStatus, type ShopStats } from '../../../src/domain/types';
import { badRequest } from '../../http/errors';
import type { Page, BackofficeStore } from '../../db/port';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../src/domain/productFields';
import { boundedPageOf, positiveInt, single } from '../../query/paging';

const DAY = 86_400_000;
/** The statuses whose orders count as revenue (and as money a customer spent). */
export const REVENUE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'cancelled');
const TOP_PRODUCTS = 5;
const LOW_STOCK = 10;
const MAX_DAYS = 366;
const MAX_QUERY = 100;

/** 'YYYY-MM-DD' of the UTC day holding `t`. */
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

export class AdminService {
  constructor(
    private readonly store: BackofficeStore,
    private readonly now: () => number,
  ) {}

  /** GET /admin/stats?days=30: the dashboard (the window is `days` UTC days up to today). */
  async stats(query: Record<string, unknown>): Promise<ShopStats> {
    const days = positiveInt(query, 'days', MAX_DAYS) ?? 30;
    const today = Math.floor(this.now() / DAY) * DAY;
    const window = { from: today - (days - 1) * DAY, to: today + DAY };
    // Enough days for the window and for the last 30 days' revenue.
    const sales = { from: Math.min(window.from, today - 29 * DAY), to: window.to };
    const [byDay, byStatus, newCustomers, topProducts, lowStock] = await Promise.all([
      this.store.salesByDay(sales, REVENUE_STATUSES),
      this.store.countOrdersByStatus(),
      this.store.countUsersSince(window.from, 'user'),
      this.store.topProducts(window, REVENUE_STATUSES, TOP_PRODUCTS),
      this.store.lowStockProducts(DEFAULT_LOW_STOCK_THRESHOLD, LOW_STOCK),
    ]);
    const sold = new Map(byDay.map((d) => [d.date, d]));
    const dayAt = (t: number) => sold.get(dayOf(t)) ?? { date: dayOf(t), revenue: 0, orders: 0 };
    const lastDays = (n: number) => Array.from({ length: n }, (_, i) => dayAt(today - (n - 1 - i) * DAY));
    const sum = (list: { revenue: number }[]) => list.reduce((total, d) => total + d.revenue, 0);
    const revenueByDay = lastDays(days);
    const windowOrders = revenueByDay.reduce((n, d) => n + d.orders, 0);
    return {
      revenue: { today: dayAt(today).revenue, last7: sum(lastDays(7)), last30: sum(lastDays(30)) },
      ordersByStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, byStatus[s] ?? 0])) as Record<OrderStatus, number>,
      averageOrderValue: windowOrders === 0 ? 0 : Math.round((sum(revenueByDay) / windowOrders) * 100) / 100,
      newCustomers,
      revenueByDay,
      topProducts,
      lowStock,
    };
  }

  /** GET /admin/customers?q=&_page=&_limit=: accounts with their orders; q finds an email or a name. */
  customers(query: Record<string, unknown>): Promise<Page<Customer>> {
    const q = single(query, 'q')?.trim();
    if (q !== undefined && q.length > MAX_QUERY) throw badRequest('Invalid search', { q: `Search must be at most ${MAX_QUERY} characters` });
    return this.store.listCustomers({ q: q || undefined, slice: boundedPageOf(query) }, REVENUE_STATUSES);
  }
}
