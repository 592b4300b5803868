import { ConsoleLogger, LogLevel } from '@nestjs/common';

/** Nest's start-up chatter: one line per module and per route. Useful when debugging, noise otherwise. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'WebSocketsController']);

/**
 * The process logger: Nest's start-up lines (about 150 route mappings) go to debug level, so what a person
 * starting the platform needs to read (the demo logins, the addresses) stays on screen.
 */
export class AppLogger extends ConsoleLogger {
  constructor(levels: LogLevel[]) {
    super('Atende', { logLevels: levels });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) return super.debug(message, ...rest);
    super.log(message, ...rest);
  }
}
