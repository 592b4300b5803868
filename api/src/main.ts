import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { prepareInfrastructure } from './bootstrap';
import { ConfigError, loadConfig } from './config/app-config';
import { RedisUnavailableError } from './config/local-redis';

async function main() {
  Logger.overrideLogger(['log', 'warn', 'error']);
  const infra = await prepareInfrastructure(loadConfig());
  const config = infra.config;
  const app = await createApp(config);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    new Logger('Atende').log(`${signal}: shutting down`);
    await app.close().catch(() => undefined);
    await infra.stop().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen(config.port, config.host);
  const url = `http://localhost:${config.port}`;
  new Logger('Atende').log(`API ready on ${url} (docs: ${url}/docs)`);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof RedisUnavailableError) {
    console.error(`\n${e.message}\n`);
  } else {
    console.error(e);
  }
  process.exit(1);
});
