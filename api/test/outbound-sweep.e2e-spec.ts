import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { QUEUES } from '../src/jobs/jobs';
import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { Message } from '../src/ticket/messages/message.entity';
import { OutboundSweeperService, UNQUEUED_GRACE_MS, UNSENT_MAX_AGE_MS } from '../src/ticket/messages/outbound-sweeper.service';
import { ENQUEUE_TIMEOUT_MS, sendJobId, type SendMessageJob } from '../src/ticket/messages/outbound.service';
import { createTestApp, sleep, TestApp, until } from './harness';
import { createContact, createSandboxConnection, createSuperUser, createTenant, createTicket, sandboxOf } from './factories';

/**
 * Replies always go out, once (issue 28): a stored outbound message whose send job is gone is queued again by the
 * outbound sweep and reaches the phone once; storing it never waits on Redis; ack -1 stays failed; a re-send after a
 * crash between the provider's answer and our update goes under the same id, and the phone shows it once.
 */
describe('the outbound sweep', () => {
  let t: TestApp;
  let queue: Queue<SendMessageJob>;
  let sweeper: OutboundSweeperService;
  let superToken: string;
  // The sweep runs when a test says so (the timer's first round runs at start, on an empty table).
  beforeAll(async () => {
    t = await createTestApp({ env: { OUTBOUND_SWEEP_MS: '3600000', SEND_ATTEMPTS: '2', SEND_RETRY_DELAY_MS: '50' } });
    queue = t.app.get<Queue<SendMessageJob>>(getQueueToken(QUEUES.messages), { strict: false });
    sweeper = t.app.get(OutboundSweeperService);
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(() => t.close());

  /** A sweep as if run a little later: the messages just stored are past the grace the sweep gives an enqueue. */
  const sweepLater = () => sweeper.sweep(new Date(Date.now() + UNQUEUED_GRACE_MS + 1000));

  async function setup() {
    const tenant = await createTenant(t);
    const whatsapp = await createSandboxConnection(t, tenant.company.id);
    const phone = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
    const contact = await createContact(t.orm, tenant.company.id, { number: phone });
    const ticket = await createTicket(t.orm, tenant.company.id, { contactId: contact.id, whatsappId: whatsapp.id, status: 'open', userId: tenant.admin.id });
    const reply = (body: string) => t.http().post(`/messages/${ticket.id}`).set('Authorization', `Bearer ${tenant.adminToken}`).send({ body }).expect(201);
    const inbox = async (): Promise<{ providerId: string; body: string }[]> =>
      (await t.http().get(`/sandbox/phones/${phone}/inbox`).set('Authorization', `Bearer ${superToken}`).expect(200)).body;
    const stored = (id: string) => t.orm.em.fork().findOneOrFail(Message, { id }, { filters: false });
    return { ...tenant, whatsapp, phone, ticket, reply, inbox, stored };
  }

  /** Stops this process's worker from taking send jobs (jobs stay in Redis), runs `work`, then resumes it. */
  async function withWorkerPaused<T>(work: () => Promise<T>): Promise<T> {
    await queue.pause(true, true);
    try {
      return await work();
    } finally {
      await queue.resume(true);
    }
  }

  it('sends a reply whose send job vanished (Redis emptied), once', async () => {
    const s = await setup();
    const id = await withWorkerPaused(async () => {
      const sent = await s.reply('perdida no Redis');
      const messageId = String(sent.body.messages[0].id);
      expect(await queue.getJob(sendJobId(messageId))).not.toBeNull();
      await queue.empty();
      expect(await queue.getJob(sendJobId(messageId))).toBeNull();
      return messageId;
    });
    await sleep(300);
    expect(await s.inbox()).toEqual([]);
    expect(await s.stored(id)).toMatchObject({ ack: 0, providerId: null });

    const round = await sweepLater();
    expect(round).toMatchObject({ queued: 1, revived: 0 });
    const [delivered] = await until(async () => {
      const inbox = await s.inbox();
      return inbox.length ? inbox : null;
    });
    expect(delivered.body).toBe('perdida no Redis');
    const row = await until(async () => {
      const m = await s.stored(id);
      return m.providerId ? m : null;
    });
    expect(row).toMatchObject({ providerId: delivered.providerId, sendId: delivered.providerId, sendAttempts: 1, sendStartedAt: null });
    expect(row.ack).toBeGreaterThanOrEqual(1);
    // Sent is sent: later rounds do not look at it again, and the phone has it once.
    expect(await sweepLater()).toMatchObject({ unsent: 0 });
    await sleep(200);
    expect((await s.inbox()).map((m) => m.body)).toEqual(['perdida no Redis']);
  });

  it('answers 201 with the stored reply when Redis does not take the job, and the sweep sends it once Redis is back', async () => {
    const s = await setup();
    // The Bull queue's command connection, closed: every add is refused, as while Redis is down.
    await queue.client.quit();
    let id: string;
    try {
      const started = Date.now();
      const sent = await s.reply('guardada sem Redis');
      expect(Date.now() - started).toBeLessThan(ENQUEUE_TIMEOUT_MS + 1500);
      expect(sent.body.messages[0]).toMatchObject({ body: 'guardada sem Redis', ack: 0, fromMe: true });
      id = String(sent.body.messages[0].id);
    } finally {
      await queue.client.connect();
    }
    expect(await queue.getJob(sendJobId(id))).toBeNull();
    expect(await sweepLater()).toMatchObject({ queued: 1 });
    const inbox = await until(async () => {
      const got = await s.inbox();
      return got.length ? got : null;
    });
    expect(inbox.map((m) => m.body)).toEqual(['guardada sem Redis']);
    await until(async () => (await s.stored(id)).providerId === inbox[0].providerId);
  });

  it('queues again a message whose job ended without sending it (failed before its last try was recorded)', async () => {
    const s = await setup();
    const id = await withWorkerPaused(async () => {
      const messageId = String((await s.reply('job falhou')).body.messages[0].id);
      const job = (await queue.getJob(sendJobId(messageId)))!;
      // As Bull leaves a job that stalled too often (its worker killed twice): failed, the message never marked.
      await queue.client
        .multi()
        .lrem(queue.toKey('wait'), 0, String(job.id))
        .zadd(queue.toKey('failed'), Date.now(), String(job.id))
        .hset(queue.toKey(String(job.id)), 'failedReason', 'job stalled more than allowable limit', 'finishedOn', String(Date.now()))
        .exec();
      expect(await job.getState()).toBe('failed');
      return messageId;
    });
    expect(await sweepLater()).toMatchObject({ revived: 1 });
    await until(async () => (await s.stored(id)).providerId);
    expect((await s.inbox()).map((m) => m.body)).toEqual(['job falhou']);
  });

  it('re-sends after a crash between the provider and our update under the same id: the phone shows it once', async () => {
    const s = await setup();
    const id = await withWorkerPaused(async () => {
      const messageId = String((await s.reply('enviada antes da queda')).body.messages[0].id);
      await queue.empty();
      return messageId;
    });
    // What a process killed right after the provider took the message leaves: the marker committed, the phone has
    // the message under that id, the provider id never recorded, no job.
    const chosen = '3EB0AAAABBBBCCCCDDDDEEEEFFFF000011112222';
    await t.orm.em.fork().getConnection().execute('update messages set send_id = ?, send_started_at = now(), send_attempts = 1 where id = ?', [chosen, id]);
    sandboxOf(t).deliverToPhone(s.whatsapp.id, s.phone, { type: 'chat', body: 'enviada antes da queda', providerId: chosen });
    expect(await sweepLater()).toMatchObject({ queued: 1 });
    const row = await until(async () => {
      const m = await s.stored(id);
      return m.providerId ? m : null;
    });
    expect(row).toMatchObject({ providerId: chosen, sendId: chosen, sendAttempts: 2, sendStartedAt: null });
    await until(async () => (await s.stored(id)).ack >= 3);
    expect((await s.inbox()).map((m) => [m.providerId, m.body])).toEqual([[chosen, 'enviada antes da queda']]);
  });

  it('leaves failed messages (ack -1) failed, and fails (ack -1) one still unsent after a day', async () => {
    const s = await setup();
    const [failedId, oldId] = await withWorkerPaused(async () => {
      const a = String((await s.reply('falhou de vez')).body.messages[0].id);
      const b = String((await s.reply('velha demais')).body.messages[0].id);
      await queue.empty();
      return [a, b];
    });
    const conn = t.orm.em.fork().getConnection();
    await conn.execute(`update messages set ack = -1, send_error = 'ERR_SENDING_WAPP_MSG' where id = ?`, [failedId]);
    await conn.execute('update messages set created_at = ? where id = ?', [new Date(Date.now() - UNSENT_MAX_AGE_MS - 60_000), oldId]);
    expect(await sweepLater()).toMatchObject({ unsent: 1, queued: 0, expired: 1 });
    expect(await sweepLater()).toMatchObject({ unsent: 0 });
    await sleep(300);
    expect(await s.inbox()).toEqual([]);
    expect(await s.stored(failedId)).toMatchObject({ ack: -1, providerId: null });
    expect(await s.stored(oldId)).toMatchObject({ ack: -1, providerId: null, sendError: 'ERR_SENDING_WAPP_MSG' });
    expect(await queue.getJob(sendJobId(failedId))).toBeNull();
  });

  it('fails (ack -1) a message whose sends keep being interrupted, instead of sending it again forever', async () => {
    const s = await setup();
    const id = await withWorkerPaused(async () => {
      const messageId = String((await s.reply('derruba o worker')).body.messages[0].id);
      await queue.empty();
      return messageId;
    });
    // SEND_ATTEMPTS (2) + 2 calls made, the last one interrupted (its process died during it).
    await t.orm.em.fork().getConnection().execute(`update messages set send_id = '3EB0DEAD', send_started_at = now(), send_attempts = 4 where id = ?`, [id]);
    expect(await sweepLater()).toMatchObject({ queued: 1 });
    const failed = await until(async () => {
      const m = await s.stored(id);
      return m.ack === -1 ? m : null;
    });
    expect(failed).toMatchObject({ sendError: 'ERR_SENDING_WAPP_MSG', providerId: null, sendAttempts: 4 });
    expect(await s.inbox()).toEqual([]);
  });

  it('keeps a reply unsent, not failed, while its connection should run but runs nowhere; sends it once it runs', async () => {
    const s = await setup();
    const sessions = t.app.get(ConnectionSessionsService);
    // As after a crash: the status still says CONNECTED, no process runs the session (until the dead one's lease ends).
    await sessions.stop(s.company.id, s.whatsapp.id);
    await t.orm.em.fork().getConnection().execute(`update whatsapps set status = 'CONNECTED' where id = ?`, [s.whatsapp.id]);
    const id = String((await s.reply('espera a conexão')).body.messages[0].id);
    await until(async () => (await (await queue.getJob(sendJobId(id)))?.getState()) === 'failed');
    expect(await s.stored(id)).toMatchObject({ ack: 0, providerId: null, sendStartedAt: null });

    await sessions.start(s.company.id, s.whatsapp.id);
    await until(() => sandboxOf(t).isAttached(s.whatsapp.id));
    expect(await sweepLater()).toMatchObject({ revived: 1 });
    await until(async () => (await s.stored(id)).providerId);
    expect((await s.inbox()).map((m) => m.body)).toEqual(['espera a conexão']);
  });

  it('reads the unsent messages off their partial index, not the messages table', async () => {
    const plan = await t.orm.em.fork().transactional(async (em) => {
      // Whatever the planner would pick on these few rows: the point is that the index can serve the query.
      await em.execute('set local enable_seqscan = off');
      const rows = await em.execute<{ 'QUERY PLAN': string }[]>(
        `explain select id, company_id, created_at from messages
          where from_me and ack = 0 and provider_id is null and not is_deleted and created_at < now()
          order by created_at, id limit 500`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using messages_unsent_index on messages/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
