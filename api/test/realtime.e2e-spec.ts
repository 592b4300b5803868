import { createTestApp, connectSocket, nextEvent, record, sleep, TestApp, until, eventsDelivered, isTestMarker } from './harness';
import { createTenant, login } from './factories';
import { User } from '../src/auth/users/user.entity';

describe('realtime', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { PRESENCE_TTL: '1' } });
    // A second API process of the same deployment: same database, same Redis prefix.
    b = await createTestApp({ shareWith: a, env: { PRESENCE_TTL: '1' } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('refuses a socket without a valid token', async () => {
    await expect(connectSocket(a.url, 'not-a-token')).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it('delivers an event emitted by one API process to a socket held by another', async () => {
    const tenant = await createTenant(a);
    const watcher = await connectSocket(b.url, tenant.adminToken);
    try {
      const event = nextEvent<{ action: string; user: { id: number } }>(watcher, `company-${tenant.company.id}-auth`);
      // the plain user logs in again through process A
      await login(a, tenant.user.email);
      expect(await event).toEqual({ action: 'update', user: { id: tenant.user.id } });
    } finally {
      watcher.close();
    }
  });

  it("never delivers one company's events to another company's sockets", async () => {
    const companyA = await createTenant(a);
    const companyB = await createTenant(a);
    const spyB = await connectSocket(b.url, companyB.adminToken);
    const seenByB: string[] = [];
    spyB.onAny((event: string) => !isTestMarker(event) && seenByB.push(event));
    // a client of B trying to listen in on A's rooms by name gets nothing either
    spyB.emit('joinChatBox', `company:${companyA.company.id}`);
    spyB.emit('joinTickets', 'open');
    const ownA = await connectSocket(a.url, companyA.adminToken);
    try {
      const aSeesIt = nextEvent(ownA, `company-${companyA.company.id}-auth`);
      await login(a, companyA.user.email);
      await aSeesIt;
      await eventsDelivered(a, spyB);
      expect(seenByB).toEqual([]);
    } finally {
      spyB.close();
      ownA.close();
    }
  });

  it('answers a bad socket payload with ERR_VALIDATION naming the field, and a good one with ok', async () => {
    const tenant = await createTenant(a);
    const socket = await connectSocket(a.url, tenant.userToken);
    try {
      for (const bad of ['a\u0000b', 'x'.repeat(65), 'company:1', { id: 1 }, null, 1.5]) {
        const answer = await socket.timeout(2000).emitWithAck('joinChatBox', bad);
        expect(answer).toEqual({
          error: 'ERR_VALIDATION',
          message: 'Invalid fields: ticketId',
          fields: [{ field: 'ticketId', messages: [expect.any(String)] }],
        });
      }
      for (const bad of ['open\u0000', 'OPEN', 7, undefined]) {
        const answer = await socket.timeout(2000).emitWithAck('joinTickets', bad);
        expect(answer).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'status' }] });
      }
      expect(await socket.timeout(2000).emitWithAck('joinChatBox', 42)).toEqual({ ok: true });
      expect(await socket.timeout(2000).emitWithAck('joinTickets', 'open')).toEqual({ ok: true });
      expect(await socket.timeout(2000).emitWithAck('joinNotification')).toEqual({ ok: true });
    } finally {
      socket.close();
    }
  });

  it('tracks online status from userStatus pings and turns it off when they stop', async () => {
    const tenant = await createTenant(a);
    const admin = await connectSocket(a.url, tenant.adminToken);
    const updates = record<{ action: string; user: { id: number; online: boolean } }>(admin, `company-${tenant.company.id}-user`);
    const attendant = await connectSocket(b.url, tenant.userToken);
    try {
      attendant.emit('userStatus');
      await until(() => updates.some((u) => u.user.id === tenant.user.id && u.user.online));
      const em = a.orm.em.fork();
      expect((await em.findOneOrFail(User, tenant.user.id, { filters: false })).online).toBe(true);
      // no further ping: the delayed job (1 s here, 6 min by default) marks the user offline
      await until(() => updates.some((u) => u.user.id === tenant.user.id && !u.user.online), 8000);
      expect((await a.orm.em.fork().findOneOrFail(User, tenant.user.id, { filters: false })).online).toBe(false);
    } finally {
      admin.close();
      attendant.close();
    }
  });

  it('keeps a user online while pings keep coming', async () => {
    const tenant = await createTenant(a);
    const attendant = await connectSocket(a.url, tenant.userToken);
    try {
      for (let i = 0; i < 4; i++) {
        attendant.emit('userStatus');
        await sleep(500);
      }
      expect((await a.orm.em.fork().findOneOrFail(User, tenant.user.id, { filters: false })).online).toBe(true);
    } finally {
      attendant.close();
    }
  });
});
