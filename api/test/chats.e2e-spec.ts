import type { Socket } from 'socket.io-client';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createTenant, createUser, login } from './factories';

/** Internal chat: members only, owner-only changes, per-user unread counts, plan flag, tenant isolation, live events. */
describe('internal chat (/chats)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  const open = async (token: string) => {
    const s = await connectSocket(t.url, token);
    sockets.push(s);
    return s;
  };

  type Tenant = Awaited<ReturnType<typeof createTenant>>;
  /** A tenant with a third user (a non-member) and everyone's token. */
  async function setup(plan = {}) {
    const tenant = await createTenant(t, plan);
    const third = await createUser(t.orm, { companyId: tenant.company.id, name: 'Carla' });
    const thirdToken = (await login(t, third.email)).token;
    return { tenant, third, thirdToken };
  }
  const as = (tenant: Tenant, token: string) => ({
    get: (path: string) => t.http().get(path).set(tenant.auth(token)),
    post: (path: string, body: object = {}) => t.http().post(path).set(tenant.auth(token)).send(body),
    put: (path: string, body: object) => t.http().put(path).set(tenant.auth(token)).send(body),
    del: (path: string) => t.http().delete(path).set(tenant.auth(token)),
  });

  it('creates, reads, lists, updates and deletes; only the owner changes', async () => {
    const { tenant, third, thirdToken } = await setup();
    const admin = as(tenant, tenant.adminToken);
    const user = as(tenant, tenant.userToken);
    const created = (await admin.post('/chats', { title: '  Vendas  ', users: [tenant.user.id, tenant.admin.id] }).expect(201)).body;
    expect(created).toMatchObject({ title: 'Vendas', ownerId: tenant.admin.id, lastMessage: '', companyId: tenant.company.id });
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.users.map((u: { userId: number }) => u.userId).sort()).toEqual([tenant.admin.id, tenant.user.id].sort());

    // Read by id and by uuid, by a member; the list of each member.
    expect((await user.get(`/chats/${created.id}`).expect(200)).body).toEqual(created);
    expect((await user.get(`/chats/${created.uuid}`).expect(200)).body).toEqual(created);
    expect((await user.get('/chats').expect(200)).body).toEqual({ records: [created], count: 1, hasMore: false });
    expect((await user.get('/chats?searchParam=vend').expect(200)).body.count).toBe(1);
    expect((await user.get('/chats?searchParam=nada').expect(200)).body.count).toBe(0);

    // A non-member of the same company: 404 everywhere, an empty list.
    const other = as(tenant, thirdToken);
    expect((await other.get('/chats').expect(200)).body).toEqual({ records: [], count: 0, hasMore: false });
    await other.get(`/chats/${created.id}`).expect(404);
    await other.get(`/chats/${created.uuid}`).expect(404);
    await other.get(`/chats/${created.id}/messages`).expect(404);
    await other.post(`/chats/${created.id}/messages`, { message: 'oi' }).expect(404);
    await other.post(`/chats/${created.id}/read`, { userId: third.id }).expect(404);
    await other.put(`/chats/${created.id}`, { title: 'x' }).expect(404);
    await other.del(`/chats/${created.id}`).expect(404);

    // A member who is not the owner: 403 on changes.
    expect((await user.put(`/chats/${created.id}`, { title: 'Meu' }).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await user.del(`/chats/${created.id}`).expect(403)).body.error).toBe('ERR_NO_PERMISSION');

    // The owner renames and swaps members: the owner always stays.
    const updated = (await admin.put(`/chats/${created.id}`, { title: 'Vendas 2', users: [third.id] }).expect(200)).body;
    expect(updated.title).toBe('Vendas 2');
    expect(updated.users.map((u: { userId: number }) => u.userId).sort()).toEqual([tenant.admin.id, third.id].sort());
    await user.get(`/chats/${created.id}`).expect(404);
    await other.get(`/chats/${created.id}`).expect(200);

    await admin.del(`/chats/${created.id}`).expect(204);
    await admin.get(`/chats/${created.id}`).expect(404);
    expect((await admin.get('/chats').expect(200)).body.count).toBe(0);
  });

  it('counts unreads per member, marks read only for the caller, and pages messages newest first', async () => {
    const { tenant, third, thirdToken } = await setup();
    const admin = as(tenant, tenant.adminToken);
    const user = as(tenant, tenant.userToken);
    const chat = (await admin.post('/chats', { title: 'Equipe', users: [tenant.user.id, third.id] }).expect(201)).body;
    const unreads = async (token: string, userId: number) =>
      (await as(tenant, token).get(`/chats/${chat.id}`).expect(200)).body.users.find((u: { userId: number }) => u.userId === userId).unreads;

    const sent = (await admin.post(`/chats/${chat.id}/messages`, { message: '  Olá equipe  ' }).expect(201)).body;
    expect(sent).toMatchObject({ chatId: chat.id, senderId: tenant.admin.id, sender: { id: tenant.admin.id, name: tenant.admin.name }, message: 'Olá equipe' });
    await user.post(`/chats/${chat.id}/messages`, { message: 'Oi' }).expect(201);
    expect(await unreads(tenant.adminToken, tenant.admin.id)).toBe(1);
    expect(await unreads(tenant.userToken, tenant.user.id)).toBe(1);
    expect(await unreads(thirdToken, third.id)).toBe(2);
    const listed = (await user.get('/chats').expect(200)).body.records[0];
    expect(listed.lastMessage).toBe('Oi');
    expect(new Date(listed.updatedAt).getTime()).toBeGreaterThan(new Date(chat.updatedAt).getTime());

    // Marking read: only one's own state; a userId of someone else is refused.
    expect((await user.post(`/chats/${chat.id}/read`, { userId: third.id }).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    const read = (await as(tenant, thirdToken).post(`/chats/${chat.id}/read`, { userId: third.id }).expect(201)).body;
    expect(read.users.find((u: { userId: number }) => u.userId === third.id).unreads).toBe(0);
    expect(await unreads(tenant.adminToken, tenant.admin.id)).toBe(1);
    expect(await unreads(tenant.userToken, tenant.user.id)).toBe(1);

    // 25 more messages: page 1 is the newest 20, page 2 the rest, newest first.
    for (let i = 1; i <= 25; i++) await admin.post(`/chats/${chat.id}/messages`, { message: `m${i}` }).expect(201);
    const page1 = (await user.get(`/chats/${chat.id}/messages`).expect(200)).body;
    expect(page1.count).toBe(27);
    expect(page1.hasMore).toBe(true);
    expect(page1.records.map((m: { message: string }) => m.message).slice(0, 3)).toEqual(['m25', 'm24', 'm23']);
    const page2 = (await user.get(`/chats/${chat.id}/messages?pageNumber=2`).expect(200)).body;
    expect(page2.hasMore).toBe(false);
    expect(page2.records.map((m: { message: string }) => m.message)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1', 'Oi', 'Olá equipe']);
    const ids = [...page1.records, ...page2.records].map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await unreads(thirdToken, third.id)).toBe(25);
  });

  it('refuses bad input with the failing field', async () => {
    const { tenant } = await setup();
    const admin = as(tenant, tenant.adminToken);
    const field = async (req: Promise<{ body: { error: string; fields?: { field: string }[] } }>) => {
      const body = (await req).body;
      expect(body.error).toBe('ERR_VALIDATION');
      return body.fields?.map((f) => f.field);
    };
    expect(await field(admin.post('/chats', { title: '   ', users: [tenant.user.id] }).expect(400))).toContain('title');
    expect(await field(admin.post('/chats', { title: 'x', users: [] }).expect(400))).toContain('users');
    expect(await field(admin.post('/chats', { title: 'x', users: [tenant.admin.id] }).expect(400))).toContain('users');
    expect(await field(admin.post('/chats', { title: 'x', users: [99999999999] }).expect(400))).toContain('users');
    expect(await field(admin.post('/chats', { title: 'x', users: ['a'] }).expect(400))).toContain('users');
    expect(await field(admin.post('/chats', { title: 'x'.repeat(256), users: [tenant.user.id] }).expect(400))).toContain('title');
    const chat = (await admin.post('/chats', { title: 'ok', users: [tenant.user.id] }).expect(201)).body;
    expect(await field(admin.post(`/chats/${chat.id}/messages`, { message: '   \n ' }).expect(400))).toContain('message');
    expect(await field(admin.post(`/chats/${chat.id}/messages`, { message: 'x'.repeat(4001) }).expect(400))).toContain('message');
    expect(await field(admin.post(`/chats/${chat.id}/messages`, {}).expect(400))).toContain('message');
    expect(await field(admin.post(`/chats/${chat.id}/read`, {}).expect(400))).toContain('userId');
    await admin.get('/chats/99999999999').expect(400);
    await admin.get('/chats/not-a-chat').expect(400);
    await admin.get(`/chats/${chat.id}/messages?pageNumber=0`).expect(400);
    await admin.put(`/chats/${chat.id}`, { title: '' }).expect(400);
    await admin.get('/chats/2147483647').expect(404);
    expect((await admin.get(`/chats/${chat.id}/messages`).expect(200)).body.count).toBe(0);
  });

  it("keeps companies apart: B's users neither see, write, join A's chats nor add A's users", async () => {
    const a = await setup();
    const b = await setup();
    const adminA = as(a.tenant, a.tenant.adminToken);
    const adminB = as(b.tenant, b.tenant.adminToken);
    const chat = (await adminA.post('/chats', { title: 'Só A', users: [a.tenant.user.id] }).expect(201)).body;
    await adminA.post(`/chats/${chat.id}/messages`, { message: 'segredo' }).expect(201);

    expect((await adminB.get('/chats').expect(200)).body.count).toBe(0);
    await adminB.get(`/chats/${chat.id}`).expect(404);
    await adminB.get(`/chats/${chat.uuid}`).expect(404);
    await adminB.get(`/chats/${chat.id}/messages`).expect(404);
    await adminB.post(`/chats/${chat.id}/messages`, { message: 'invasão' }).expect(404);
    await adminB.post(`/chats/${chat.id}/read`, { userId: b.tenant.admin.id }).expect(404);
    await adminB.put(`/chats/${chat.id}`, { users: [b.tenant.user.id] }).expect(404);
    await adminB.del(`/chats/${chat.id}`).expect(404);
    // A's owner cannot add B's user, nor B's admin A's users.
    expect((await adminA.put(`/chats/${chat.id}`, { users: [b.tenant.user.id] }).expect(400)).body.fields[0].field).toBe('users');
    expect((await adminB.post('/chats', { title: 'x', users: [a.tenant.user.id] }).expect(400)).body.fields[0].field).toBe('users');

    const messages = (await adminA.get(`/chats/${chat.id}/messages`).expect(200)).body;
    expect(messages.records.map((m: { message: string }) => m.message)).toEqual(['segredo']);
  });

  it('is refused when the plan has no internal chat', async () => {
    const { tenant } = await setup({ useInternalChat: false });
    const admin = as(tenant, tenant.adminToken);
    expect((await admin.get('/chats').expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect((await admin.post('/chats', { title: 'x', users: [tenant.user.id] }).expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    await admin.get('/chats/1/messages').expect(403);
  });

  it("delivers events only to the members' sockets", async () => {
    const { tenant, third, thirdToken } = await setup();
    const admin = as(tenant, tenant.adminToken);
    const c = tenant.company.id;
    const [ownerSocket, memberSocket, outsiderSocket] = await Promise.all([open(tenant.adminToken), open(tenant.userToken), open(thirdToken)]);
    const outsider = (() => {
      const seen: string[] = [];
      outsiderSocket.onAny((event: string) => {
        if (event.includes('-chat')) seen.push(event);
      });
      return seen;
    })();
    const memberChat = record<{ action: string; record?: { id: number }; id?: number }>(memberSocket, `company-${c}-chat`);
    const ownerChat = record(ownerSocket, `company-${c}-chat`);

    const chat = (await admin.post('/chats', { title: 'Live', users: [tenant.user.id] }).expect(201)).body;
    const memberMessages = record(memberSocket, `company-${c}-chat-${chat.id}`);
    const memberUnread = record(memberSocket, `company-${c}-chat-user-${tenant.user.id}`);
    const ownerUnread = record(ownerSocket, `company-${c}-chat-user-${tenant.admin.id}`);
    const message = (await admin.post(`/chats/${chat.id}/messages`, { message: 'Bom dia' }).expect(201)).body;
    await until(() => memberMessages.length >= 1 && memberUnread.length >= 1);
    const current = (await admin.get(`/chats/${chat.id}`).expect(200)).body;
    expect(memberMessages).toEqual([{ action: 'new-message', newMessage: message, chat: current }]);
    // The whole chat rides along (record, chat: test/realtime-shapes-original.e2e-spec.ts).
    expect(memberUnread).toMatchObject([{ action: 'update', chatId: chat.id, unreads: 1 }]);
    await as(tenant, tenant.userToken).post(`/chats/${chat.id}/read`, { userId: tenant.user.id }).expect(201);
    await until(() => memberUnread.length >= 2);
    expect(memberUnread[1]).toMatchObject({ action: 'update', chatId: chat.id, unreads: 0 });

    // The member is removed: they get the delete; the newcomer (third) joins.
    await admin.put(`/chats/${chat.id}`, { users: [third.id] }).expect(200);
    await until(() => memberChat.some((e) => e.action === 'delete'));
    await admin.post(`/chats/${chat.id}/messages`, { message: 'sem você' }).expect(201);
    await eventsDelivered(t, ownerSocket, memberSocket, outsiderSocket);
    expect(memberChat.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(memberMessages).toHaveLength(1);
    expect(ownerChat.length).toBeGreaterThanOrEqual(4);
    expect(ownerUnread).toEqual([]);
    // The third user heard nothing before joining; after, the update and the message.
    expect(outsider).toEqual([`company-${c}-chat`, `company-${c}-chat-${chat.id}`, `company-${c}-chat`, `company-${c}-chat-user-${third.id}`]);
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    it("members sent as the original's { id, name } objects, as well as ids", async () => {
      const s = await createTenant(t);
      const other = await createUser(t.orm, { companyId: s.company.id, name: 'Outro' });
      const chat = await api(s)
        .post('/chats')
        .send({
          title: 'Equipe',
          users: [
            { id: s.user.id, name: s.user.name },
            { id: other.id, name: 'Outro' },
          ],
        })
        .expect(201);
      expect(chat.body.users.map((u: { userId: number }) => u.userId).sort((a: number, b: number) => a - b)).toEqual(
        [s.admin.id, s.user.id, other.id].sort((a, b) => a - b),
      );
      const updated = await api(s)
        .put(`/chats/${chat.body.id}`)
        .send({ users: [{ id: other.id, name: 'Outro' }] })
        .expect(200);
      expect(updated.body.users.map((u: { userId: number }) => u.userId).sort((a: number, b: number) => a - b)).toEqual(
        [s.admin.id, other.id].sort((a, b) => a - b),
      );
      await api(s)
        .post('/chats')
        .send({ title: 'X', users: [{ name: 'sem id' }] })
        .expect(400);
    });
  });
});
