// Which orders carry a promotion's uses: the orders that are not cancelled (README "Prices").
// Placing counts them (PromotionService.redeem); cancelling gives them back and leaving
// `cancelled` counts them again (PromotionService.giveBack, takeAgain), each in the transaction of
// the order's change, so a code limited to N uses is carried by exactly N live orders.
import type { AppliedPromotion } from '../../../src/domain/checkout';
import type { RedemptionRefused } from './port';

/** The 409's words when a cancelled order cannot be reopened: a promotion it carries reached a limit since it was cancelled. */
export function reopenRefused(order: number, refused: RedemptionRefused, promotions: readonly AppliedPromotion[]): string {
  const promotion = promotions.find((p) => p.id === refused.promotion);
  const name = promotion?.code ? `the code ${promotion.code}` : `the offer "${promotion?.label ?? refused.promotion}"`;
  const why = refused.limit === 'usage' ? `${name} has been used up` : `its customer has used ${name} as many times as it allows`;
  return `Order #${order} cannot be reopened: ${why} since it was cancelled. Nothing was changed.`;
}
