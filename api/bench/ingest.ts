/**
 * npm run bench:ingest [-- --messages 20000 --phones 200 --window 400 --rate 500 --paced-seconds 10 --cpu-prof DIR]
 *
 * Pushes N inbound messages from M sandbox phones through the whole pipeline (provider event -> ingest transaction
 * -> commit -> acknowledgement to the phone -> socket.io event) with a real socket.io client listening as the
 * company's admin, and prints messages/s, the p50/p99 provider-to-socket latency and this process's CPU per message.
 * Then sends RATE messages/s for PACED_SECONDS and prints that latency (target: p99 under 100 ms at 500 msg/s). In
 * the same run, a plain batched INSERT of the same number of rows into the same PostgreSQL gives the ceiling
 * (target: the pipeline at 35% of it or more). Each phone's send waits for the durable acknowledgement (resolved
 * after the commit), and the acknowledged messages are counted. `--cpu-prof DIR` writes a CPU profile of the
 * throughput phase alone. Uses DATABASE_URL's server (a scratch database, dropped after)
 * or the embedded PostgreSQL, and REDIS_URL or the local Redis.
 */
import { randomBytes } from 'node:crypto';
import { arg, openScratchDatabase, percentile, textArg } from './scratch';
import { loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
import { IngestService } from '../src/ticket/ingest/ingest.service';

async function main() {
  Logger.overrideLogger(['error']);
  const N = arg('messages', 20000);
  const M = arg('phones', 200);
  const WINDOW = arg('window', 400);
  const RATE = arg('rate', 500);
  const PACED_SECONDS = arg('paced-seconds', 10);
  const PROFILE_DIR = textArg('cpu-prof');
  const { base, databaseUrl, mediaDir, dispose } = await openScratchDatabase();
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
    let onArrival: (latency: number) => void = () => undefined;
    socket.on(`company-${company.id}-appMessage`, (e: { action: string; message: { body: string } }) => {
      if (e.action !== 'create') return;
      const t0 = sentAt.get(e.message.body);
      if (t0 === undefined) return;
      sentAt.delete(e.message.body);
      onArrival(performance.now() - t0);
    });
    // Every message goes through the durable acknowledgement (README "The pipeline"): the phone's send resolves only
    // after the message's batch committed. Counted, so a run that skipped it cannot pass.
    let acknowledged = 0;
    let refused = 0;
    let serial = 0;
    const send = () => {
      const body = `bench message ${serial}`;
      sentAt.set(body, performance.now());
      network.sendFromPhoneStored(phones[serial++ % M], whatsapp.id, { body }).then(
        () => (acknowledged += 1),
        () => (refused += 1),
      );
    };

    // 1. Throughput: N messages, at most WINDOW in flight (sent, not yet seen on the socket).
    const latencies: number[] = [];
    let received = 0;
    let lastReceivedAt = 0;
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    let inFlight = 0;
    let sent = 0;
    const pump = () => {
      while (sent < N && inFlight < WINDOW) {
        send();
        sent += 1;
        inFlight += 1;
      }
    };
    onArrival = (latency) => {
      latencies.push(latency);
      received += 1;
      inFlight -= 1;
      lastReceivedAt = performance.now();
      if (received === N) done();
      else pump();
    };
    const load0 = loadavg()[0];
    const profile = PROFILE_DIR ? await startProfile() : null;
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    pump();
    const timeout = setTimeout(() => done(), 10 * 60 * 1000);
    await finished;
    clearTimeout(timeout);
    const cpu = process.cpuUsage(cpu0);
    if (profile) console.log(`  cpu profile of the throughput phase: ${await profile.stop(PROFILE_DIR!)}`);
    const seconds = (lastReceivedAt - started) / 1000;
    latencies.sort((a, b) => a - b);
    await app.get(IngestService).drain();
    const acknowledgedAfterThroughput = acknowledged;

    // 2. Latency at a steady rate: RATE messages/s for PACED_SECONDS, sent in 10 ms ticks.
    const paced: number[] = [];
    const pacedTotal = Math.round(RATE * PACED_SECONDS);
    let pacedSent = 0;
    let pacedDone!: () => void;
    const pacedFinished = new Promise<void>((r) => (pacedDone = r));
    onArrival = (latency) => {
      paced.push(latency);
      if (paced.length === pacedTotal) pacedDone();
    };
    const pacedStart = performance.now();
    const ticker = setInterval(() => {
      const due = Math.min(pacedTotal, Math.floor(((performance.now() - pacedStart) / 1000) * RATE));
      while (pacedSent < due) {
        send();
        pacedSent += 1;
      }
      if (pacedSent === pacedTotal) clearInterval(ticker);
    }, 10);
    const pacedTimeout = setTimeout(() => pacedDone(), PACED_SECONDS * 1000 + 120_000);
    await pacedFinished;
    clearTimeout(pacedTimeout);
    clearInterval(ticker);
    paced.sort((a, b) => a - b);
    await app.get(IngestService).drain();

    // 3. The ceiling: the same rows through a plain batched INSERT into the same PostgreSQL.
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
    const rate = N / seconds;
    const ceiling = N / ceilingSeconds;
    const ratio = (rate / ceiling) * 100;
    const pacedP99 = paced.length ? percentile(paced, 99) : Infinity;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    console.log('');
    console.log(`ingest benchmark: ${N} inbound messages from ${M} sandbox phones (window ${WINDOW} in flight), socket.io client listening`);
    console.log(`  pipeline       ${rate.toFixed(0)} messages/s  (${seconds.toFixed(2)} s; ${tickets[0].n} tickets)`);
    console.log(
      `  latency        p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   max ${latencies[latencies.length - 1].toFixed(1)} ms  (provider event -> socket event)`,
    );
    console.log(
      `  cpu            ${(cpuMs / N).toFixed(3)} ms of this process's CPU per message (user+system ${(cpuMs / 1000).toFixed(1)} s over ${seconds.toFixed(1)} s: server, phones and the socket client share the thread)`,
    );
    console.log(`  acknowledged   ${acknowledgedAfterThroughput} of ${N} after their commit (durable acknowledgement), ${refused} refused`);
    console.log(`  ceiling        ${ceiling.toFixed(0)} rows/s  (plain batched INSERT of ${N} rows, ${batch} per statement, same PostgreSQL)`);
    console.log(`  pipeline/ceiling ${ratio.toFixed(1)}%   target >= 35%: ${ratio >= 35 ? 'met' : 'NOT met'}`);
    console.log(
      `  at ${RATE} msg/s    ${paced.length} of ${pacedTotal} messages over ${PACED_SECONDS} s: p50 ${percentile(paced, 50)?.toFixed(1)} ms   p99 ${pacedP99.toFixed(1)} ms   max ${paced[paced.length - 1]?.toFixed(1)} ms   target p99 < 100 ms: ${pacedP99 < 100 ? 'met' : 'NOT met'}`,
    );
    console.log(`  acknowledged   ${acknowledged} of ${N + pacedTotal} in all, ${refused} refused`);
    console.log(`  load average   ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (1 min; 2 cores: above 2, something else ran too)`);
    socket.close();
    await app.close();
  } finally {
    await dispose();
  }
}

/** The V8 CPU profiler over one phase only (the app's start and the ceiling left out): open the file in Chrome's DevTools. */
async function startProfile(): Promise<{ stop(dir: string): Promise<string> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    async stop(dir: string) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `ingest-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
