// Stops the embedded PostgreSQL global-setup.mjs started (none when it reused one or DATABASE_URL is set).
export default async function globalTeardown() {
  const server = globalThis.__ATENDE_EMBEDDED_PG__;
  globalThis.__ATENDE_EMBEDDED_PG__ = undefined;
  if (server) await server.stop();
}
