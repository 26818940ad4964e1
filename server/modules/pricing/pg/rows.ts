// Rows of migration 0014 ↔ the shapes of src/domain/checkout.ts. Inside the database money is
// integer cents and a promotion's value hundredths (percent × 100, or cents); the API answers
// dollars and percents (toDollars). The *FromRow functions give back what *ToRow took.
import type { Insertable, Selectable } from 'kysely';
import { toCents, toDollars, type Promotion, type ShippingMethod, type TaxRate } from '../../../../src/domain/checkout';
import type { PromotionsTable, ShippingMethodsTable, TaxRatesTable } from '../../../db/schema';
import { findRegion } from '../../../../src/domain/regions';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export function promotionFromRow(r: Selectable<PromotionsTable>): Promotion {
  return {
    id: r.id,
    name: r.name,
    label: r.label,
    bannerText: r.banner_text,
    memberBannerText: r.member_banner_text,
    kind: r.kind,
    value: toDollars(r.value),
    categories: r.categories,
    products: r.products,
    code: r.code,
    stackable: r.stackable,
    membersOnly: r.members_only,
    minSubtotal: toDollars(r.min_subtotal),
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    usageLimit: r.usage_limit,
    perCustomerLimit: r.per_customer_limit,
    active: r.active,
    used: r.used,
  };
}

/** A promotion's columns (`used` and, without one, `id` are the database's). */
export function promotionToRow(p: Omit<Promotion, 'id' | 'used'> & { id?: number; used?: number }): Insertable<PromotionsTable> {
  return {
    ...(p.id === undefined ? {} : { id: p.id }),
    name: p.name,
    label: p.label,
    // A file written before migration 0039 lacks them.
    banner_text: p.bannerText ?? null,
    member_banner_text: p.memberBannerText ?? null,
    kind: p.kind,
    value: toCents(p.value),
    categories: p.categories,
    products: p.products,
    code: p.code,
    stackable: p.stackable,
    members_only: p.membersOnly,
    min_subtotal: toCents(p.minSubtotal),
    starts_at: p.startsAt === null ? null : new Date(p.startsAt),
    ends_at: p.endsAt === null ? null : new Date(p.endsAt),
    usage_limit: p.usageLimit,
    per_customer_limit: p.perCustomerLimit,
    active: p.active,
    ...(p.used === undefined ? {} : { used: p.used }),
  };
}

export function shippingMethodFromRow(r: Selectable<ShippingMethodsTable>): ShippingMethod {
  return {
    id: r.id,
    name: r.name,
    country: r.country,
    amount: toDollars(r.amount),
    freeOver: r.free_over === null ? null : toDollars(r.free_over),
    estimate: { minDays: r.min_days, maxDays: r.max_days },
  };
}

export function shippingMethodToRow(m: Omit<ShippingMethod, 'id'> & { id?: number }): Insertable<ShippingMethodsTable> {
  return {
    ...(m.id === undefined ? {} : { id: m.id }),
    name: m.name,
    country: m.country,
    amount: toCents(m.amount),
    free_over: m.freeOver === null ? null : toCents(m.freeOver),
    min_days: m.estimate.minDays,
    max_days: m.estimate.maxDays,
  };
}

export function taxRateFromRow(r: Selectable<TaxRatesTable>): TaxRate {
  return { id: r.id, country: r.country, state: r.state, rate: Number(r.rate) };
}

/** A rate's row: its region by code (a file written before regions were checked names them), else as given. */
export function taxRateToRow(t: Omit<TaxRate, 'id'> & { id?: number }): Insertable<TaxRatesTable> {
  const state = t.state === null ? null : (findRegion(t.country, t.state)?.code ?? t.state);
  return { ...(t.id === undefined ? {} : { id: t.id }), country: t.country, state, rate: t.rate };
}
