// The services' events, counted and logged: each service tells what happened through a Signal
// (server/signal.ts) and knows nothing of metrics or logs; this is the one place that listens.
// A line carries the request's id (the request's logger, logging.ts) and never a secret: no
// password, no card number, no session or token; an account by its id.
import type { AuthService } from '../accounts/auth';
import type { OrderService } from '../orders/service';
import type { PaymentService } from '../payments/service';
import type { Logger } from './logging';
import type { WebhookRound } from '../webhooks/worker';
import type { Metrics } from './metrics';

export interface Observed {
  auth: Pick<AuthService, 'loginFailed'>;
  orders: Pick<OrderService, 'placed'>;
  payments: Pick<PaymentService, 'declined'>;
}

export function observe(services: Observed, metrics: Metrics, log: () => Logger | undefined): void {
  const placed = metrics.counter('shop_orders_placed_total', 'Orders placed (a retry with the same Idempotency-Key not counted again)');
  const declined = metrics.counter('shop_payments_declined_total', 'Cards the payment provider refused when an order was placed');
  const loginsFailed = metrics.counter('shop_logins_failed_total', 'Sign-ins refused: wrong email or password, a wrong or used two-factor code, or past the attempt limits');

  services.orders.placed.listen((order) => {
    placed.inc();
    log()?.info({ event: 'order placed', orderId: order.id, user: order.user, total: order.totalAmount, paymentMethod: order.paymentMethod }, 'order placed');
  });
  services.payments.declined.listen(({ user, amount, message }) => {
    declined.inc();
    log()?.warn({ event: 'payment declined', user, amountCents: amount, reason: message }, 'payment declined');
  });
  services.auth.loginFailed.listen(({ reason }) => {
    loginsFailed.inc();
    log()?.warn({ event: 'login failed', reason }, 'login failed');
  });
}

/** The webhook worker's rounds: each failed attempt (to be retried, or given up) counted; the worker logs each. */
export function observeWebhooks(metrics: Metrics): (round: WebhookRound) => void {
  const failed = metrics.counter('shop_webhook_deliveries_failed_total', 'Webhook delivery attempts that failed (no 2xx answer within 10 s), retried or given up');
  return ({ retried, failed: givenUp }) => {
    if (retried.length + givenUp.length > 0) failed.inc(retried.length + givenUp.length);
  };
}
