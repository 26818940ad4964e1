// GET /health/live, GET /health/ready and GET /metrics: mounted at the app's root, outside /api
// (no session, no API middleware or limits), for load balancers, orchestrators and Prometheus.
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler } from 'express';
import type { Metrics } from './metrics';
import type { OperationsService } from './service';

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Equal texts, compared in a time that does not depend on where they differ (or on their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Straight from this machine: a loopback peer, and no proxy in between (a local proxy's requests carry X-Forwarded-For or Forwarded). */
function fromThisMachine(req: Request): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && req.get('X-Forwarded-For') === undefined && req.get('Forwarded') === undefined;
}

/**
 * Who may read the metrics: with a token set (METRICS_TOKEN), a request with
 * `Authorization: Bearer <token>` (401 without one, 403 with another); without one, only a
 * request made on this machine, not through a proxy (403 otherwise).
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (token) {
      const given = /^Bearer +(\S+) *$/i.exec(req.get('Authorization') ?? '')?.[1];
      if (given === undefined) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        res.status(401).json({ message: 'The metrics need a bearer token.' });
        return;
      }
      if (!sameSecret(given, token)) {
        res.status(403).json({ message: 'This token does not open the metrics.' });
        return;
      }
      return next();
    }
    if (fromThisMachine(req)) return next();
    res.status(403).json({ message: 'The metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.' });
  };
}

export function operationsRoutes(operations: OperationsService, metrics: Metrics, metricsToken: string | undefined): express.Router {
  const router = express.Router();
  router.get('/health/live', noStore, (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', noStore, async (_req, res, next) => {
    try {
      const { ready, ...rest } = await operations.readiness();
      res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', ...rest });
    } catch (error) {
      next(error);
    }
  });
  router.get('/metrics', noStore, metricsAccess(metricsToken), async (_req, res, next) => {
    try {
      const text = await metrics.text();
      res.type(metrics.contentType).send(text);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
