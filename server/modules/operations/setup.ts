// The operations part of an app (createApp, server/app.ts): its logger, request log, metrics and
// health, built per app (tests make many; nothing is process-wide).
import type express from 'express';
import type { MailService } from '../mail/service';
import type { WebhooksService } from '../webhooks/service';
import type { WebhookRound } from '../webhooks/worker';
import type { OperationsStore } from '../../db/port';
import { createLogger, RequestLog, type Logger } from './logging';
import { Metrics } from './metrics';
import { observe, observeWebhooks, type Observed } from './observe';
import { operationsRoutes } from './routes';
import { OperationsService, type WorkerState } from './service';

export interface OperationsOptions {
  store: OperationsStore;
  services: Observed & { mail: Pick<MailService, 'backlog'>; webhooks: Pick<WebhooksService, 'pending'> };
  /** true: JSON lines on stdout at $LOG_LEVEL; a pino logger: that one (tests capture lines); false: none. */
  logger: boolean | Logger;
  /** The mail worker this instance runs; undefined when none should run. */
  mailWorker: WorkerState | undefined;
  /** The bearer token of GET /metrics; undefined: this machine only. */
  metricsToken: string | undefined;
  now: () => number;
}

export interface Operations {
  /** The app's logger (undefined when logging is off). */
  logger: Logger | undefined;
  requestLog: RequestLog;
  metrics: Metrics;
  readiness: OperationsService;
  /** What the instance's webhook worker did in a round: counted and logged. */
  webhookRound: (round: WebhookRound) => void;
  /** /health/live, /health/ready, /metrics. */
  routes: express.Router;
}

export function setUpOperations(options: OperationsOptions): Operations {
  const logger = options.logger === true ? createLogger() : options.logger || undefined;
  const { store, services, now } = options;
  const metrics = new Metrics({ backlog: () => services.mail.backlog(), webhooksPending: () => services.webhooks.pending(), poolUse: () => store.poolUse(), now });
  const requestLog = new RequestLog(logger, (request) => metrics.observe(request));
  observe(services, metrics, () => requestLog.current());
  const readiness = new OperationsService(store, options.mailWorker);
  const webhookRound = observeWebhooks(metrics);
  return { logger, requestLog, metrics, readiness, webhookRound, routes: operationsRoutes(readiness, metrics, options.metricsToken) };
}
