import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Metrics } from '../common/observability/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function authorized(req: IncomingMessage, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** Prometheus's text format, or 401 without the token (when one is set). */
async function answer(metrics: Metrics, token: string | undefined, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (token && !authorized(req, token)) {
    res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' });
    res.end('GET /metrics needs Authorization: Bearer <METRICS_TOKEN>\n');
    return;
  }
  const body = await metrics.registry.metrics();
  res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * GET /metrics on the API's own port, only when METRICS_TOKEN is set, and only with that bearer token; without a
 * token configured it is not served there at all (the request goes on to the API's 404). Not an API route: it stays
 * out of the OpenAPI contract, and the auth guard (users' tokens) has nothing to say about it.
 */
export function metricsRoute(metrics: Metrics, token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!token || (req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    res.locals.route = '/metrics';
    answer(metrics, token, req, res).catch(next);
  };
}

/**
 * METRICS_PORT: a listener of its own that serves only GET /metrics, on METRICS_HOST (127.0.0.1 unless set), for a
 * Prometheus on the same machine or a private network; the token is asked for there too when METRICS_TOKEN is set.
 * A process of any role has it (a worker serves no API but has queues, sessions and a pool to watch).
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where it listens (tests, with METRICS_PORT=0); undefined without METRICS_PORT. */
  address(): AddressInfo | undefined {
    return (this.server?.address() as AddressInfo | null) ?? undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host, token } = this.config.metrics;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here\n');
        return;
      }
      answer(this.metrics, token, req, res).catch((e: unknown) => {
        this.log.error(`metrics not collected: ${String(e)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const where = this.address();
    this.log.log(`metrics on http://${host}:${where?.port ?? port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
