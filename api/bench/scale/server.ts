// The API as its own process for bench:scale: the configuration from the environment the bench sets, the same
// createApp production uses, and the port it listens on sent back to the parent over IPC.
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';

async function main() {
  const config = loadConfig();
  Logger.overrideLogger(config.logLevels);
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const port = (app.getHttpServer().address() as { port: number }).port;
  process.send?.({ port });
  const stop = () => {
    setTimeout(() => process.exit(0), 3000).unref();
    void app.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.once('disconnect', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
