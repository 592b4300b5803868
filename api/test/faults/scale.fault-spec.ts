import Redis from 'ioredis';
import { Client } from 'pg';
import type { Socket } from 'socket.io-client';
import { connectSocket, sleep } from '../harness';
import { ApiProcess, call, createDeployment, Deployment, superToken } from './processes';

/**
 * One deployment scaled out (issue 33): two API processes (ROLE=api: HTTP and sockets) and two workers (ROLE=worker:
 * jobs and WhatsApp sessions), separate OS processes from the production build, on one database, one Redis prefix
 * and one data folder. The demo's connection 1 and a second one, both on the sandbox network; customers write in
 * through the sandbox phone API of either API process, which reaches the worker running the session; the phones'
 * inboxes are read from the shared sandbox journal, so what every worker delivered is counted, the killed one's too.
 *
 * - a socket on each API process gets every event of its rooms, once;
 * - each connection's session runs on exactly one worker;
 * - `kill -9` of the worker running connection 1 hands it to the other within the lease; customer messages, replies,
 *   a campaign and schedules before, during and after the kill: nothing lost, nothing sent twice;
 * - a rolling restart (a new worker, then SIGTERM to the old one) hands the session over at once, again losing nothing.
 */

const LEASE_MS = 2000;
const ENV = {
  SESSION_LEASE_MS: String(LEASE_MS),
  // A dead worker's send and campaign jobs come back within a few seconds instead of Bull's 30 to 90.
  JOB_LOCK_MS: '3000',
  SEND_RETRY_DELAY_MS: '250',
  CAMPAIGN_SWEEP_MS: '2000',
  SCHEDULE_SWEEP_MS: '2000',
  OUTBOUND_SWEEP_MS: '3000',
};
const ADMIN = { email: 'admin@demo.atende.local', password: 'Atende@2026' };
const CUSTOMERS = ['5511987600001', '5511987600002', '5511987600003', '5511987600004'];
const PER_PHASE = { inbound: 16, replies: 12 };
const RECIPIENTS = Array.from({ length: 8 }, (_, i) => `55119876100${String(i + 1).padStart(2, '0')}`);
const SCHEDULED = Array.from({ length: 4 }, (_, i) => `55119876200${String(i + 1).padStart(2, '0')}`);
const DRAIN_MS = 45_000;

interface AppMessageEvent {
  action: string;
  message: { body: string; fromMe: boolean };
}
interface InboxMessage {
  body: string;
  providerId: string;
  whatsappId: number;
}

async function login(url: string): Promise<string> {
  const r = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!r.ok) throw new Error(`login failed: ${r.status}`);
  return ((await r.json()) as { token: string }).token;
}

/** The worker process a lease names (`host:pid:random`). */
const pidOf = (workerId: string | null) => (workerId ? Number(/:(\d+):[0-9a-f]+$/.exec(workerId)?.[1]) : undefined);

describe('two API processes and two workers', () => {
  let deploy: Deployment;
  let db: Client;
  let redis: Redis;
  let apis: ApiProcess[];
  let workers: ApiProcess[];
  let superTok: string;
  let adminTok: string;
  let companyId: number;
  let sockets: Socket[];
  /** Every appMessage event each socket got. */
  let seen: AppMessageEvent[][];
  /** The customers' open tickets (taken by the admin in the first case), by phone. */
  const ticketOf = new Map<string, number>();
  const suiteStarted = Date.now();

  const ownerPid = async (whatsappId: number) => pidOf(await redis.get(`${deploy.redisPrefix}:wa:owner:${whatsappId}`));
  const sql = async <T>(q: string, params: unknown[] = []) => (await db.query(q, params)).rows as T[];

  /** A customer's phone sends a message, and sends it again (same id) until the platform has stored it; answers when. */
  async function phoneSends(api: ApiProcess, phone: string, body: string): Promise<number> {
    for (let i = 0; ; i++) {
      const r = await call(api.url, superTok, 'POST', `/sandbox/phones/${phone}/messages`, {
        whatsappId: 1,
        body,
        name: 'Cliente',
        providerId: `SCALE${body}`,
      }).catch(() => undefined);
      if (r?.status === 201) return Date.now();
      if (i > 300) throw new Error(`${body} never stored: ${r?.status} ${JSON.stringify(r?.body)}`);
      await sleep(100);
    }
  }

  /** What a phone holds, read through an API process (the journal of every connection). */
  const inboxOf = async (phone: string) => (await call<InboxMessage[]>(apis[0].url, superTok, 'GET', `/sandbox/phones/${phone}/inbox`)).body;

  beforeAll(async () => {
    deploy = await createDeployment({ env: ENV });
    db = new Client({ connectionString: deploy.databaseUrl });
    await db.connect();
    redis = new Redis(deploy.redisUrl);
    // The first process alone: it writes the deployment's secrets into the data folder and seeds the demo.
    const first = await deploy.start({ ROLE: 'api' }, { ownPort: true });
    const others = await Promise.all([
      deploy.start({ ROLE: 'api' }, { ownPort: true }),
      deploy.start({ ROLE: 'worker' }, { ownPort: true }),
      deploy.start({ ROLE: 'worker' }, { ownPort: true }),
    ]);
    apis = [first, others[0]];
    workers = [others[1], others[2]];
    superTok = await superToken(first.url);
    adminTok = await login(first.url);
    companyId = (await call<{ companyId: number }>(first.url, adminTok, 'GET', '/auth/me')).body.companyId;
    // A socket on each API process, as the console opens it (the admin's rooms include every ticket of the company);
    // one login (a new one ends the session before it).
    sockets = await Promise.all(apis.map((api) => connectSocket(api.url, adminTok)));
    seen = sockets.map((socket) => {
      const events: AppMessageEvent[] = [];
      socket.on(`company-${companyId}-appMessage`, (e: AppMessageEvent) => events.push(e));
      return events;
    });
  });
  afterAll(async () => {
    for (const socket of sockets ?? []) socket.close();
    redis?.disconnect();
    await db?.end().catch(() => undefined);
    await deploy?.close();
    console.log(`scale fault suite: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`);
  });

  it('runs each session on one worker, and a worker killed with SIGKILL loses no message, sends none twice', async () => {
    // A second connection: the two sessions are spread as the workers find them.
    const second = await call<{ id: number }>(apis[1].url, adminTok, 'POST', '/whatsapp', { name: 'Segunda', provider: 'sandbox' });
    expect(second.status).toBe(201);
    const connections = [1, second.body.id];
    // Each session on exactly one worker: its lease names it, and only that worker says it runs it.
    const startedOn = (id: number) => [...apis, ...workers].filter((p) => p.logs().includes(`connection ${id}: session runs on this worker`)).map((p) => p.pid);
    for (const id of connections) {
      for (let i = 0; !startedOn(id).length; i++) {
        if (i > 200) throw new Error(`connection ${id} never ran on a worker`);
        await sleep(100);
      }
    }
    await sleep(LEASE_MS); // a few upkeep rounds: no other worker starts them too
    for (const id of connections) expect(startedOn(id)).toEqual([await ownerPid(id)]);
    const owners = Object.fromEntries(
      await Promise.all(connections.map(async (id) => [id, (await ownerPid(id)) === workers[0].pid ? 'worker 1' : 'worker 2'])),
    );

    // A campaign (a recipient a second: no interval, and a 1 s pause after every send) and schedules that run across the kill.
    const settings = await call(apis[0].url, adminTok, 'POST', '/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 1 },
    });
    expect(settings.status).toBeLessThan(300);
    const list = await call<{ id: number }>(apis[0].url, adminTok, 'POST', '/contact-lists', { name: 'Escala' });
    for (const [i, number] of RECIPIENTS.entries()) {
      expect(
        (await call(apis[i % 2].url, adminTok, 'POST', '/contact-list-items', { name: `Pessoa ${i + 1}`, number, contactListId: list.body.id })).status,
      ).toBe(201);
    }
    const campaign = await call<{ id: number }>(apis[1].url, adminTok, 'POST', '/campaigns', {
      name: 'Escala',
      whatsappId: 1,
      contactListId: list.body.id,
      message1: 'Campanha para {nome}',
      scheduledAt: new Date(Date.now() + 3000).toISOString(),
    });
    expect(campaign.status).toBe(201);
    const scheduleIds: number[] = [];
    for (const [i, number] of SCHEDULED.entries()) {
      const contact = await call<{ id: number }>(apis[0].url, adminTok, 'POST', '/contacts', { name: `Agendado ${i + 1}`, number });
      const schedule = await call<{ id: number }>(apis[i % 2].url, adminTok, 'POST', '/schedules', {
        contactId: contact.body.id,
        body: `Agendamento ${i + 1}`,
        sendAt: new Date(Date.now() + 4000 + i * 1500).toISOString(),
      });
      expect(schedule.status).toBe(201);
      scheduleIds.push(schedule.body.id);
    }

    // Customers write in through both API processes; the admin takes their tickets.
    let n = 0;
    const inbound: string[] = [];
    const inboundPhase = async () => {
      const bodies = Array.from({ length: PER_PHASE.inbound }, () => `IN${String(++n).padStart(3, '0')}`);
      inbound.push(...bodies);
      return Promise.all(bodies.map((body, i) => phoneSends(apis[i % 2], CUSTOMERS[i % CUSTOMERS.length], body)));
    };
    await inboundPhase();
    const me = await call<{ id: number }>(apis[0].url, adminTok, 'GET', '/auth/me');
    for (const phone of CUSTOMERS) {
      const [t] = await sql<{ id: number }>(
        `select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = $1 and t.status <> 'closed' order by t.id desc limit 1`,
        [phone],
      );
      ticketOf.set(phone, t.id);
      expect((await call(apis[1].url, adminTok, 'PUT', `/tickets/${t.id}`, { status: 'open', userId: me.body.id })).status).toBe(200);
    }
    let r = 0;
    const replies = new Map<string, string>(); // body -> phone
    const replyPhase = async () => {
      const bodies = Array.from({ length: PER_PHASE.replies }, () => `R${String(++r).padStart(3, '0')}`);
      await Promise.all(
        bodies.map(async (body, i) => {
          const phone = CUSTOMERS[i % CUSTOMERS.length];
          const res = await call(apis[i % 2].url, adminTok, 'POST', `/messages/${ticketOf.get(phone)}`, { body });
          expect(res.status).toBe(201);
          replies.set(body, phone);
        }),
      );
    };

    // Replies are being sent when the worker running connection 1 is killed.
    await replyPhase();
    const victimPid = await ownerPid(1);
    const victim = workers.find((w) => w.pid === victimPid)!;
    const survivor = workers.find((w) => w !== victim)!;
    const killedAt = Date.now();
    await victim.kill('SIGKILL');
    const [unsent] = await sql<{ n: string }>(`select count(*) as n from messages where body = any($1) and from_me and provider_id is null`, [
      [...replies.keys()],
    ]);
    // During: messages keep coming (the phone sends each again until stored) and replies keep being written.
    const takeover = (async () => {
      while ((await ownerPid(1)) !== survivor.pid) await sleep(20);
      return Date.now() - killedAt;
    })();
    const duringInbound = inboundPhase();
    await replyPhase();
    // The first message the survivor stored: from then on it runs connection 1.
    const firstStoredAfterKillMs = Math.min(...(await duringInbound)) - killedAt;
    const takeoverMs = await takeover;
    // After: the survivor runs connection 1.
    await inboundPhase();
    await replyPhase();

    // Everything arrives: campaign finished, schedules sent, every reply on its phone, every event on both sockets.
    const wanted = {
      campaign: () => sql<{ status: string }>('select status from campaigns where id = $1', [campaign.body.id]).then(([c]) => c.status === 'FINALIZADA'),
      schedules: () =>
        sql<{ n: string }>(`select count(*) as n from schedules where id = any($1) and status = 'ENVIADA'`, [scheduleIds]).then(
          ([c]) => Number(c.n) === SCHEDULED.length,
        ),
    };
    const phones = [...CUSTOMERS, ...RECIPIENTS, ...SCHEDULED];
    const expectedOn = (phone: string, inbox: InboxMessage[]) => {
      const bodies = new Set(inbox.map((m) => m.body));
      if (CUSTOMERS.includes(phone)) return [...replies].filter(([, p]) => p === phone).every(([b]) => bodies.has(b));
      if (RECIPIENTS.includes(phone)) return [...bodies].some((b) => b.startsWith('Campanha para'));
      return [...bodies].some((b) => b.startsWith('Agendamento'));
    };
    const inboundSeen = (events: AppMessageEvent[]) => events.filter((e) => e.action === 'create' && !e.message.fromMe && inbound.includes(e.message.body));
    const drainStarted = Date.now();
    let inboxes = new Map<string, InboxMessage[]>();
    let drained = false;
    while (Date.now() - drainStarted < DRAIN_MS) {
      inboxes = new Map(await Promise.all(phones.map(async (p) => [p, await inboxOf(p)] as const)));
      const done =
        (await wanted.campaign()) &&
        (await wanted.schedules()) &&
        phones.every((p) => expectedOn(p, inboxes.get(p)!)) &&
        seen.every((events) => new Set(inboundSeen(events).map((e) => e.message.body)).size === inbound.length);
      if (done) {
        drained = true;
        break;
      }
      await sleep(500);
    }
    const drainedAfterKillMs = Date.now() - killedAt;
    // A moment later, nothing arrives twice.
    await sleep(2500);
    inboxes = new Map(await Promise.all(phones.map(async (p) => [p, await inboxOf(p)] as const)));

    const all = [...inboxes.values()].flat();
    const count = (pred: (m: InboxMessage) => boolean) => all.filter(pred).length;
    const lostReplies = [...replies.keys()].filter((b) => count((m) => m.body === b) === 0);
    const twiceReplies = [...replies.keys()].filter((b) => count((m) => m.body === b) > 1);
    const campaignOnPhones = RECIPIENTS.map((p) => inboxes.get(p)!.filter((m) => m.body.startsWith('Campanha para')).length);
    const schedulesOnPhones = SCHEDULED.map((p, i) => inboxes.get(p)!.filter((m) => m.body === `Agendamento ${i + 1}`).length);
    const storedInbound = await sql<{ provider_id: string; n: string }>(
      `select provider_id, count(*) as n from messages where provider_id like 'SCALEIN%' group by provider_id`,
    );
    const perSocket = seen.map((events) => {
      const creates = inboundSeen(events);
      const counts = new Map<string, number>();
      for (const e of creates) counts.set(e.message.body, (counts.get(e.message.body) ?? 0) + 1);
      return {
        appMessageEvents: events.length,
        inboundCreates: creates.length,
        missing: inbound.filter((b) => !counts.has(b)).length,
        duplicated: [...counts.values()].filter((c) => c > 1).length,
      };
    });
    const figures = {
      owners,
      inboundMessages: inbound.length,
      perSocket,
      takeoverMs,
      firstStoredAfterKillMs,
      repliesAnswered201: replies.size,
      repliesUnsentAtKill: Number(unsent.n),
      sendsRepeatedUnderTheirId: (survivor.logs().match(/an earlier send was interrupted/g) ?? []).length,
      repliesLost: lostReplies.length,
      repliesSentTwice: twiceReplies.length,
      campaign: {
        recipients: RECIPIENTS.length,
        sentOnce: campaignOnPhones.filter((c) => c === 1).length,
        duplicates: campaignOnPhones.filter((c) => c > 1).length,
      },
      schedules: {
        total: SCHEDULED.length,
        sentOnce: schedulesOnPhones.filter((c) => c === 1).length,
        duplicates: schedulesOnPhones.filter((c) => c > 1).length,
      },
      inboundStoredTwice: storedInbound.filter((s) => s.n !== '1').length,
      drainedAfterKillMs: drained ? drainedAfterKillMs : `not drained in ${DRAIN_MS} ms`,
      ...(await sql<{ campaignFinishedAfterKillMs: number; lastScheduleSentAfterKillMs: number; lastReplySentAfterKillMs: number }>(
        `select (select extract(epoch from completed_at) * 1000 from campaigns where id = $1) - $3::float8 as "campaignFinishedAfterKillMs",
                (select extract(epoch from max(sent_at)) * 1000 from schedules where id = any($2)) - $3::float8 as "lastScheduleSentAfterKillMs",
                (select extract(epoch from max(updated_at)) * 1000 from messages where body = any($4) and from_me) - $3::float8 as "lastReplySentAfterKillMs"`,
        [campaign.body.id, scheduleIds, killedAt, [...replies.keys()]],
      ).then(([row]) => Object.fromEntries(Object.entries(row).map(([key, v]) => [key, Math.round(Number(v))])))),
    };
    console.log(`scale figures (SIGKILL): ${JSON.stringify(figures)}`);

    expect(drained).toBe(true);
    for (const s of perSocket) expect([s.inboundCreates, s.missing, s.duplicated]).toEqual([inbound.length, 0, 0]);
    expect(storedInbound).toHaveLength(inbound.length);
    expect(figures.inboundStoredTwice).toBe(0);
    expect([lostReplies, twiceReplies]).toEqual([[], []]);
    expect(campaignOnPhones).toEqual(RECIPIENTS.map(() => 1));
    expect(schedulesOnPhones).toEqual(SCHEDULED.map(() => 1));
    // Taken over once the lease lapsed (plus the survivor's next upkeep round, a third of it, and the start), not later.
    expect(takeoverMs).toBeLessThan(2 * LEASE_MS);
    expect(survivor.alive()).toBe(true);
    // The killed worker is gone for good: the survivor runs connection 1 now, and nobody else.
    expect(await ownerPid(1)).toBe(survivor.pid);
    workers = [survivor];
  });

  it('a rolling restart (a new worker, then SIGTERM to the old one) hands the sessions over at once, losing nothing', async () => {
    const [old] = workers;
    const fresh = await deploy.start({ ROLE: 'worker' }, { ownPort: true });
    workers = [old, fresh];
    await sleep(LEASE_MS / 2);
    // The new worker takes nothing running: the old one holds its leases.
    expect([await ownerPid(1), fresh.logs().includes('session runs on this worker')]).toEqual([old.pid, false]);

    const inbound: string[] = [];
    const replies = new Map<string, string>(); // body -> phone
    let k = 0;
    const batch = (size: number) =>
      Promise.all(
        Array.from({ length: size }, async (_, i) => {
          const tag = String(++k).padStart(3, '0');
          const phone = CUSTOMERS[i % CUSTOMERS.length];
          const res = await call(apis[i % 2].url, adminTok, 'POST', `/messages/${ticketOf.get(phone)}`, { body: `T${tag}` });
          expect(res.status).toBe(201);
          replies.set(`T${tag}`, phone);
          inbound.push(`INT${tag}`);
          await phoneSends(apis[(i + 1) % 2], phone, `INT${tag}`);
        }),
      );
    await batch(8);
    // SIGTERM while replies are being sent and customers write in.
    const termAt = Date.now();
    const exited = old.kill('SIGTERM');
    const handover = (async () => {
      while ((await ownerPid(1)) !== fresh.pid) await sleep(10);
      return Date.now() - termAt;
    })();
    await batch(8);
    const exitCode = await exited;
    const shutdownMs = Date.now() - termAt;
    const handoverMs = await handover;
    await batch(8);

    const inboundSeen = (events: AppMessageEvent[]) => events.filter((e) => e.action === 'create' && !e.message.fromMe && inbound.includes(e.message.body));
    const onPhones = async () => (await Promise.all(CUSTOMERS.map(inboxOf))).flat().filter((m) => replies.has(m.body));
    const started = Date.now();
    let drained = false;
    while (!drained && Date.now() - started < 20_000) {
      const bodies = new Set((await onPhones()).map((m) => m.body));
      drained =
        [...replies.keys()].every((b) => bodies.has(b)) &&
        seen.every((events) => new Set(inboundSeen(events).map((e) => e.message.body)).size === inbound.length);
      if (!drained) await sleep(300);
    }
    await sleep(2000);
    const delivered = await onPhones();
    const times = (b: string) => delivered.filter((m) => m.body === b).length;
    const perSocket = seen.map((events) => {
      const bodies = inboundSeen(events).map((e) => e.message.body);
      return { inboundCreates: bodies.length, missing: inbound.filter((b) => !bodies.includes(b)).length, duplicated: bodies.length - new Set(bodies).size };
    });
    const shutdownLine = /Shut down in \d+ ms[^\n]*/.exec(old.logs())?.[0];
    const figures = {
      handoverMs,
      shutdownMs,
      exitCode,
      shutdownLine: shutdownLine?.replace(/\s+$/, '').split('\u001b')[0],
      inboundMessages: inbound.length,
      perSocket,
      replies: replies.size,
      repliesLost: [...replies.keys()].filter((b) => times(b) === 0).length,
      repliesSentTwice: [...replies.keys()].filter((b) => times(b) > 1).length,
    };
    console.log(`scale figures (rolling restart): ${JSON.stringify(figures)}`);

    expect(drained).toBe(true);
    expect(exitCode).toBe(0);
    for (const s of perSocket) expect(s).toEqual({ inboundCreates: inbound.length, missing: 0, duplicated: 0 });
    expect([figures.repliesLost, figures.repliesSentTwice]).toEqual([0, 0]);
    // Freed and announced at shutdown: taken at once, well before a lease would have lapsed.
    expect(handoverMs).toBeLessThan(LEASE_MS);
    expect(await ownerPid(1)).toBe(fresh.pid);
  });
});
