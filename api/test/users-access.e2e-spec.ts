import bcrypt from 'bcryptjs';
import { User } from '../src/auth/users/user.entity';
import { connectSocket, createTestApp, nextEvent, record, TestApp, eventsDelivered } from './harness';
import { PASSWORD, createCompany, createQueue, createTenant, createUser, login } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

describe('users: deleting, impersonation and tenant isolation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newUser = (over: Record<string, unknown> = {}) => ({
    name: 'Maria Souza',
    email: `maria-${Math.random().toString(36).slice(2)}@Example.com`,
    password: 'secret1',
    ...over,
  });

  async function dbUser(id: number) {
    return t.orm.em.fork().findOne(User, { id }, { filters: false, populate: ['passwordHash', 'queues'] });
  }

  describe('deleting', () => {
    it('deletes a user of the company, tells the company and closes their sockets', async () => {
      const a = await createTenant(t);
      const victim = await createUser(t.orm, { companyId: a.company.id });
      const victimToken = (await login(t, victim.email)).token;
      const victimSocket = await connectSocket(t.url, victimToken);
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const event = nextEvent(socket, `company-${a.company.id}-user`);
        const gone = new Promise((r) => victimSocket.once('disconnect', r));
        await t.http().delete(`/users/${victim.id}`).set(a.auth(a.adminToken)).expect(204);
        expect(await event).toEqual({ action: 'delete', userId: victim.id });
        await gone;
        await t.http().get(`/users/${victim.id}`).set(a.auth(a.adminToken)).expect(404);
        await t.http().get('/auth/me').set(bearer(victimToken)).expect(401);
        await t.http().delete(`/users/${victim.id}`).set(a.auth(a.adminToken)).expect(404);
      } finally {
        socket.close();
        victimSocket.close();
      }
    });

    it('refuses deleting yourself, and deleting by a plain user', async () => {
      const a = await createTenant(t);
      const self = await t.http().delete(`/users/${a.admin.id}`).set(a.auth(a.adminToken)).expect(400);
      expect(self.body.error).toBe('ERR_CANNOT_DELETE_OWN_USER');
      const plain = await t.http().delete(`/users/${a.admin.id}`).set(a.auth(a.userToken)).expect(403);
      expect(plain.body.error).toBe('ERR_NO_PERMISSION');
      await t.http().get(`/users/${a.admin.id}`).set(a.auth(a.adminToken)).expect(200);
    });
  });

  describe('impersonation list', () => {
    it('lists, for a super user, the users of the company of user {userId}', async () => {
      const platform = await createCompany(t.orm);
      const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
      const superToken = (await login(t, superUser.email)).token;
      const a = await createTenant(t);
      const res = await t.http().get(`/users/impersonate/${a.user.id}`).set(bearer(superToken)).expect(200);
      expect(res.body.hasMore).toBe(false);
      expect(res.body.users.map((u: { id: number }) => u.id).sort()).toEqual([a.admin.id, a.user.id].sort());
      expect(res.body.users[0].companyId).toBe(a.company.id);
      const q = await createQueue(t.orm, a.company.id);
      await createUser(t.orm, { companyId: a.company.id, name: 'Searchable', queueIds: [q.id] });
      const search = await t.http().get(`/users/impersonate/${a.admin.id}`).query({ searchParam: 'searchABLE' }).set(bearer(superToken)).expect(200);
      expect(search.body.users).toMatchObject([{ name: 'Searchable', queues: [{ id: q.id }] }]);
      expect((await t.http().get('/users/impersonate/999999').set(bearer(superToken)).expect(404)).body.error).toBe('ERR_NO_USER_FOUND');
    });

    it('lists, for a super user, the users of company {id} (GET /companies/{id}/users), and refuses everyone else', async () => {
      const platform = await createCompany(t.orm);
      const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
      const superToken = (await login(t, superUser.email)).token;
      const a = await createTenant(t);
      const b = await createTenant(t);
      const res = await t.http().get(`/companies/${a.company.id}/users`).set(bearer(superToken)).expect(200);
      expect(res.body.users.map((u: { id: number }) => u.id).sort()).toEqual([a.admin.id, a.user.id].sort());
      expect(res.body.users.every((u: { companyId: number }) => u.companyId === a.company.id)).toBe(true);
      const search = await t
        .http()
        .get(`/companies/${a.company.id}/users`)
        .query({ searchParam: a.user.email.toUpperCase() })
        .set(bearer(superToken))
        .expect(200);
      expect(search.body.users.map((u: { id: number }) => u.id)).toEqual([a.user.id]);
      expect((await t.http().get('/companies/999999/users').set(bearer(superToken)).expect(404)).body.error).toBe('ERR_NO_COMPANY_FOUND');
      expect((await t.http().get('/companies/abc/users').set(bearer(superToken)).expect(400)).body.error).toBe('ERR_VALIDATION');
      for (const token of [a.adminToken, a.userToken]) {
        for (const company of [a.company.id, b.company.id]) {
          const refused = await t.http().get(`/companies/${company}/users`).set(bearer(token)).expect(403);
          expect(refused.body.error).toBe('ERR_NO_PERMISSION');
        }
      }
    });

    it('refuses anyone but a super user', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      for (const token of [a.adminToken, a.userToken]) {
        for (const target of [a.user.id, b.user.id]) {
          const res = await t.http().get(`/users/impersonate/${target}`).set(bearer(token)).expect(403);
          expect(res.body.error).toBe('ERR_NO_PERMISSION');
        }
      }
    });
  });

  describe('tenant isolation', () => {
    let a: Tenant;
    let b: Tenant;
    beforeAll(async () => {
      a = await createTenant(t);
      b = await createTenant(t);
    });

    it("answers 404 to company B's admin and user for every read, update and delete of A's users, changing nothing", async () => {
      for (const token of [b.adminToken, b.userToken]) {
        for (const target of [a.admin, a.user]) {
          const get = await t.http().get(`/users/${target.id}`).set(bearer(token));
          expect([get.status, get.body.error]).toEqual([404, 'ERR_NO_USER_FOUND']);
          for (const path of [`/users/${target.id}`, `/users/fromCompany/${target.id}`]) {
            const put = await t.http().put(path).set(bearer(token)).send({ name: 'Taken Over', password: 'takeover1' });
            expect(put.status === 404 || put.status === 403).toBe(true);
            expect(put.body.error).not.toBeUndefined();
          }
        }
      }
      const put = await t.http().put(`/users/${a.user.id}`).set(b.auth(b.adminToken)).send({ name: 'Taken Over' });
      expect([put.status, put.body.error]).toEqual([404, 'ERR_NO_USER_FOUND']);
      const del = await t.http().delete(`/users/${a.user.id}`).set(b.auth(b.adminToken));
      expect([del.status, del.body.error]).toEqual([404, 'ERR_NO_USER_FOUND']);
      expect((await t.http().delete(`/users/${a.user.id}`).set(b.auth(b.userToken))).status).toBe(403);
      const stored = await dbUser(a.user.id);
      expect(stored!.name).toBe(a.user.name);
      expect(await bcrypt.compare(PASSWORD, stored!.passwordHash)).toBe(true);
      await t.http().get('/auth/me').set(a.auth(a.userToken)).expect(200);
    });

    it("never lists A's users to B, and never puts B users in A's queues", async () => {
      const aQueue = await createQueue(t.orm, a.company.id);
      for (const token of [b.adminToken, b.userToken]) {
        const page = await t.http().get('/users').query({ searchParam: a.user.email }).set(bearer(token)).expect(200);
        expect(page.body).toEqual({ users: [], count: 0, hasMore: false });
        const list = await t.http().get('/users/list').set(bearer(token)).expect(200);
        expect(list.body.every((u: { id: number }) => u.id !== a.admin.id && u.id !== a.user.id)).toBe(true);
      }
      const res = await t
        .http()
        .put(`/users/${b.user.id}`)
        .set(b.auth(b.adminToken))
        .send({ queueIds: [aQueue.id] })
        .expect(400);
      expect(fieldsOf(res.body)).toEqual(['queueIds']);
    });

    it("never delivers A's user events to B's sockets", async () => {
      const aSocket = await connectSocket(t.url, a.userToken);
      const bSocket = await connectSocket(t.url, b.adminToken);
      try {
        const seenByB = record(bSocket, `company-${a.company.id}-user`);
        const bOwn = record(bSocket, `company-${b.company.id}-user`);
        const aEvent = nextEvent(aSocket, `company-${a.company.id}-user`);
        const created = await t.http().post('/users').set(a.auth(a.adminToken)).send(newUser()).expect(201);
        await aEvent;
        await t.http().put(`/users/${created.body.id}`).set(a.auth(a.adminToken)).send({ name: 'Renamed A' }).expect(200);
        await t.http().delete(`/users/${created.body.id}`).set(a.auth(a.adminToken)).expect(204);
        await eventsDelivered(t, aSocket, bSocket);
        expect(seenByB).toEqual([]);
        expect(bOwn).toEqual([]);
        // the same socket does hear its own company
        const bEvent = nextEvent(bSocket, `company-${b.company.id}-user`);
        await t.http().post('/users').set(b.auth(b.adminToken)).send(newUser()).expect(201);
        expect(await bEvent).toMatchObject({ action: 'create' });
      } finally {
        aSocket.close();
        bSocket.close();
      }
    });
  });
});

describe('users: the last admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('cannot be demoted or deleted while no other admin exists', async () => {
    const tenant = await createTenant(t);
    const auth = { Authorization: `Bearer ${tenant.adminToken}` };
    const demote = await t.http().put(`/users/${tenant.admin.id}`).set(auth).send({ profile: 'user' }).expect(409);
    expect(demote.body.error).toBe('ERR_LAST_ADMIN');
    const second = await createUser(t.orm, { companyId: tenant.company.id, profile: 'admin' });
    const secondToken = (await login(t, second.email)).token;
    await t.http().delete(`/users/${tenant.admin.id}`).set('Authorization', `Bearer ${secondToken}`).expect(204);
    const last = await t.http().put(`/users/${second.id}`).set('Authorization', `Bearer ${secondToken}`).send({ profile: 'user' }).expect(409);
    expect(last.body.error).toBe('ERR_LAST_ADMIN');
  });
});
