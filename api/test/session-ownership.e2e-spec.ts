import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { SessionLeaseService } from '../src/connection/sessions/session-lease.service';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { MessageUpdatesService } from '../src/ticket/ingest/message-updates.service';
import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, sleep, TestApp, until } from './harness';
import { createMessage, createQueue, createSandboxConnection, createTenant, createTicket, createUser, createWhatsapp, login, sandboxOf } from './factories';
import { RedisClient } from '../src/common/infra/redis';

const sessionsOf = (t: TestApp) => t.app.get(ConnectionSessionsService);
const LEASE = { SESSION_LEASE_MS: '1500' };

/**
 * Several processes of one deployment (one database, one Redis prefix): each WhatsApp session runs on exactly
 * one worker, another takes it over when that worker dies, and any process reaches it through its owner.
 */
describe('WhatsApp sessions across processes', () => {
  // The database's owner runs no sessions (ROLE=api), so the workers can come and go.
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp({ env: { ROLE: 'api', ...LEASE, SEND_RETRY_DELAY_MS: '50' } });
  });
  afterAll(() => api.close());

  it('runs each session on one worker only, and another worker takes it over when the first stops or stalls', async () => {
    const w1 = await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } });
    const w2 = await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } });
    let w3: TestApp | undefined;
    try {
      const { company } = await createTenant(api);
      const whatsapp = await createSandboxConnection(w1, company.id);
      // A ROLE=api process never runs a session, even when asked.
      expect(await sessionsOf(api).start(company.id, whatsapp.id)).toBe(false);
      // Asked to start a session w1 runs, w2 declines.
      expect(await sessionsOf(w2).start(company.id, whatsapp.id)).toBe(false);
      await sleep(1100); // a couple of upkeep rounds
      expect([sessionsOf(w1).isRunning(whatsapp.id), sessionsOf(w2).isRunning(whatsapp.id)]).toEqual([true, false]);
      expect(await w1.app.get(SessionLeaseService).ownerOf(whatsapp.id)).toBe(w1.app.get(SessionLeaseService).workerId);

      // w1 shuts down: it frees the lease, and w2 starts the session at its next round.
      const w1Id = w1.app.get(SessionLeaseService).workerId;
      await w1.close();
      expect(await api.app.get(SessionLeaseService).ownerOf(whatsapp.id)).not.toBe(w1Id);
      await until(() => sessionsOf(w2).isRunning(whatsapp.id), 6000);
      await until(() => sandboxOf(w2).isAttached(whatsapp.id));
      await until(async () => (await api.orm.em.fork().findOneOrFail(Whatsapp, whatsapp.id, { filters: false })).status === 'CONNECTED');
      // The new owner carries the conversation: a phone's message becomes a ticket.
      sandboxOf(w2).phone('5511988880001', 'Cliente');
      sandboxOf(w2).sendFromPhone('5511988880001', whatsapp.id, { type: 'chat', body: 'ainda aí?' });
      await w2.app.get(IngestService).drain();
      expect(await api.orm.em.fork().count(Ticket, { companyId: company.id }, { filters: false })).toBe(1);

      // w2 stalls (no upkeep, as in a long pause): its lease lapses and w3 takes the session over...
      w3 = await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } });
      const stalled = sessionsOf(w2) as unknown as { timer: NodeJS.Timeout; tick: () => Promise<void> };
      clearInterval(stalled.timer);
      await until(() => sessionsOf(w3!).isRunning(whatsapp.id), 8000);
      // ...and when w2 wakes up it sees the lease is someone else's and lets its copy go.
      await stalled.tick();
      expect(sessionsOf(w2).isRunning(whatsapp.id)).toBe(false);
      expect(sessionsOf(w3).isRunning(whatsapp.id)).toBe(true);
    } finally {
      await w3?.close();
      await w2.close();
    }
  });

  it('a Redis that forgot the leases (restarted empty): the running owner re-claims its session, no other worker starts it', async () => {
    const w1 = await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } });
    const w2 = await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } });
    try {
      const { company } = await createTenant(api);
      const whatsapp = await createSandboxConnection(w1, company.id);
      const lease = w1.app.get(SessionLeaseService);
      expect(await lease.ownerOf(whatsapp.id)).toBe(lease.workerId);
      // Redis comes back empty: both workers' connections drop and reconnect, and the lease is gone.
      const client = (t: TestApp) => t.app.get(RedisClient);
      const back = [w1, w2].map((t) => new Promise((r) => client(t).redis.once('ready', r)));
      await client(api).redis.del(`${client(api).prefix}:wa:owner:${whatsapp.id}`);
      for (const t of [w1, w2]) client(t).redis.disconnect(true);
      await Promise.all(back);
      // For a grace period after the reconnect, a worker takes no free lease at all.
      expect(await w2.app.get(SessionLeaseService).acquire(999_999)).toBe(false);
      // Within a renewal round (a third of the lease) the owner has it again; meanwhile w2's sweeps found it free
      // and took nothing.
      await until(async () => (await lease.ownerOf(whatsapp.id)) === lease.workerId, 3000);
      await sleep(1500);
      expect([sessionsOf(w1).isRunning(whatsapp.id), sessionsOf(w2).isRunning(whatsapp.id)]).toEqual([true, false]);
      expect(await lease.ownerOf(whatsapp.id)).toBe(lease.workerId);
    } finally {
      await w2.close();
      await w1.close();
    }
  });

  it('a deliberately stopped connection stays stopped: no worker starts it again', async () => {
    const w1 = await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } });
    try {
      const { company } = await createTenant(api);
      const whatsapp = await createSandboxConnection(w1, company.id);
      // Asked from the ROLE=api process, the stop reaches the worker that runs it.
      await sessionsOf(api).stop(company.id, whatsapp.id);
      expect(sessionsOf(w1).isRunning(whatsapp.id)).toBe(false);
      await sleep(1000);
      expect(sessionsOf(w1).isRunning(whatsapp.id)).toBe(false);
      expect((await api.orm.em.fork().findOneOrFail(Whatsapp, whatsapp.id, { filters: false })).status).toBe('DISCONNECTED');
    } finally {
      await w1.close();
    }
  });

  it('serves a conversation from a ROLE=api process through the worker that runs the session', async () => {
    const worker = await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE, SEND_RETRY_DELAY_MS: '50' } });
    try {
      const tenant = await createTenant(api);
      const queue = await createQueue(api.orm, tenant.company.id);
      const attendant = await createUser(api.orm, { companyId: tenant.company.id, queueIds: [queue.id] });
      const whatsapp = await createSandboxConnection(worker, tenant.company.id, [queue.id]);
      const net = sandboxOf(worker);
      const phone = '5511977770001';
      net.phone(phone, 'Maria');
      const inbound = net.sendFromPhone(phone, whatsapp.id, { type: 'chat', body: 'Olá' });
      await worker.app.get(IngestService).drain();
      const auth = { Authorization: `Bearer ${(await login(api, attendant.email)).token}` };
      const ticket = await api.orm.em.fork().findOneOrFail(Ticket, { companyId: tenant.company.id }, { filters: false });

      // Accept and open the conversation on the API process: the read receipt reaches the phone.
      await api.http().put(`/tickets/${ticket.id}`).set(auth).send({ status: 'open', userId: attendant.id }).expect(200);
      await api.http().get(`/messages/${ticket.id}`).set(auth).expect(200);
      await until(() => net.phone(phone).readByConnection.has(inbound));

      // A reply is queued on the API process and sent by the worker.
      const sent = (await api.http().post(`/messages/${ticket.id}`).set(auth).send({ body: 'Bom dia!' }).expect(201)).body.messages[0];
      await until(() => net.phone(phone).inbox.find((m) => m.body === 'Bom dia!'));
      const stored = await until(async () => {
        const m = await api.orm.em.fork().findOneOrFail(Message, { id: sent.id }, { filters: false });
        return m.providerId ? m : null;
      });

      // Editing and deleting go from the API process to the phone through the worker.
      await api.http().post(`/messages/edit/${sent.id}`).set(auth).send({ body: 'Bom dia, Maria!' }).expect(200);
      expect(net.phone(phone).inbox.find((m) => m.providerId === stored.providerId)).toMatchObject({ body: 'Bom dia, Maria!', edited: true });
      await api.http().delete(`/messages/${sent.id}`).set(auth).expect(204);
      expect(net.phone(phone).inbox.find((m) => m.providerId === stored.providerId)).toMatchObject({ deleted: true });

      // The phone book is read on the worker too.
      net.saveContact(whatsapp.id, '5511977770002', 'João');
      const imported = await api.http().post('/contacts/import').set(auth).send({ whatsappId: whatsapp.id }).expect(200);
      expect(imported.body.created).toBeGreaterThanOrEqual(1);

      // Another company's user cannot drive this session from any process.
      const other = await createTenant(api);
      const otherAuth = { Authorization: `Bearer ${other.adminToken}` };
      await api.http().post('/contacts/import').set(otherAuth).send({ whatsappId: whatsapp.id }).expect(409);

      // With the worker gone and nobody running the session, an edit says so (409), and nothing changes.
      const second = (await api.http().post(`/messages/${ticket.id}`).set(auth).send({ body: 'mais uma' }).expect(201)).body.messages[0];
      await until(async () => (await api.orm.em.fork().findOneOrFail(Message, { id: second.id }, { filters: false })).providerId);
      await worker.close();
      const res = await api.http().post(`/messages/edit/${second.id}`).set(auth).send({ body: 'editada' }).expect(409);
      expect(res.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
      expect((await api.orm.em.fork().findOneOrFail(Message, { id: second.id }, { filters: false })).body).toBe('mais uma');
    } finally {
      await worker.close().catch(() => undefined);
    }
  });

  it('an ack that beats the send job reaches it on another process, and acks never go back', async () => {
    const worker = await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } });
    try {
      const { company } = await createTenant(api);
      const w = await createWhatsapp(api.orm, company.id);
      const ticket = await createTicket(api.orm, company.id, { whatsappId: w.id });
      const message = await createMessage(api.orm, ticket, 'resposta', true);
      const sql = api.orm.em.getConnection();
      await sql.execute('update messages set whatsapp_id = ?, ack = 1 where id = ?', [w.id, message.id]);
      const ingest = (t: TestApp) => t.app.get(MessageUpdatesService);
      const redis = api.app.get(RedisClient);

      // Delivered and read reach the worker running the session before the send job stored the provider id...
      // (Both arrive together, as the network sends them; the test waits for their whole handling, parking and the
      // look after it, so that the job below is the one that finds the id.)
      await Promise.all([ingest(worker).ack(company.id, w.id, 'PID-EARLY', 2), ingest(worker).ack(company.id, w.id, 'PID-EARLY', 3)]);
      expect(await redis.redis.get(`${redis.prefix}:early-ack:${w.id}:PID-EARLY`)).toBe('3');
      // ...the job, on another process, stores the id and takes the best parked ack, once.
      await sql.execute('update messages set provider_id = ? where id = ?', ['PID-EARLY', message.id]);
      expect(await ingest(api).takeEarlyAck(w.id, 'PID-EARLY')).toBe(3);
      expect(await ingest(api).takeEarlyAck(w.id, 'PID-EARLY')).toBeUndefined();
      expect(await ingest(api).raiseAck(company.id, w.id, 'PID-EARLY', 3)).toBe('raised');
      // A late "delivered" does not take "read" back; an unknown id is reported missing.
      expect(await ingest(worker).raiseAck(company.id, w.id, 'PID-EARLY', 2)).toBe('kept');
      expect(await ingest(worker).raiseAck(company.id, w.id, 'PID-NONE', 2)).toBe('missing');
      expect((await api.orm.em.fork().findOneOrFail(Message, { id: message.id }, { filters: false })).ack).toBe(3);
    } finally {
      await worker.close();
    }
  });
});
