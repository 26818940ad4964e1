// A promotion as the API answers it, for tests (client and server): 10% off the whole cart,
// automatic, no limits, active; `p` overrides any field. Its label is its name unless given.
import type { Promotion } from '../domain/checkout';

export const promotionOf = (p: Partial<Promotion> = {}): Promotion => ({
  id: 1,
  name: 'Promotion',
  label: p.name ?? 'Promotion',
  kind: 'percentage',
  value: 10,
  categories: [],
  products: [],
  code: null,
  stackable: false,
  membersOnly: false,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  active: true,
  used: 0,
  ...p,
});
