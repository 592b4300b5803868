import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { createProcessLogger } from './common/observability/process-logger';
import { prepareInfrastructure } from './bootstrap';
import { ConfigError, loadConfig } from './config/app-config';
import { RedisUnavailableError } from './config/local-redis';
import { GracefulShutdown } from './shutdown';

/**
 * A promise rejected with nobody to handle it is a bug at its source (every Redis and PostgreSQL failure is handled
 * where it happens), but not a reason to end a process that is serving everyone else: Node's default ends it. It is
 * logged with its stack, so the source can be fixed. An uncaught exception still ends the process: the state
 * after one is unknown.
 */
function logUnhandledRejections(): void {
  const log = new Logger('Process');
  process.on('unhandledRejection', (reason: unknown) => {
    log.error(
      `Unhandled promise rejection (a bug: handle it where it happens): ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
    );
  });
}

async function main() {
  logUnhandledRejections();
  const loaded = loadConfig();
  // LOG_FORMAT's logger from the first line on (JSON in production), before the application's own takes over.
  Logger.overrideLogger(createProcessLogger(loaded));
  const infra = await prepareInfrastructure(loaded);
  const config = infra.config;
  const app = await createApp(config);
  // Drains HTTP, sockets and jobs, then frees the sessions' leases (shutdown.ts); a second signal ends the process at once.
  const graceful = new GracefulShutdown(app, config.shutdownGraceMs);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    await graceful.run(signal).catch((e: unknown) => new Logger('Shutdown').error(`shutdown failed: ${String(e)}`));
    await infra.stop().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen(config.port, config.host);
  const url = `http://localhost:${config.port}`;
  // The last lines a person sees: where to go and, on a first start, how to log in.
  const lines = [`Atende is ready.`, `  Console:  ${url}`, `  API docs: ${url}/docs`];
  if (infra.logins?.length) {
    const width = Math.max(...infra.logins.map((l) => l.email.length));
    lines.push('Demo data created. Log in with:', ...infra.logins.map((l) => `  ${l.email.padEnd(width)}  ${l.password}   ${l.role}`));
  }
  new Logger('Atende').log(lines.join('\n'));
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof RedisUnavailableError) {
    console.error(`\n${e.message}\n`);
  } else {
    console.error(e);
  }
  process.exit(1);
});
