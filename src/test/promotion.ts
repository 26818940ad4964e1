// A promotion as the API answers it, for tests (client and server): 10% off the whole cart,
// automatic, no limits, active; `p` overrides any field. Its label is its name unless given.
import { promotionDefaults, type Promotion } from '../domain/checkout';

export const promotionOf = (p: Partial<Promotion> = {}): Promotion => ({
  id: 1,
  name: 'Promotion',
  label: p.name ?? 'Promotion',
  kind: 'percentage',
  value: 10,
  ...promotionDefaults(),
  used: 0,
  ...p,
});
