import { IngestService } from '../src/ticket/ingest/ingest.service';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { connectSocket, createTestApp, record, sleep, TestApp, until } from './harness';
import { createQueue, createSandboxConnection, createSuperUser, createTenant } from './factories';

type Seen = { whatsappId: number; presence: string; at: string };

/**
 * Typing, recording and online, both ways, on the sandbox network: a phone's presence reaches the attendants'
 * sockets (the chat header shows it); the attendant's typing reaches the phone, throttled.
 */
describe('chat presence', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(() => t.close());

  const phoneNumber = () => `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
  const asSuper = { Authorization: '' };

  async function conversation() {
    asSuper.Authorization = `Bearer ${superToken}`;
    const s = await createTenant(t);
    const queue = await createQueue(t.orm, s.company.id, { greetingMessage: null });
    const whatsapp = await createSandboxConnection(t, s.company.id, [queue.id]);
    const phone = phoneNumber();
    await t.http().post(`/sandbox/phones/${phone}/messages`).set(asSuper).send({ whatsappId: whatsapp.id, body: 'Oi' }).expect(201);
    await t.app.get(IngestService).drain();
    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: s.company.id }, { filters: false });
    return { s, whatsapp, phone, ticket };
  }

  it("a sandbox phone's typing, recording and online reach the company's sockets", async () => {
    const { s, whatsapp, phone } = await conversation();
    const socket = await connectSocket(t.url, s.userToken);
    try {
      const events = record<{ action: string; whatsappId: number; number: string; presence: string }>(socket, `company-${s.company.id}-contactPresence`);
      for (const presence of ['available', 'composing', 'paused', 'recording']) {
        await t.http().post(`/sandbox/phones/${phone}/presence`).set(asSuper).send({ whatsappId: whatsapp.id, presence }).expect(204);
      }
      await until(() => events.length >= 4, 3000);
      expect(events).toEqual(
        ['available', 'composing', 'paused', 'recording'].map((presence) => ({ action: 'update', whatsappId: whatsapp.id, number: phone, presence })),
      );
      const bad = await t.http().post(`/sandbox/phones/${phone}/presence`).set(asSuper).send({ whatsappId: whatsapp.id, presence: 'dancing' }).expect(400);
      expect(bad.body.error).toBe('ERR_VALIDATION');
    } finally {
      socket.close();
    }
  });

  it("the attendant's typing reaches the phone, the same state at most every 4 s", async () => {
    const { s, whatsapp, phone, ticket } = await conversation();
    const seen = async () => (await t.http().get(`/sandbox/phones/${phone}/presence`).set(asSuper).expect(200)).body as Seen[];
    await t.http().post(`/tickets/${ticket.id}/presence`).set(s.auth(s.adminToken)).send({ presence: 'composing' }).expect(204);
    const first = await until(async () => (await seen()).find((x) => x.whatsappId === whatsapp.id && x.presence === 'composing'), 3000);
    // Typing on: the next keystrokes' calls change nothing the phone sees for a while.
    await sleep(50);
    await t.http().post(`/tickets/${ticket.id}/presence`).set(s.auth(s.adminToken)).send({ presence: 'composing' }).expect(204);
    await sleep(200);
    expect((await seen())[0]).toEqual(first);
    await t.http().post(`/tickets/${ticket.id}/presence`).set(s.auth(s.adminToken)).send({ presence: 'recording' }).expect(204);
    await until(async () => (await seen())[0]?.presence === 'recording', 3000);
    await t.http().post(`/tickets/${ticket.id}/presence`).set(s.auth(s.adminToken)).send({ presence: 'paused' }).expect(204);
    await until(async () => (await seen())[0]?.presence === 'paused', 3000);
    // Only what an attendant may show.
    const bad = await t.http().post(`/tickets/${ticket.id}/presence`).set(s.auth(s.adminToken)).send({ presence: 'available' }).expect(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  it("another company's ticket is not found", async () => {
    const { ticket } = await conversation();
    const other = await createTenant(t);
    const res = await t.http().post(`/tickets/${ticket.id}/presence`).set(other.auth(other.adminToken)).send({ presence: 'composing' }).expect(404);
    expect(res.body.error).toBe('ERR_NO_TICKET_FOUND');
  });
});
