import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { sleep } from '../harness';
import { ApiProcess, createDeployment, createPrivateRedis, Deployment, PrivateRedis, superToken } from './processes';

/**
 * Outages are weather. A deployment on a private redis-server carries traffic (customers writing in from sandbox
 * phones, the demo admin accepting and replying, reads) before, during and after a 30-second Redis outage (SIGKILL,
 * then a restart with nothing in it), and then through a PostgreSQL blip (every backend of its database terminated,
 * twice). Through both: the process never exits, reads answer during the outage, every inbound message answered 201
 * is stored, and every reply stored reaches its phone exactly once after Redis is back (the outbound sweep re-queues
 * the replies whose job was lost; OUTBOUND_SWEEP_MS is low here).
 */

const OUTAGE_MS = 30_000;
const PHONES = Array.from({ length: 8 }, (_, i) => `55119870000${String(i + 1).padStart(2, '0')}`);
const ADMIN = { email: 'admin@demo.atende.local', password: 'Atende@2026' };
/** Logged in during the outage (a login ends the user's other session, so not the admin replying). */
const ATTENDANT = { email: 'ana@demo.atende.local', password: 'Atende@2026' };
const SWEEP_MS = 2000;
/** How long an HTTP call of the traffic may take before it counts as hung. */
const CALL_TIMEOUT_MS = 20_000;

type Phase = 'before' | 'redis-down' | 'redis-back' | 'pg-blip';

interface Sample {
  phase: Phase;
  kind: string;
  status: number;
  ms: number;
}

async function http(url: string, method: string, path: string, token?: string, body?: unknown) {
  const started = Date.now();
  try {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await r.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: r.status, body: parsed as any, ms: Date.now() - started };
  } catch (e) {
    // 0: no answer at all (refused, reset or timed out).
    return { status: 0, body: String(e), ms: Date.now() - started };
  }
}

const p = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : 0);

/** Customers write in, the admin accepts and replies, and reads go on, until stopped; every answer is recorded. */
class Traffic {
  phase: Phase = 'before';
  readonly samples: Sample[] = [];
  /** Inbound messages the sandbox answered 201, by provider id. */
  readonly inbound: { providerId: string; phone: string; phase: Phase }[] = [];
  /** Replies the API answered 201 (stored), by message id. */
  readonly replies: { id: number; body: string; phone: string; phase: Phase }[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private seq = 0;
  /** Tells this run's messages from an earlier run's on the same phones. */
  private readonly tag = Math.random().toString(36).slice(2, 6);
  private readonly tickets = new Map<string, number>();
  private readonly accepted = new Set<number>();

  constructor(
    private readonly api: ApiProcess,
    private readonly db: Client,
    private readonly superTok: string,
    private readonly adminTok: string,
    private readonly adminId: number,
  ) {}

  start(): void {
    this.loops.push(this.loop(300, () => this.customerWrites()));
    this.loops.push(this.loop(600, () => this.adminReplies()));
    this.loops.push(this.loop(500, () => this.reads()));
    this.loops.push(this.loop(4000, () => this.login()));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private record(kind: string, r: { status: number; ms: number }) {
    this.samples.push({ phase: this.phase, kind, status: r.status, ms: r.ms });
  }

  private async loop(everyMs: number, step: () => Promise<void>) {
    while (this.running) {
      const started = Date.now();
      await step();
      await sleep(Math.max(0, everyMs - (Date.now() - started)));
    }
  }

  private async customerWrites() {
    const n = ++this.seq;
    const phone = PHONES[n % PHONES.length];
    const phase = this.phase;
    const r = await http(this.api.url, 'POST', `/sandbox/phones/${phone}/messages`, this.superTok, {
      whatsappId: 1,
      body: `cliente ${this.tag} ${n}`,
      name: `Cliente ${phone.slice(-2)}`,
    });
    this.record('inbound', r);
    if (r.status === 201) this.inbound.push({ providerId: r.body.providerId as string, phone, phase });
  }

  private async ticketOf(phone: string): Promise<number | undefined> {
    const known = this.tickets.get(phone);
    if (known) return known;
    const { rows } = await this.db
      .query<{ id: number }>(
        `select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = $1 and t.status <> 'closed' order by t.id desc limit 1`,
        [phone],
      )
      .catch(() => ({ rows: [] as { id: number }[] }));
    if (rows[0]) this.tickets.set(phone, rows[0].id);
    return rows[0]?.id;
  }

  private async adminReplies() {
    const n = ++this.seq;
    const phone = PHONES[n % PHONES.length];
    const ticketId = await this.ticketOf(phone);
    if (!ticketId) return;
    if (!this.accepted.has(ticketId)) {
      const r = await http(this.api.url, 'PUT', `/tickets/${ticketId}`, this.adminTok, { status: 'open', userId: this.adminId });
      this.record('accept', r);
      if (r.status !== 200) return;
      this.accepted.add(ticketId);
    }
    const body = `resposta ${this.tag} ${n} para ${phone}`;
    const phase = this.phase;
    const r = await http(this.api.url, 'POST', `/messages/${ticketId}`, this.adminTok, { body });
    this.record('reply', r);
    if (r.status === 201) this.replies.push({ id: r.body.messages[0].id as number, body, phone, phase });
  }

  private async reads() {
    this.record('health', await http(this.api.url, 'GET', '/health'));
    this.record('list', await http(this.api.url, 'GET', '/tickets?status=open&showAll=true', this.adminTok));
    const ticketId = this.tickets.values().next().value;
    if (ticketId) this.record('chat', await http(this.api.url, 'GET', `/messages/${ticketId}`, this.adminTok));
  }

  private async login() {
    this.record('login', await http(this.api.url, 'POST', '/auth/login', undefined, ATTENDANT));
  }

  /** Status counts and latencies of one kind of call in one phase. */
  summary(phase: Phase, kind: string) {
    const s = this.samples.filter((x) => x.phase === phase && x.kind === kind);
    const byStatus: Record<number, number> = {};
    for (const x of s) byStatus[x.status] = (byStatus[x.status] ?? 0) + 1;
    const ms = s.map((x) => x.ms);
    return { n: s.length, byStatus, p50: p(ms, 0.5), p95: p(ms, 0.95), max: Math.max(0, ...ms) };
  }

  report(phases: Phase[]): string {
    const kinds = ['inbound', 'accept', 'reply', 'health', 'list', 'chat', 'login'];
    const lines = [];
    for (const phase of phases) {
      for (const kind of kinds) {
        const s = this.summary(phase, kind);
        if (s.n)
          lines.push(
            `  ${phase.padEnd(10)} ${kind.padEnd(8)} n=${String(s.n).padStart(3)} ${JSON.stringify(s.byStatus).padEnd(22)} p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms`,
          );
      }
    }
    return lines.join('\n');
  }
}

/** Every stored reply in a phone's inbox: how many times each reply body arrived (from the sandbox's inbox). */
async function deliveries(api: ApiProcess, tok: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const phone of PHONES) {
    const r = await http(api.url, 'GET', `/sandbox/phones/${phone}/inbox`, tok);
    if (r.status !== 200) throw new Error(`inbox of ${phone}: ${r.status}`);
    for (const m of r.body as { body: string }[]) counts.set(m.body, (counts.get(m.body) ?? 0) + 1);
  }
  return counts;
}

/** The end of a process's output without ioredis's repeated connection errors. */
function lastLines(logs: string): string {
  const lines = logs.split('\n').filter((l) => !/Unhandled error event: Error: connect ECONNREFUSED|^\s+at TCPConnectWrap|missing 'error' handler/.test(l));
  return lines.slice(-60).join('\n');
}

describe('a Redis outage and a PostgreSQL blip under traffic', () => {
  let redis: PrivateRedis;
  let deployment: Deployment;
  let api: ApiProcess;
  let db: Client;
  let exitedAt: number | undefined;

  beforeAll(async () => {
    redis = await createPrivateRedis();
    deployment = await createDeployment({
      redisUrl: redis.url,
      // The outage is shorter than a session lease: the running owner keeps its session and re-claims the lease
      // Redis forgot, rather than stopping it.
      env: { OUTBOUND_SWEEP_MS: String(SWEEP_MS), SESSION_LEASE_MS: '45000' },
    });
    api = await deployment.start();
    void api.exited.then(() => (exitedAt = Date.now()));
    db = new Client({ connectionString: deployment.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    // What the process said last, when it did not live: the cause of its end. All it said, in a file.
    if (api && !api.alive()) console.log(`the API exited (${String(await api.exited)}); its last lines:\n${lastLines(api.logs())}`);
    if (api) writeFileSync(join(tmpdir(), 'redis-outage-fault-api.log'), api.logs());
    await db?.end().catch(() => undefined);
    await deployment?.close();
    await redis?.stop();
  });

  it('lives through 30 s without Redis: reads answer, every inbound 201 is stored, every stored reply reaches its phone once afterwards', async () => {
    const tok = await superToken(api.url);
    const admin = await http(api.url, 'POST', '/auth/login', undefined, ADMIN);
    expect(admin.status).toBe(200);
    const adminTok = admin.body.token as string;
    const adminId = (await http(api.url, 'GET', '/auth/me', adminTok)).body.id as number;
    const traffic = new Traffic(api, db, tok, adminTok, adminId);
    traffic.start();
    await sleep(8000);

    traffic.phase = 'redis-down';
    const downAt = Date.now();
    await redis.stop('SIGKILL');
    await sleep(OUTAGE_MS);
    expect({ alive: api.alive(), exitedAfterMs: exitedAt && exitedAt - downAt }).toEqual({ alive: true, exitedAfterMs: undefined });

    traffic.phase = 'redis-back';
    await redis.start();
    const backAt = Date.now();
    // How long the replies answered during the outage take to reach their phones once Redis is back.
    const outageReplies = traffic.replies.filter((r) => r.phase === 'redis-down').map((r) => r.body);
    let outageRepliesOutMs: number | undefined;
    const watching = (async () => {
      while (Date.now() - backAt < 60_000) {
        const seen = await deliveries(api, tok).catch(() => new Map<string, number>());
        if (outageReplies.every((b) => seen.has(b))) return void (outageRepliesOutMs = Date.now() - backAt);
        await sleep(250);
      }
    })();
    await sleep(10_000);
    await traffic.stop();
    await watching;
    expect(api.alive()).toBe(true);

    // Every inbound message answered 201 is stored.
    const ids = traffic.inbound.map((m) => m.providerId);
    const { rows: stored } = await db.query<{ provider_id: string }>('select provider_id from messages where provider_id = any($1) and from_me = false', [ids]);
    const missingInbound = ids.filter((id) => !stored.some((r) => r.provider_id === id));

    // Every reply stored (answered 201 or not: a request cut off after its commit counts too) reaches its phone once.
    const { rows: storedReplies } = await db.query<{ id: number; body: string }>(
      "select id, body from messages where from_me = true and body like 'resposta %'",
    );
    let delivered = new Map<string, number>();
    const deadline = Date.now() + 90_000;
    for (;;) {
      delivered = await deliveries(api, tok);
      if (storedReplies.every((r) => delivered.has(r.body)) || Date.now() > deadline) break;
      await sleep(500);
    }
    const allOutAfterMs = Date.now() - backAt;
    const undelivered = storedReplies.filter((r) => !delivered.has(r.body));
    const twice = storedReplies.filter((r) => (delivered.get(r.body) ?? 0) > 1);
    const answeredNotStored = traffic.replies.filter((r) => !storedReplies.some((s) => s.id === r.id));

    console.log(
      [
        `Redis outage (${OUTAGE_MS / 1000} s, SIGKILL, restarted empty), traffic by phase:`,
        traffic.report(['before', 'redis-down', 'redis-back']),
        `inbound answered 201: ${ids.length} (during the outage ${traffic.inbound.filter((m) => m.phase === 'redis-down').length}), stored: ${ids.length - missingInbound.length}`,
        `replies stored: ${storedReplies.length} (answered 201 during the outage: ${traffic.replies.filter((r) => r.phase === 'redis-down').length}); ` +
          `delivered: ${storedReplies.length - undelivered.length}, twice or more: ${twice.length}; ` +
          `the ${outageReplies.length} answered during the outage out ${outageRepliesOutMs === undefined ? 'never' : `${(outageRepliesOutMs / 1000).toFixed(1)} s`} after Redis returned; ` +
          `all out ${(allOutAfterMs / 1000).toFixed(1)} s after it (traffic stopped 10 s after it)`,
      ].join('\n'),
    );

    expect(api.alive()).toBe(true);
    expect(missingInbound).toEqual([]);
    expect(answeredNotStored).toEqual([]);
    expect(undelivered).toEqual([]);
    expect(twice).toEqual([]);
    // The outage's replies go out within a bound: the outbound sweep's period and the lease grace after Redis is back.
    expect(outageRepliesOutMs).toBeDefined();
    // Reads answered during the outage: the health check, the ticket list, a chat and a login.
    for (const kind of ['health', 'list', 'chat', 'login']) {
      const s = traffic.summary('redis-down', kind);
      expect({ kind, answered: s.n > 0 && (s.byStatus[200] ?? 0) === s.n }).toEqual({ kind, answered: true });
    }
    // Customers were answered during the outage too (their messages stored): ingest does not need Redis.
    expect(traffic.inbound.filter((m) => m.phase === 'redis-down').length).toBeGreaterThan(0);
    // Nothing answered 500 at any time.
    expect(traffic.samples.filter((s) => s.status >= 500)).toEqual([]);
    // The session kept running: the owner re-claimed the lease Redis forgot instead of stopping it.
    expect(api.logs()).not.toMatch(/stopping it here/);
  });

  it('lives through PostgreSQL backends terminated under traffic, losing nothing', async () => {
    const tok = await superToken(api.url);
    const admin = await http(api.url, 'POST', '/auth/login', undefined, ADMIN);
    const adminTok = admin.body.token as string;
    const adminId = (await http(api.url, 'GET', '/auth/me', adminTok)).body.id as number;
    const { rows: before } = await db.query<{ n: string }>("select count(*) as n from messages where from_me = true and body like 'resposta %'");
    const traffic = new Traffic(api, db, tok, adminTok, adminId);
    traffic.phase = 'pg-blip';
    traffic.start();
    let terminated = 0;
    for (let i = 0; i < 3; i++) {
      await sleep(3000);
      const { rows } = await db.query<{ n: string }>(
        'select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      terminated += Number(rows[0].n);
    }
    await sleep(4000);
    await traffic.stop();
    expect(api.alive()).toBe(true);

    const ids = traffic.inbound.map((m) => m.providerId);
    const { rows: stored } = await db.query<{ provider_id: string }>('select provider_id from messages where provider_id = any($1) and from_me = false', [ids]);
    const { rows: storedReplies } = await db.query<{ id: number; body: string }>(
      "select id, body from messages where from_me = true and body like 'resposta %'",
    );
    const started = Date.now();
    let delivered = new Map<string, number>();
    for (;;) {
      delivered = await deliveries(api, tok);
      if (storedReplies.every((r) => delivered.has(r.body)) || Date.now() - started > 60_000) break;
      await sleep(500);
    }
    const undelivered = storedReplies.filter((r) => !delivered.has(r.body));
    const twice = storedReplies.filter((r) => (delivered.get(r.body) ?? 0) > 1);
    console.log(
      [
        `PostgreSQL blip: ${terminated} backends terminated in 3 rounds under traffic:`,
        traffic.report(['pg-blip']),
        `inbound answered 201: ${ids.length}, stored: ${stored.length}; replies stored in all: ${storedReplies.length} (${storedReplies.length - Number(before[0].n)} new), ` +
          `delivered: ${storedReplies.length - undelivered.length}, twice or more: ${twice.length}; all out ${((Date.now() - started) / 1000).toFixed(1)} s after the traffic stopped`,
      ].join('\n'),
    );
    expect(terminated).toBeGreaterThan(0);
    expect(stored.length).toBe(ids.length);
    expect(undelivered).toEqual([]);
    expect(twice).toEqual([]);
    expect(api.alive()).toBe(true);
  });
});
