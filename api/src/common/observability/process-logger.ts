import { hostname } from 'node:os';
import { ConsoleLogger, type LoggerService, type LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Level, type Logger as Pino } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { logContext } from './log-context';

/** The one line a request leaves (request-log.ts writes it when the answer is finished). */
export interface RequestLine {
  requestId: string;
  method: string;
  /** The matched route's pattern (`/tickets/:ticketId`), never the URL as sent: it may hold ids and tokens. */
  route: string;
  status: number;
  durationMs: number;
  companyId?: number;
  userId?: number;
  /** Health checks and metrics scrapes: logged at debug level, so probes every few seconds do not fill the log. */
  quiet?: boolean;
}

/** The process's logger: Nest's LoggerService plus the request line. */
export interface ProcessLogger extends LoggerService {
  request(line: RequestLine): void;
}

export interface ProcessLoggerOptions {
  /** The levels to write (Nest's names); the configuration's LOG_LEVEL by default. */
  levels?: LogLevel[];
  /** Where JSON lines go: standard output by default; tests capture them. */
  destination?: DestinationStream;
}

/**
 * LOG_FORMAT=json (production's default): one JSON object per line, no colour codes. Otherwise Nest's readable
 * coloured lines (AppLogger), as a person starting the platform on their machine reads them.
 */
export function createProcessLogger(config: AppConfig, options: ProcessLoggerOptions = {}): ProcessLogger {
  const levels = options.levels ?? config.logLevels;
  return config.logFormat === 'json' ? new JsonLogger(levels, config, options.destination) : new TextLogger(levels);
}

/** Nest's start-up chatter: one line per module and per route. Useful when debugging, noise otherwise. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'WebSocketsController']);

/** Nest's level names as pino's. */
const PINO_LEVEL: Record<LogLevel, Level> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/**
 * Paths of a logged object that never reach the log (a library logging a request, an object passed as a message).
 * The request line itself holds no header, body or query string at all.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'data.password',
  'data.token',
  'data.accessToken',
  'data.refreshToken',
  'data.secret',
  'data.*.password',
  'data.*.token',
];

/**
 * Secrets written into a message's text: a bearer token, `password=`/`token=` pairs (a query string, a form, a
 * JSON fragment). A message is written by our own code, which names no secret; this catches a library's error text
 * that quotes the request it failed on.
 */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const SECRET_PAIR =
  /((?:^|[^A-Za-z0-9])(?:password|passwd|secret|token|access_token|refresh_token|accessToken|refreshToken|api_?key|jwt)["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi;

export function redactText(text: string): string {
  return text.replace(BEARER, '$1 [redacted]').replace(SECRET_PAIR, '$1[redacted]');
}

/** Nest calls `log(message, ...params)`: the last string parameter, when there is more than the message, is the context. */
function split(params: unknown[]): { context?: string; rest: unknown[] } {
  const last = params[params.length - 1];
  return typeof last === 'string' ? { context: last, rest: params.slice(0, -1) } : { rest: params };
}

const STACK = /^(.)+\n\s+at .+:\d+:\d+/;

/**
 * JSON lines through pino. Every line carries `time` (ISO), `level` (pino's name), `context` (the Nest logger's
 * name), `msg`, `pid`, `hostname` and `role`; inside a request or a job, its `requestId` (and the caller's
 * `companyId` and `userId`, the job's `job`) from the log context.
 */
class JsonLogger implements ProcessLogger {
  private readonly pino: Pino;
  private enabled: Set<LogLevel>;

  constructor(levels: LogLevel[], config: AppConfig, destination?: DestinationStream) {
    this.enabled = new Set(levels);
    const options: pino.LoggerOptions = {
      level: 'trace',
      base: { pid: process.pid, hostname: hostname(), role: config.role },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => logContext.fields(),
      redact: { paths: REDACT, censor: '[redacted]' },
    };
    this.pino = destination ? pino(options, destination) : pino(options);
  }

  setLogLevels(levels: LogLevel[]): void {
    this.enabled = new Set(levels);
  }

  log(message: unknown, ...params: unknown[]): void {
    const { context } = split(params);
    // Nest's start-up lines (one per module and route) are debug, as in the text format.
    this.write(context && STARTUP_CONTEXTS.has(context) ? 'debug' : 'log', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  request(line: RequestLine): void {
    const level: LogLevel = line.quiet ? 'debug' : 'log';
    if (!this.enabled.has(level)) return;
    const { quiet: _quiet, ...fields } = line;
    this.pino[PINO_LEVEL[level]]({ context: 'HTTP', ...fields }, `${line.method} ${line.route} ${line.status} ${line.durationMs} ms`);
  }

  private write(level: LogLevel, message: unknown, params: unknown[]): void {
    if (!this.enabled.has(level)) return;
    const { context, rest } = params.length ? split(params) : { context: undefined, rest: [] };
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    // error(message, stack) and error(message, stack, context), as Nest's own logger reads them.
    const stack = rest.find((p): p is string => typeof p === 'string' && STACK.test(p));
    if (stack) fields.stack = redactText(stack);
    let text: string;
    if (message instanceof Error) {
      fields.err = { type: message.name, message: redactText(message.message), stack: message.stack ? redactText(message.stack) : undefined };
      text = message.message;
    } else if (typeof message === 'string') {
      text = message;
    } else {
      fields.data = message;
      text = '';
    }
    this.pino[PINO_LEVEL[level]](fields, redactText(text));
  }
}

/**
 * The readable format, Nest's coloured lines. Nest's start-up lines (about 150 route mappings) go to debug level, so
 * what a person starting the platform needs to read (the demo logins, the addresses) stays on screen; each request's
 * line is debug too.
 */
class TextLogger extends ConsoleLogger implements ProcessLogger {
  constructor(levels: LogLevel[]) {
    super('Atende', { logLevels: levels });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) return super.debug(message, ...rest);
    super.log(message, ...rest);
  }

  request(line: RequestLine): void {
    const who = [line.companyId !== undefined && `company ${line.companyId}`, line.userId !== undefined && `user ${line.userId}`].filter(Boolean);
    this.debug(`${line.method} ${line.route} ${line.status} ${line.durationMs} ms [${[line.requestId, ...who].join(', ')}]`, 'HTTP');
  }
}
