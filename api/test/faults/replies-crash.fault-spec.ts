import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Redis from 'ioredis';
import { join } from 'node:path';
import { Client } from 'pg';
import { sleep } from '../harness';
import { ApiProcess, call, createDeployment, Deployment, superToken } from './processes';

/**
 * Replies always go out, once (issue 28). A customer writes in from a sandbox phone, the demo admin accepts the
 * ticket and queues 200 replies fast (20 at a time); the API is killed with SIGKILL while they are being stored and
 * sent, then started again on the same database, Redis and data folder, with its default settings. Every reply
 * answered 201 must reach the phone exactly once, and none twice. Two rounds on one deployment:
 * - Redis keeps its data: the queued jobs run after the restart, the jobs the dead process was running come back
 *   through Bull's stall check;
 * - Redis loses its data as well (a Redis without persistence restarted with the API, as on a machine's reboot): no
 *   job survives, the outbound sweep queues every unsent reply again, and the sends the kill cut short (marker
 *   committed, the phone maybe holding the message) go again under the same id.
 * The phone's inbox outlives the restart (the sandbox journal), so "exactly once" is counted on the phone itself.
 */

const REPLIES = 200;
const CONCURRENCY = 20;
/** The kill comes once this many replies were answered: the rest are in flight, queued or being sent. */
const KILL_AFTER = 150;
const DRAIN_MS = 110_000;
const ADMIN = { email: 'admin@demo.atende.local', password: 'Atende@2026' };
const bodyOf = (round: string, i: number) => `resposta ${round} ${String(i).padStart(3, '0')}`;

async function login(url: string, who: { email: string; password: string }): Promise<string> {
  const r = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  if (!r.ok) throw new Error(`login failed: ${r.status}`);
  return ((await r.json()) as { token: string }).token;
}

/** The sandbox journal's deliveries to the phone so far (what the phone had when the process died). */
function journalBodies(dataDir: string, phone: string): string[] {
  const folder = join(dataDir, 'sandbox', 'connections');
  if (!existsSync(folder)) return [];
  const lines = readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(folder, f), 'utf8').split('\n'));
  const bodies: string[] = [];
  for (const line of lines) {
    try {
      const e = JSON.parse(line) as { k: string; to: string; m?: { body: string } };
      if (e.k === 'deliver' && e.to === phone && e.m) bodies.push(e.m.body);
    } catch {
      // a torn last line
    }
  }
  return bodies;
}

/** Every key of the deployment's prefix deleted: Redis restarted without persistence. */
async function emptyRedis(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url);
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

describe('kill -9 while 200 replies are queued', () => {
  let deploy: Deployment;
  let db: Client;
  let api: ApiProcess;
  beforeAll(async () => {
    deploy = await createDeployment();
    db = new Client({ connectionString: deploy.databaseUrl });
    api = await deploy.start();
    await db.connect();
  });
  afterAll(async () => {
    await db.end().catch(() => undefined);
    await deploy.close();
  });

  /** One round: a customer on `phone`, 200 replies, SIGKILL after KILL_AFTER answers, (Redis emptied,) restart, drain. */
  async function round(name: string, phone: string, options: { emptyRedis: boolean }) {
    let superTok = await superToken(api.url);
    // A customer writes in (once the demo's sandbox connection is up) and the admin accepts the ticket.
    for (let i = 0; ; i++) {
      const r = await call(api.url, superTok, 'POST', `/sandbox/phones/${phone}/messages`, { whatsappId: 1, body: 'Oi, preciso de ajuda', name: 'Cliente' });
      if (r.status === 201) break;
      if (i > 300) throw new Error(`the sandbox connection did not come up: ${r.status} ${JSON.stringify(r.body)}`);
      await sleep(200);
    }
    let ticketId: number | undefined;
    for (let i = 0; !ticketId && i < 100; i++) {
      const { rows } = await db.query<{ id: number }>(
        `select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = $1 and t.status <> 'closed' order by t.id desc limit 1`,
        [phone],
      );
      ticketId = rows[0]?.id;
      if (!ticketId) await sleep(100);
    }
    expect(ticketId).toBeDefined();
    const adminTok = await login(api.url, ADMIN);
    const me = await call<{ id: number }>(api.url, adminTok, 'GET', '/auth/me');
    expect((await call(api.url, adminTok, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: me.body.id })).status).toBe(200);

    // 200 replies, 20 at a time; SIGKILL once KILL_AFTER have been answered.
    const answered = new Map<string, string>(); // body -> message id
    let next = 0;
    let killed: Promise<unknown> | undefined;
    let deliveredBeforeKill: string[] = [];
    const victim = api;
    const worker = async () => {
      while (next < REPLIES && !killed) {
        const body = bodyOf(name, next++);
        const r = await call<{ messages: { id: string | number }[] }>(victim.url, adminTok, 'POST', `/messages/${ticketId}`, { body }).catch(() => undefined);
        if (r?.status === 201) answered.set(body, String(r.body.messages[0].id));
        else if (r && !killed) throw new Error(`reply answered ${r.status}: ${JSON.stringify(r.body)}`);
        if (answered.size >= KILL_AFTER && !killed) killed = victim.kill('SIGKILL').then(() => (deliveredBeforeKill = journalBodies(deploy.dataDir, phone)));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killed;
    const requestsStarted = next;
    const replyIds = [...answered.values()];
    const unsentAtKill = Number(
      (await db.query<{ n: string }>('select count(*) as n from messages where id = any($1) and provider_id is null', [replyIds])).rows[0].n,
    );
    const redisKeysDeleted = options.emptyRedis ? await emptyRedis(deploy.redisUrl, deploy.redisPrefix) : 0;

    // Restart on the same database, Redis and data folder, default settings.
    const restartedAt = Date.now();
    api = await deploy.start();
    const upMs = Date.now() - restartedAt;
    superTok = await superToken(api.url);
    const inboxOf = async () =>
      (await call<{ body: string; providerId: string }[]>(api.url, superTok, 'GET', `/sandbox/phones/${phone}/inbox`)).body.filter((m) =>
        m.body.startsWith(`resposta ${name} `),
      );
    let inbox = await inboxOf();
    const wanted = [...answered.keys()];
    let drainedMs: number | undefined;
    while (Date.now() - restartedAt < DRAIN_MS) {
      inbox = await inboxOf();
      const have = new Set(inbox.map((m) => m.body));
      if (wanted.every((b) => have.has(b))) {
        drainedMs = Date.now() - restartedAt;
        break;
      }
      await sleep(500);
    }
    // Once everything arrived, a moment later: nothing arrives twice.
    if (drainedMs !== undefined) await sleep(3000);
    inbox = await inboxOf();
    const counts = new Map<string, number>();
    for (const m of inbox) counts.set(m.body, (counts.get(m.body) ?? 0) + 1);
    const missing = wanted.filter((b) => !counts.has(b));
    const duplicates = [...counts].filter(([, n]) => n > 1).map(([b]) => b);
    const { rows } = await db.query<{ id: string; provider_id: string | null; ack: number; send_attempts: number }>(
      'select id, provider_id, ack, send_attempts from messages where id = any($1)',
      [replyIds],
    );
    const stillUnsent = rows.filter((r) => !r.provider_id).length;
    // Sends cut short by the kill (marker committed, outcome unknown), made again under the same id.
    const interrupted = (api.logs().match(/an earlier send was interrupted/g) ?? []).length;
    const figures = {
      round: name,
      requested: REPLIES,
      answered201: answered.size,
      requestsStartedAtKill: requestsStarted,
      deliveredBeforeKill: deliveredBeforeKill.filter((b) => answered.has(b)).length,
      unsentAtKill,
      redisKeysDeleted,
      deliveredAfterRestart: wanted.filter((b) => counts.has(b) && !deliveredBeforeKill.includes(b)).length,
      interruptedSendsResentUnderSameId: interrupted,
      providerCalls: rows.reduce((n, r) => n + r.send_attempts, 0),
      missing: missing.length,
      duplicates: duplicates.length,
      stillUnsentInDb: stillUnsent,
      restartMs: upMs,
      drainMsFromRestart: drainedMs ?? `not drained in ${DRAIN_MS} ms`,
    };
    console.log(`replies-crash figures: ${JSON.stringify(figures)}`);

    expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(missing).toEqual([]);
    expect(duplicates).toEqual([]);
    expect(stillUnsent).toBe(0);
    // Each stored reply is the phone's message under the provider id recorded for it.
    const byBody = new Map(inbox.map((m) => [m.body, m.providerId]));
    const recorded = new Map(rows.map((r) => [String(r.id), r.provider_id]));
    expect([...answered].filter(([body, id]) => recorded.get(id) !== byBody.get(body))).toEqual([]);
    expect(api.alive()).toBe(true);
  }

  it('Redis keeps its data: every reply answered 201 reaches the phone exactly once after the restart', async () => {
    await round('a', '5511987650001', { emptyRedis: false });
  });

  it('Redis loses its data too: the outbound sweep sends every reply answered 201, exactly once', async () => {
    await round('b', '5511987650002', { emptyRedis: true });
  });
});
