import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INestApplication, LogLevel } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { NextFunction, Request, Response } from 'express';
import { AppModule, DEFAULT_REDIS } from './app.module';
import { AppConfig, loadConfig } from './config/app-config';
import { CONTRACT_OVERVIEW, CONTRACT_TAGS } from './contract/contract-tags';
import { finishErrors } from './contract/contract-errors';
import { mergeExamples, readExamples } from './contract/contract-examples';
import { addWebhooks } from './contract/contract-webhooks';
import { toOpenApi31 } from './contract/openapi-31';
import { createValidationPipe, InputTextPipe } from './common/http/validation';
import { errorCatalogue } from './common/http/errors';
import { servePublicFiles } from './common/http/public-files';
import { MEDIA_STORE } from './common/infra/media-store/media-store';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { createProcessLogger, type ProcessLogger } from './common/observability/process-logger';
import { requestLog } from './common/observability/request-log';
import { Metrics } from './common/observability/metrics';
import { metricsRoute } from './observability/metrics-endpoint';
import { builtFiles, REVALIDATE } from './common/http/built-files';
import type { CorsOptionsDelegate } from '@nestjs/common/interfaces/external/cors-options.interface';
import { EmbedOrigins } from './auth/embed/embed-origins';

export interface CreateAppOptions {
  /** The levels to write (false: none); LOG_LEVEL's by default, only errors under NODE_ENV=test. */
  logger?: LogLevel[] | false;
  /** Where JSON lines go (LOG_FORMAT=json): standard output by default; tests capture them. */
  logDestination?: DestinationStream;
}

/** Builds the HTTP application exactly as production runs it; tests use the same function. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const levels = options.logger === false ? [] : (options.logger ?? (config.nodeEnv === 'test' ? ['error'] : config.logLevels));
  const logger = createProcessLogger(config, { levels, destination: options.logDestination });
  // rawBody: the official WhatsApp API's webhook checks Meta's signature over the bytes as sent (req.rawBody).
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { logger, bufferLogs: false, rawBody: true });
  configureApp(app, config, logger);
  return app;
}

export function configureApp(app: NestExpressApplication, config: AppConfig, logger: ProcessLogger = createProcessLogger(config)): void {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // First: the request id (X-Request-Id), the log context of everything below, and the request's line and metric.
  app.use(requestLog(logger, app.get(Metrics)));
  app.use(
    helmet({
      // Swagger UI and the console need inline styles; the API serves no third-party content.
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  app.use(compression({ filter: compressible }));
  app.use(cookieParser());
  app.enableCors(corsOptions(corsOrigin(config.corsOrigins), app.get(EmbedOrigins)));
  // The NUL and depth check first, on the values as sent; then each DTO's rules.
  app.useGlobalPipes(new InputTextPipe(), createValidationPipe());
  app.useWebSocketAdapter(new RedisIoAdapter(app, config.redisUrl ?? DEFAULT_REDIS, config.redisPrefix));
  app.use('/metrics', metricsRoute(app.get(Metrics), config.metrics.token));
  servePublicFiles(app, app.get(MEDIA_STORE));
  serveAsyncApi(app);
  // The contract changes with each deployment under the same URL: kept by clients, asked again each time (a 304 when unchanged).
  app.use('/docs/openapi.json', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', REVALIDATE);
    next();
  });
  // Built on the first request for /docs or its JSON, not at start: scanning every controller costs about 0.65 s of CPU
  // that each start (every replica, every test's app) would otherwise pay for a page few requests ask for.
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs/openapi.json',
    customSiteTitle: 'Atende API',
    // The operations filter (by tag) and each operation's id: 228 operations are too many to scroll through.
    swaggerOptions: { filter: true, displayOperationId: true },
  });
  serveEmbed(app, config.embedDir);
  serveConsole(app, config.consoleDir);
}

/** The socket events' contract (api/asyncapi.json, generated and committed like api/openapi.json) beside /docs. */
function serveAsyncApi(app: NestExpressApplication): void {
  const file = join(__dirname, '..', 'asyncapi.json');
  if (!existsSync(file)) return;
  const json = readFileSync(file, 'utf8');
  app.use('/docs/asyncapi.json', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.locals.route = '/docs/asyncapi.json';
    res.setHeader('Cache-Control', REVALIDATE);
    res.type('application/json').send(json);
  });
}

/**
 * Every answer compressed when the client accepts it, brotli or gzip (the contract is 0.8 MB of JSON), except a
 * server-sent stream, which must reach the client event by event, and a built file sent as its precompressed copy
 * (it has its Content-Encoding already: built-files.ts). socket.io answers on the HTTP server before Express, so its
 * transports never pass here.
 */
function compressible(req: Request, res: Response): boolean {
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/** A page served from this machine: http(s) on localhost, 127.0.0.1 or [::1], any port. */
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * Which origins get CORS answers (with credentials): the listed ones, or pages on this machine (outside production
 * without CORS_ORIGINS). Any other origin gets no CORS headers, so its pages cannot read our answers; same-origin
 * requests (the console served by the API) never need them.
 */
export function corsOrigin(
  origins: AppConfig['corsOrigins'],
): string[] | ((origin: string | undefined, done: (e: Error | null, allow?: boolean) => void) => void) {
  if (origins !== 'loopback') return origins;
  return (origin, done) => done(null, origin !== undefined && LOOPBACK_ORIGIN.test(origin));
}

/**
 * The configured origins get credentialed CORS (the console, dev servers). Besides them, the origins of every live
 * embed key (any company): their widgets send an Authorization header and no cookie, so they get CORS without
 * credentials. A preflight names the headers it asks for (Authorization, Content-Type) and gets them back.
 */
export function corsOptions(configured: ReturnType<typeof corsOrigin>, embed: Pick<EmbedOrigins, 'allows'>): CorsOptionsDelegate<Request> {
  const isConfigured = (origin: string) =>
    new Promise<boolean>((resolve) => (Array.isArray(configured) ? resolve(configured.includes(origin)) : configured(origin, (_e, allow) => resolve(!!allow))));
  return (req, done) => {
    const origin = req.headers.origin;
    if (!origin) return done(null, { origin: false });
    void (async () => {
      if (await isConfigured(origin)) return done(null, { origin, credentials: true, exposedHeaders: EXPOSED_HEADERS });
      if (await embed.allows(origin).catch(() => false)) return done(null, { origin, credentials: false, maxAge: 600, exposedHeaders: EXPOSED_HEADERS });
      done(null, { origin: false });
    })();
  };
}

/** Answer headers a page of another origin may read: the request id, to quote when reporting a problem. */
const EXPOSED_HEADERS = ['X-Request-Id'];

/** A path whose last segment has an extension: the only kind of path the built console has files for. */
const FILE_PATH = /\/[^/]*\.[A-Za-z0-9]+$/;

/** A build's file named with its content's hash (`index-B3x_9aQk.js`, `chunks/react-Cq1f2x8Z.js`), its source map too. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2?|svg|png|webp|wasm)(\.map)?$/;

/**
 * The built console from the API's origin, with the SPA fallback for its client-side routes. Its files are listed
 * once at start (built-files.ts): an API call (`/tickets`) goes straight to its route without a look in the
 * console's folder. Hashed assets (`/assets/*-<hash>.js`) are cached for good; index.html and sw.js, whose names
 * stay, are revalidated on each load, so a deployment reaches every browser at its next visit.
 */
function serveConsole(app: INestApplication & NestExpressApplication, dir: string): void {
  if (!existsSync(join(dir, 'index.html'))) return;
  const files = builtFiles(dir, {
    route: '(console)',
    immutable: (path) => path.startsWith('/assets/') && HASHED.test(path),
    revalidate: (path) => path === '/index.html' || path === '/sw.js',
  });
  if (!files) return;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (FILE_PATH.test(req.path)) files.middleware(req, res, next);
    else next();
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Only a browser's navigation gets the page: it names text/html. An API call names JSON, `*/*` (curl, most
    // libraries) or nothing at all (Go's and Java's default clients), or carries a bearer token: it reaches its route.
    const accept = req.headers.accept;
    if (req.method !== 'GET' || !accept?.includes('text/html') || req.headers.authorization) return next();
    // A file that is not there (a chunk of an older build) is a 404, never the page in its place.
    if (FILE_PATH.test(req.path) || req.path.startsWith('/docs') || req.path.startsWith('/socket.io')) return next();
    files.send('/index.html', req, res, next);
    res.locals.route = '(console page)';
  });
}

/**
 * The script-tag embed (ui-kit/dist/embed, EMBED_DIR) at /embed/, when it is built: a partner's page can load
 * `https://<this deployment>/embed/atende-embed.js`. The loader keeps its name (revalidated on each load), its chunks
 * are hashed (cached for good). They are public code loaded as modules from the partners' origins: any origin may
 * read them, without credentials.
 */
function serveEmbed(app: NestExpressApplication, dir: string): void {
  const files = builtFiles(dir, {
    route: '(embed)',
    immutable: (path) => path.startsWith('/chunks/') && HASHED.test(path),
    revalidate: () => true,
    headers: { 'Access-Control-Allow-Origin': '*' },
  });
  if (!files) return;
  app.use('/embed', (req: Request, res: Response, next: NextFunction) => {
    res.removeHeader('Access-Control-Allow-Credentials');
    files.middleware(req, res, next);
  });
}

/**
 * What the decorators cannot say: the server, `security: []` on public operations (the others carry the bearer
 * scheme from @Endpoint), and the ErrorCode enum of every code the API defines (known only once every module's
 * error table has loaded), referenced by the error body.
 */
function finishContract(doc: OpenAPIObject): OpenAPIObject {
  // Relative: the origin the document is served from (/docs of a deployment), a local one at http://localhost:8080.
  // An SPDX reference of our own: the API is not open source (its typed client and widget kit are MIT-licensed).
  doc.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Atende-Proprietary' } as OpenAPIObject['info']['license'];
  doc.servers = [{ url: '/', description: 'This Atende deployment (locally `npm start` serves http://localhost:8080)' }];
  for (const item of Object.values(doc.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const op = item[method];
      if (op && !op.security) op.security = [];
    }
  }
  const schemas = (doc.components ??= {}).schemas ?? {};
  // Named numeric enums come out typed as strings; their values say what they are.
  for (const schema of Object.values(schemas) as { type?: string; enum?: unknown[] }[]) {
    if (schema.enum?.length && schema.type === 'string' && schema.enum.every((v) => Number.isInteger(v))) schema.type = 'integer';
  }
  schemas.ErrorCode = { type: 'string', enum: errorCatalogue(), description: 'Every error code the API answers; clients translate them' };
  const body = schemas.ErrorResponseDto as { properties: Record<string, unknown> } | undefined;
  if (body)
    body.properties.error = {
      allOf: [{ $ref: '#/components/schemas/ErrorCode' }],
      description: 'Stable error code; clients translate it',
      example: 'ERR_VALIDATION',
    };
  return doc;
}

function sortDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortDeep) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, sortDeep((value as Record<string, unknown>)[k])]),
    ) as T;
  }
  return value;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Atende API')
    .setDescription(CONTRACT_OVERVIEW)
    .setVersion('1.0.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'atd_…', description: "A connection's send-message API token (connections page)" },
      'connection-token',
    )
    .build();
  const doc = SwaggerModule.createDocument(app, builder, {
    operationIdFactory: (_controller, method) => method,
  });
  doc.tags = CONTRACT_TAGS;
  finishErrors(doc, loadConfig({ NODE_ENV: 'development' }).throttle);
  mergeExamples(doc, readExamples());
  addWebhooks(doc);
  return sortDeep(toOpenApi31(finishContract(doc)));
}
