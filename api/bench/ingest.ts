/**
 * npm run bench:ingest [-- --messages 20000 --phones 200 --window 400]
 *
 * Pushes N inbound messages from M sandbox phones through the whole pipeline (provider event -> ingest transaction
 * -> commit -> socket.io event) with a real socket.io client listening as the company's admin, and prints
 * messages/s and the p50/p99 provider-to-socket latency. In the same run, a plain batched INSERT of the same number
 * of rows into the same PostgreSQL gives the ceiling. Uses DATABASE_URL's server (a scratch database, dropped after)
 * or the embedded PostgreSQL, and REDIS_URL or the local Redis.
 */
import { randomBytes } from 'node:crypto';
import { arg, openScratchDatabase, percentile } from './scratch';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import bcrypt from 'bcryptjs';
import { Client } from 'pg';
import { io } from 'socket.io-client';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { resolveRedisUrl } from '../src/config/local-redis';
import { User } from '../src/auth/users/user.entity';
import { Company } from '../src/tenant/companies/company.entity';
import { Plan } from '../src/tenant/plans/plan.entity';
import { Queue } from '../src/tenant/queues/queue.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';

async function main() {
  Logger.overrideLogger(['error']);
  const N = arg('messages', 20000);
  const M = arg('phones', 200);
  const WINDOW = arg('window', 400);
  const { base, databaseUrl, mediaDir, admin, dispose } = await openScratchDatabase();
  try {
    const redisUrl = await resolveRedisUrl(base.redisUrl, base.dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `atende-bench-${randomBytes(3).toString('hex')}`,
      MEDIA_DIR: mediaDir,
      CONSOLE_DIR: join(mediaDir, 'none'),
    });
    const app = await createApp(config, { logger: ['error'] });
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as { port: number }).port;
    const orm = app.get(MikroORM);

    // One company with a queue, an admin and a sandbox connection in that queue.
    const em = orm.em.fork();
    const plan = em.create(Plan, { name: 'Bench', users: 10, connections: 5, queues: 5, value: '0' });
    const company = em.create(Company, { name: 'Bench Co', plan });
    await em.flush();
    const queue = em.create(Queue, { companyId: company.id, name: 'Bench', color: '#123456', greetingMessage: 'hi' });
    const password = 'Bench1234';
    em.create(User, { companyId: company.id, name: 'Bench Admin', email: 'bench@bench.local', passwordHash: bcrypt.hashSync(password, 4), profile: 'admin' });
    const whatsapp = em.create(Whatsapp, { companyId: company.id, name: 'Bench', provider: 'sandbox', status: 'OPENING', isDefault: true });
    whatsapp.queues.set([queue]);
    await em.flush();
    await app.get(ConnectionSessionsService).start(company.id, whatsapp.id);
    const network = app.get<SandboxNetwork>(SANDBOX_NETWORK);
    while (!network.isAttached(whatsapp.id)) await new Promise((r) => setTimeout(r, 10));

    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bench@bench.local', password }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const socket = io(`http://127.0.0.1:${port}`, { query: { token: login.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    const phones = Array.from({ length: M }, (_, i) => `5511${String(900000000 + i)}`);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let received = 0;
    let lastReceivedAt = 0;
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    socket.on(`company-${company.id}-appMessage`, (e: { action: string; message: { body: string } }) => {
      if (e.action !== 'create') return;
      const t0 = sentAt.get(e.message.body);
      if (t0 === undefined) return;
      const now = performance.now();
      latencies.push(now - t0);
      received += 1;
      lastReceivedAt = now;
      if (received === N) done();
      else pump();
    });

    let sent = 0;
    const started = performance.now();
    function pump() {
      while (sent < N && sent - received < WINDOW) {
        const body = `bench message ${sent}`;
        sentAt.set(body, performance.now());
        network.sendFromPhone(phones[sent % M], whatsapp.id, { body });
        sent += 1;
      }
    }
    pump();
    const timeout = setTimeout(() => done(), 10 * 60 * 1000);
    await finished;
    clearTimeout(timeout);
    const seconds = (lastReceivedAt - started) / 1000;
    latencies.sort((a, b) => a - b);

    // The ceiling: the same rows through a plain batched INSERT into the same PostgreSQL.
    const ticketRow = await admin.query(`select 1`);
    void ticketRow;
    const pgTarget = new Client({ connectionString: databaseUrl });
    await pgTarget.connect();
    const { rows: t } = await pgTarget.query<{ id: number; contact_id: number }>('select id, contact_id from tickets where company_id = $1 limit 1', [
      company.id,
    ]);
    const batch = 1000;
    const ceilingStart = performance.now();
    for (let offset = 0; offset < N; offset += batch) {
      const n = Math.min(batch, N - offset);
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (let i = 0; i < n; i++) {
        const k = values.length;
        tuples.push(`($${k + 1}, $${k + 2}, $${k + 3}, $${k + 4}, $${k + 5}, $${k + 6}, now(), now())`);
        values.push(company.id, t[0].id, t[0].contact_id, whatsapp.id, `CEIL${offset + i}`, `bench message ${offset + i}`);
      }
      await pgTarget.query(
        `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, body, created_at, updated_at) values ${tuples.join(', ')}`,
        values,
      );
    }
    const ceilingSeconds = (performance.now() - ceilingStart) / 1000;
    await pgTarget.end();

    const tickets = await orm.em.fork().getConnection().execute<{ n: string }[]>('select count(*) as n from tickets');
    console.log('');
    console.log(`ingest benchmark: ${N} inbound messages from ${M} sandbox phones (window ${WINDOW} in flight), socket.io client listening`);
    console.log(`  pipeline       ${(N / seconds).toFixed(0)} messages/s  (${seconds.toFixed(2)} s; ${tickets[0].n} tickets)`);
    console.log(
      `  latency        p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   max ${latencies[latencies.length - 1].toFixed(1)} ms  (provider event -> socket event)`,
    );
    console.log(`  ceiling        ${(N / ceilingSeconds).toFixed(0)} rows/s  (plain batched INSERT of ${N} rows, ${batch} per statement, same PostgreSQL)`);
    console.log(`  pipeline/ceiling ${((N / seconds / (N / ceilingSeconds)) * 100).toFixed(1)}%`);
    socket.close();
    await app.close();
  } finally {
    await dispose();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
