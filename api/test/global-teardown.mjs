export default async function globalTeardown() {
  const server = globalThis.__ATENDE_EMBEDDED_PG__;
  if (server) await server.stop();
}
