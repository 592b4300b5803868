// Stops the embedded PostgreSQL global-setup.mjs started (none when it reused one or DATABASE_URL is set).
import { rmSync } from 'node:fs';
import { ENV_FILE } from './global-setup.mjs';

export default async function globalTeardown() {
  rmSync(ENV_FILE, { force: true });
  const server = globalThis.__ATENDE_EMBEDDED_PG__;
  globalThis.__ATENDE_EMBEDDED_PG__ = undefined;
  if (server) await server.stop();
}
