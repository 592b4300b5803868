import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestWithContext } from '../access/request-context';
import type { RequestWithApiCaller } from '../access/api-token';
import { logContext, requestIdFrom } from './log-context';
import type { Metrics } from './metrics';
import type { ProcessLogger } from './process-logger';

/** Probes and scrapes (every few seconds): their lines are debug, so they do not bury the requests people make. */
const QUIET_ROUTES = new Set(['/health', '/health/live', '/health/ready', '/metrics']);

/**
 * What a request's line and its metric name as its route: the pattern of the route that answered it
 * (`/tickets/:ticketId`), never the URL as sent (ids make every URL a new series; a query string may hold a token).
 * What no route answered is named by whoever served it (`res.locals.route`: the console's files, the embed's) or by
 * its mount (`/public/*`, `/docs/*`), and is `(unmatched)` otherwise.
 */
export function routeOf(req: Request, res: Response): string {
  const pattern = (req as { route?: { path?: unknown } }).route?.path;
  // A wildcard is a middleware's mount (MikroORM's request context, `/{*all}`), not a route that answered.
  if (typeof pattern === 'string' && !pattern.includes('{*')) return `${req.baseUrl ?? ''}${pattern}`;
  if (typeof res.locals.route === 'string') return res.locals.route;
  const path = req.originalUrl.split('?')[0];
  if (path.startsWith('/public/')) return '/public/*';
  if (path.startsWith('/docs/') || path === '/docs') return '/docs/*';
  return '(unmatched)';
}

/**
 * The first middleware of every request: its id (the incoming X-Request-Id when well-formed, a new one otherwise),
 * returned in the X-Request-Id header at once, so even an answer that fails carries it; the log context every line
 * written while serving it carries; and, when the answer is finished, its one line (method, route pattern, status,
 * duration, company and user of an authenticated caller) and its observation in the HTTP duration histogram.
 * A request the client abandoned before its answer was finished counts with status 499.
 */
export function requestLog(logger: ProcessLogger, metrics: Metrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    // The guard sets who is calling after this runs: read when a line is written.
    const caller = () => {
      const r = req as Request & RequestWithContext & RequestWithApiCaller;
      return { companyId: r.ctx?.companyId ?? r.apiCaller?.companyId, userId: r.ctx?.userId };
    };
    let logged = false;
    const finished = () => {
      if (logged) return;
      logged = true;
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(req, res);
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.httpDuration.observe({ method: req.method, route, status_code: String(status) }, seconds);
      const { companyId, userId } = caller();
      logger.request({
        requestId,
        method: req.method,
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(companyId !== undefined ? { companyId } : {}),
        ...(userId !== undefined ? { userId } : {}),
        quiet: QUIET_ROUTES.has(route),
      });
    };
    res.once('finish', finished);
    res.once('close', finished);
    logContext.run({ requestId, caller }, next);
  };
}
