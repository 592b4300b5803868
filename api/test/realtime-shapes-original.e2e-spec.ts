import { io, type Socket } from 'socket.io-client';
import { createTestApp, connectSocket, record, TestApp, until, eventsDelivered } from './harness';
import { createTenant, createTicket } from './factories';

/**
 * What clients written for the original system read from the socket, besides our own shapes (issue 34): the `ready`
 * after connecting, the internal chat's `chat` and `newMessage`, the `delete` a status list hears when a ticket
 * leaves it, and the whole session user (company included) in user events.
 */
describe('realtime: the shapes clients of the original system read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sockets: Socket[] = [];
  const open = async (token: string) => {
    const s = await connectSocket(t.url, token);
    sockets.push(s);
    return s;
  };
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  it('emits ready once the socket has connected, and joins sent on it are acknowledged', async () => {
    const tenant = await createTenant(t);
    const socket = io(t.url, { query: { token: tenant.adminToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const order: string[] = [];
    socket.on('connect', () => order.push('connect'));
    const ack = await new Promise<unknown>((resolve) => socket.once('ready', () => socket.emit('joinTickets', 'open', resolve)));
    expect(order).toEqual(['connect']);
    expect(ack).toEqual({ ok: true });
  });

  it('internal chat events carry chat (and newMessage) besides record', async () => {
    const tenant = await createTenant(t);
    const member = await open(tenant.userToken);
    const chatEvents = record<Record<string, unknown>>(member, `company-${tenant.company.id}-chat`);
    const unreadEvents = record<Record<string, unknown>>(member, `company-${tenant.company.id}-chat-user-${tenant.user.id}`);

    const created = (
      await t
        .http()
        .post('/chats')
        .set(tenant.auth(tenant.adminToken))
        .send({ title: 'Equipe', users: [tenant.user.id] })
        .expect(201)
    ).body;
    await until(() => chatEvents.length >= 1);
    expect(chatEvents[0]).toEqual({ action: 'create', record: created, chat: created });

    const sent = (await t.http().post(`/chats/${created.id}/messages`).set(tenant.auth(tenant.adminToken)).send({ message: 'Olá' }).expect(201)).body;
    await until(() => chatEvents.length >= 2 && unreadEvents.length >= 1);
    const chat = (await t.http().get(`/chats/${created.id}`).set(tenant.auth(tenant.userToken)).expect(200)).body;
    expect(chatEvents[1]).toEqual({ action: 'update', record: chat, chat, newMessage: sent });
    expect(unreadEvents[0]).toEqual({ action: 'update', chatId: created.id, unreads: 1, record: chat, chat });

    // The member reads it: their own sockets hear the chat with the unread count at zero.
    const read = (await t.http().post(`/chats/${created.id}/read`).set(tenant.auth(tenant.userToken)).send({ userId: tenant.user.id }).expect(201)).body;
    await until(() => unreadEvents.length >= 2);
    expect(unreadEvents[1]).toEqual({ action: 'update', chatId: created.id, unreads: 0, record: read, chat: read });
  });

  it("a ticket leaving a status: a delete to that status's listeners who could see it, nothing more to the others", async () => {
    const tenant = await createTenant(t);
    const ticket = await createTicket(t.orm, tenant.company.id, { status: 'pending' });
    // A client of the original system: it listens to the pending list.
    const original = await open(tenant.adminToken);
    await original.emitWithAck('joinTickets', 'pending');
    // Our kit joins no status list.
    const kit = await open(tenant.adminToken);
    // A plain user with no queue listens to the pending list but cannot see the ticket.
    const stranger = await open(tenant.userToken);
    await stranger.emitWithAck('joinTickets', 'pending');
    const channel = `company-${tenant.company.id}-ticket`;
    const originalSeen = record<Record<string, unknown>>(original, channel);
    const kitSeen = record<Record<string, unknown>>(kit, channel);
    const strangerSeen = record<Record<string, unknown>>(stranger, channel);

    await t.http().put(`/tickets/${ticket.id}`).set(tenant.auth(tenant.adminToken)).send({ status: 'open', userId: tenant.admin.id }).expect(200);
    await until(() => originalSeen.some((e) => e.action === 'delete'));
    await eventsDelivered(t, original, kit, stranger);
    expect(originalSeen).toEqual(
      expect.arrayContaining([
        { action: 'update', ticket: expect.objectContaining({ id: ticket.id, status: 'open' }) },
        { action: 'delete', ticketId: ticket.id, status: 'pending', leftStatus: true },
      ]),
    );
    expect(kitSeen).toEqual([{ action: 'update', ticket: expect.objectContaining({ id: ticket.id, status: 'open' }) }]);
    expect(strangerSeen).toEqual([]);
  });
  it("user events carry the login's user: company (secret settings blank to who may not read them) and the queues' join", async () => {
    const tenant = await createTenant(t);
    const queue = (await t.http().post('/queue').set(tenant.auth(tenant.adminToken)).send({ name: 'Suporte', color: '#123456' }).expect(201)).body;
    const admin = await open(tenant.adminToken);
    const attendant = await open(tenant.userToken);
    const channel = `company-${tenant.company.id}-user`;
    const adminSeen = record<{ action: string; user: Record<string, unknown> & { id: number } }>(admin, channel);
    const attendantSeen = record<{ action: string; user: Record<string, unknown> & { id: number } }>(attendant, channel);

    await t
      .http()
      .put(`/users/${tenant.user.id}`)
      .set(tenant.auth(tenant.adminToken))
      .send({ queueIds: [queue.id] })
      .expect(200);
    const ofUser = (seen: typeof adminSeen) => seen.find((e) => e.user.id === tenant.user.id && (e.user.queues as unknown[]).length === 1);
    const forAdmin = await until(() => ofUser(adminSeen));
    const forAttendant = await until(() => ofUser(attendantSeen));

    // What the user's own login answers (GET /auth/me), but for the moment it was taken.
    const { updatedAt: _u, online: _o, ...me } = (await t.http().get('/auth/me').set(tenant.auth(tenant.userToken)).expect(200)).body;
    expect(forAttendant).toEqual({ action: 'update', user: { ...me, updatedAt: expect.any(String), online: expect.any(Boolean) } });
    expect(me.queues).toEqual([{ id: queue.id, name: 'Suporte', color: '#123456', UserQueue: { userId: tenant.user.id, queueId: queue.id } }]);
    expect(me.company).toMatchObject({ id: tenant.company.id, name: tenant.company.name, dueDate: expect.anything() });
    // The admin's socket gets the company's settings as the admin reads them.
    const adminCompany = (await t.http().get('/auth/me').set(tenant.auth(tenant.adminToken)).expect(200)).body.company;
    expect(forAdmin.user.company).toEqual(adminCompany);
  });
});
