/**
 * npm run bench:realtime [-- --sockets 2000 --users 20 --rates 5,10,25 --seconds 20 --clients 2 --phones 50]
 *
 * A customer message reaching every attendant's screen: two API processes sharing one Redis (socket.io's Redis
 * adapter), the first also running the sandbox connection's session (ROLE=all), the second ROLE=api; S socket.io
 * clients of U users of one company (an admin who sees every ticket, the others users of the connection's queue),
 * half on each process, each joining what the kit joins (its rooms at the handshake, the chat box of an open ticket).
 * Sandbox phones write at a fixed rate through the sandbox phone API (POST /sandbox/phones/{number}/messages, what a
 * phone's message goes through), and for each rate the bench prints, beside issue 36's target: p50/p95/p99 from the
 * phone's send to each socket's receipt, missed and duplicated receipts (each socket must hear each message exactly
 * once), the frames each socket got per message and their bytes, and whether latency grows over the run (backlog).
 * The clients live in their own processes (bench/realtime/clients.ts) whose CPU is reported, with the API processes'.
 * `--prof DIR` writes a CPU profile of each API process there (node --cpu-prof).
 * Uses DATABASE_URL's server (a scratch database, dropped after) and REDIS_URL with a key prefix of its own.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import bcrypt from 'bcryptjs';
import { Client } from 'pg';
import { resolveRedisUrl } from '../src/config/local-redis';
import { ormOptions } from '../src/database/mikro-orm.config';
import { ENTITIES } from '../src/entities';
import { User } from '../src/auth/users/user.entity';
import { Company } from '../src/tenant/companies/company.entity';
import { Plan } from '../src/tenant/plans/plan.entity';
import { Queue } from '../src/tenant/queues/queue.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { arg, openScratchDatabase, percentile, textArg } from './scratch';
import { apiEnv, login, startApi } from './scale/api-process';
import { PASSWORD } from './scale/generate';
import { now, type ClientTarget, type FromClients, type ToClients } from './realtime/clients';

/** Issue 36's realtime target. */
const TARGET_P99_MS = 100;

interface PhaseResult {
  rate: number;
  messages: number;
  latencies: Float64Array;
  /** From the phone's send to its answer (stored and committed). */
  stored: Float64Array;
  /**
   * From the phone's answer to each socket's receipt: the realtime path alone (the events leave at the commit, with the
   * answer, so early sockets may hear before the phone is answered: negative).
   */
  afterCommit: Float64Array;
  missed: number;
  duplicates: number;
  frames: Map<string, [number, number]>;
  disconnects: number;
  firstFifth: Float64Array;
  lastFifth: Float64Array;
  drainMs: number;
  sendFailures: number;
  cpu: { a: number; b: number; clients: number; seconds: number };
}

/** user + system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function post(agent: Agent, url: string, token: string, body: unknown): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class ClientProcess {
  private readonly waiting: ((m: FromClients) => void)[] = [];
  constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromClients) => this.waiting.shift()?.(m));
  }
  ask<T extends FromClients>(m: ToClients): Promise<T> {
    return new Promise((resolve) => {
      this.waiting.push(resolve as (m: FromClients) => void);
      this.child.send(m);
    });
  }
  tell(m: ToClients): void {
    this.child.send(m);
  }
}

async function main() {
  Logger.overrideLogger(['error']);
  const S = arg('sockets', 2000);
  const U = arg('users', 20);
  const SECONDS = arg('seconds', 20);
  const CLIENTS = arg('clients', 2);
  const PHONES = arg('phones', 50);
  const RATES = (textArg('rates') ?? '5,10,25').split(',').map(Number);
  const { base, databaseUrl, mediaDir, dispose } = await openScratchDatabase();
  const children: ChildProcess[] = [];
  try {
    const redisUrl = await resolveRedisUrl(base.redisUrl, base.dataDir);

    // One company: a queue, its sandbox connection (started by the first API process at boot), an admin who sees
    // every ticket, U-1 users of the queue, and a super user driving the sandbox phones.
    const orm = await MikroORM.init(ormOptions(databaseUrl, ENTITIES));
    const em = orm.em.fork();
    const plan = em.create(Plan, { name: 'Bench', users: U + 5, connections: 5, queues: 5, value: '0' });
    const company = em.create(Company, { name: 'Bench Co', plan });
    await em.flush();
    const queue = em.create(Queue, { companyId: company.id, name: 'Atendimento', color: '#123456' });
    const passwordHash = bcrypt.hashSync(PASSWORD, 4);
    const emails: string[] = [];
    for (let i = 0; i < U; i++) {
      const email = `rt${i}@bench.local`;
      const u = em.create(User, { companyId: company.id, name: `Atendente ${i}`, email, passwordHash, profile: i === 0 ? 'admin' : 'user' });
      u.queues.set([queue]);
      emails.push(email);
    }
    em.create(User, { companyId: company.id, name: 'Phones', email: 'phones@bench.local', passwordHash, profile: 'admin', super: true });
    const whatsapp = em.create(Whatsapp, { companyId: company.id, name: 'Bench', provider: 'sandbox', status: 'OPENING', isDefault: true });
    whatsapp.queues.set([queue]);
    await em.flush();
    await orm.close();

    // Two API processes on one Redis prefix; the sandbox phone API exists outside production only.
    const env = {
      ...apiEnv(databaseUrl, redisUrl, mediaDir),
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      SANDBOX_JOURNAL: 'false',
      THROTTLE_LOGIN_LIMIT: '10000',
    };
    const prof = textArg('prof');
    const execArgv = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
    const a = await startApi({ ...env, ROLE: 'all' }, execArgv);
    children.push(a.child);
    const b = await startApi({ ...env, ROLE: 'api' }, execArgv);
    children.push(b.child);
    const originA = `http://127.0.0.1:${a.port}`;
    const originB = `http://127.0.0.1:${b.port}`;
    const tokens = await Promise.all(emails.map((e, i) => login(i % 2 ? originB : originA, e)));
    const phonesToken = await login(originA, 'phones@bench.local');

    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const phones = Array.from({ length: PHONES }, (_, i) => `5511${String(930000000 + i)}`);
    const phoneSend = (phone: string, body: string) =>
      post(agent, `${originA}/sandbox/phones/${phone}/messages`, phonesToken, { whatsappId: whatsapp.id, body });
    // The session connects a few sandbox steps after boot; then each phone writes once, opening its ticket.
    for (let tries = 0; (await phoneSend(phones[0], 'olá')) !== 201; tries++) {
      if (tries > 200) throw new Error('the sandbox connection never connected');
      await sleep(100);
    }
    for (const phone of phones.slice(1)) if ((await phoneSend(phone, 'olá')) !== 201) throw new Error(`phone ${phone} could not write`);
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number }>('select id from tickets where company_id = $1 order by id', [company.id]);
    await db.end();
    const chatTickets = rows.map((r) => r.id);

    // S clients: socket i belongs to user i % U and connects to process A or B in turn.
    const targets: ClientTarget[] = Array.from({ length: S }, (_, i) => ({ url: i % 2 ? originB : originA, token: tokens[i % U] }));
    const clients: ClientProcess[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const child = fork(join(__dirname, 'realtime', 'clients.ts'), [], {
        execArgv: ['-r', '@swc-node/register', ...execArgv],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      clients.push(new ClientProcess(child));
    }
    const share = (c: number) => targets.filter((_, i) => i % CLIENTS === c);
    const connected = await Promise.all(
      clients.map((c, i) => c.ask<Extract<FromClients, { type: 'connected' }>>({ type: 'connect', companyId: company.id, targets: share(i), chatTickets })),
    );
    const failed = connected.reduce((n, c) => n + c.failed, 0);
    console.log('');
    console.log(
      `realtime benchmark: ${S} socket.io clients of ${U} users (${S / 2} on each of 2 API processes sharing Redis), ${CLIENTS} client processes, ` +
        `${PHONES} sandbox phones; ${failed} clients failed to connect (${(Math.max(...connected.map((c) => c.ms)) / 1000).toFixed(1)} s to connect)`,
    );
    await sleep(2000); // the connections' presence events settle

    const results: PhaseResult[] = [];
    for (let phase = 0; phase < RATES.length; phase++) {
      const rate = RATES[phase];
      const N = Math.round(rate * SECONDS);
      for (const c of clients) c.tell({ type: 'phase', phase, messages: N });
      await Promise.all(clients.map((c) => c.ask({ type: 'count' }))); // the phase reached every client process
      const cpu0 = { a: cpuSeconds(a.child.pid!), b: cpuSeconds(b.child.pid!), t: now() };
      const sentAt = new Float64Array(N);
      /** When the phone's send was answered: the message is stored and committed (NaN: refused, never stored). */
      const storedAt = new Float64Array(N).fill(NaN);
      const answers: Promise<number>[] = [];
      const start = now() + 50;
      // Open loop: message i leaves at start + i / rate whatever happened to the ones before, as customers write.
      for (let i = 0; i < N; i++) {
        const wait = start + (i * 1000) / rate - now();
        if (wait > 0) await sleep(wait);
        sentAt[i] = now();
        answers.push(
          phoneSend(phones[i % PHONES], `rt:${phase}:${i}`).then((status) => {
            if (status === 201) storedAt[i] = now();
            return status;
          }),
        );
      }
      const lastSent = now();
      const sendFailures = (await Promise.all(answers)).filter((s) => s !== 201).length;
      // Every receipt, or 60 s after the last send (then the rest count as missed).
      const expected = (N - sendFailures) * S;
      while (now() - lastSent < 60_000) {
        const counts = await Promise.all(clients.map((c) => c.ask<Extract<FromClients, { type: 'count' }>>({ type: 'count' })));
        if (counts.reduce((n, c) => n + c.received, 0) >= expected) break;
        await sleep(250);
      }
      await sleep(500); // late duplicates, if any, are counted
      const seconds = (now() - cpu0.t) / 1000;
      const cpu = { a: cpuSeconds(a.child.pid!) - cpu0.a, b: cpuSeconds(b.child.pid!) - cpu0.b, clients: 0, seconds };
      const collected = await Promise.all(clients.map((c) => c.ask<Extract<FromClients, { type: 'collected' }>>({ type: 'collect' })));

      const latencies: number[] = [];
      const afterCommit: number[] = [];
      const byMessage: number[][] = Array.from({ length: N }, () => []);
      let missed = 0;
      let duplicates = 0;
      let disconnects = 0;
      let lastReceipt = 0;
      const frames = new Map<string, [number, number]>();
      for (const c of collected) {
        duplicates += c.duplicates;
        disconnects += c.disconnects;
        cpu.clients += c.cpuMs / 1000;
        for (const [name, n, bytes] of c.frames) {
          const f = frames.get(name) ?? [0, 0];
          frames.set(name, [f[0] + n, f[1] + bytes]);
        }
        const sockets = c.receipts.length / N;
        for (let s = 0; s < sockets; s++) {
          for (let i = 0; i < N; i++) {
            const r = c.receipts[s * N + i];
            if (!r) {
              // A message the phone's send was refused for was never stored: nobody should hear it.
              if (!Number.isNaN(storedAt[i])) missed += 1;
              continue;
            }
            latencies.push(r - sentAt[i]);
            if (!Number.isNaN(storedAt[i])) afterCommit.push(r - storedAt[i]);
            byMessage[i].push(r - sentAt[i]);
            lastReceipt = Math.max(lastReceipt, r);
          }
        }
      }
      const fifth = Math.max(1, Math.floor(N / 5));
      const sorted = (xs: number[]) => Float64Array.from(xs).sort();
      const stored = [...storedAt].map((t, i) => t - sentAt[i]).filter((d) => !Number.isNaN(d));
      results.push({
        rate,
        messages: N,
        stored: sorted(stored),
        afterCommit: sorted(afterCommit),
        latencies: sorted(latencies),
        missed,
        duplicates,
        frames,
        disconnects,
        firstFifth: sorted(byMessage.slice(0, fifth).flat()),
        lastFifth: sorted(byMessage.slice(N - fifth).flat()),
        drainMs: lastReceipt ? lastReceipt - lastSent : NaN,
        sendFailures,
        cpu,
      });
      print(results[results.length - 1], S);
      await sleep(3000);
    }

    for (const c of clients) c.tell({ type: 'close' });
    await sleep(300);
    agent.destroy();
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await sleep(1500);
    await dispose();
  }
}

const ms = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '-' : `${x.toFixed(1)} ms`);
const p = (xs: Float64Array, q: number) => (xs.length ? percentile(xs as unknown as number[], q) : NaN);

function print(r: PhaseResult, sockets: number): void {
  // A message whose phone's send was refused was never stored: nobody hears it.
  const deliveries = (r.messages - r.sendFailures) * sockets;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const p99 = p(r.latencies, 99);
  console.log('');
  console.log(
    `${r.rate} msg/s: ${r.messages} customer messages over ${(r.messages / r.rate).toFixed(0)} s, ${deliveries} deliveries expected (each message to each socket)`,
  );
  console.log(
    `  latency     p50 ${ms(p(r.latencies, 50))}  p95 ${ms(p(r.latencies, 95))}  p99 ${ms(p99)}  max ${ms(r.latencies[r.latencies.length - 1])}` +
      `   target p99 < ${TARGET_P99_MS} ms: ${verdict(p99 < TARGET_P99_MS)}  (phone's send -> each socket's receipt)`,
  );
  console.log(`  stored      p50 ${ms(p(r.stored, 50))}  p99 ${ms(p(r.stored, 99))}  (phone's send -> its answer: the message committed)`);
  console.log(
    `  fan-out     p50 ${ms(p(r.afterCommit, 50))}  p99 ${ms(p(r.afterCommit, 99))}  max ${ms(r.afterCommit[r.afterCommit.length - 1])}` +
      `  (the phone's answer -> each socket's receipt: the realtime path without the database)`,
  );
  console.log(
    `  missed      ${r.missed}   duplicated ${r.duplicates}   target 0 and 0: ${verdict(r.missed === 0 && r.duplicates === 0)}` +
      (r.sendFailures ? `  (${r.sendFailures} phone sends refused, not stored: not counted)` : '') +
      (r.disconnects ? `  (${r.disconnects} sockets disconnected)` : ''),
  );
  const eventFrames = [...r.frames].filter(([name]) => !name.startsWith('('));
  const framesPerMessage = eventFrames.reduce((n, [, [f]]) => n + f, 0) / deliveries;
  console.log(`  frames      ${framesPerMessage.toFixed(2)} per socket per message   target 1: ${verdict(Math.abs(framesPerMessage - 1) < 0.01)}`);
  for (const [name, [f, bytes]] of eventFrames.sort((x, y) => y[1][0] - x[1][0])) {
    console.log(
      `    ${name.replace(/^company-\d+-/, '').padEnd(14)} ${(f / deliveries).toFixed(2)} per socket per message, ${(bytes / f / 1024).toFixed(2)} KB each`,
    );
  }
  const first = p(r.firstFifth, 99);
  const last = p(r.lastFifth, 99);
  console.log(
    `  backlog     p50/p99 first fifth ${ms(p(r.firstFifth, 50))} / ${ms(first)}, last fifth ${ms(p(r.lastFifth, 50))} / ${ms(last)}; ` +
      `last receipt ${ms(r.drainMs)} after the last send   target no growth: ${verdict(last < Math.max(2 * first, first + 20) && r.drainMs < 1000)}`,
  );
  const pct = (s: number) => `${((s / r.cpu.seconds) * 100).toFixed(0)}%`;
  const perMessage = (s: number) => `${((s * 1000) / r.messages).toFixed(1)} ms`;
  // CPU per message is the figure the machine's load moves least: latency on a shared machine also measures the others.
  console.log(
    `  cpu         per message: API A (session, ingest, ${sockets / 2} sockets) ${perMessage(r.cpu.a)}, API B (${sockets / 2} sockets) ${perMessage(r.cpu.b)}` +
      ` = ${((r.cpu.b * 1e6) / (r.messages * (sockets / 2))).toFixed(1)} µs per socket, clients ${perMessage(r.cpu.clients)}`,
  );
  console.log(
    `              of one core over the phase: A ${pct(r.cpu.a)}, B ${pct(r.cpu.b)}, clients ${pct(r.cpu.clients)}; loadavg ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
