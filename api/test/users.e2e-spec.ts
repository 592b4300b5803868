import type { CompanyId } from '../src/common/tenancy/company-id';
import bcrypt from 'bcryptjs';
import { User } from '../src/auth/users/user.entity';
import { Setting } from '../src/tenant/settings/setting.entity';
import { connectSocket, createTestApp, nextEvent, TestApp } from './harness';
import { PASSWORD, createCompany, createQueue, createTenant, createUser, createWhatsapp, login } from './factories';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

describe('users', () => {
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

  async function setSetting(companyId: CompanyId, key: string, value: string) {
    const em = t.orm.em.fork();
    em.create(Setting, { companyId, key, value });
    await em.flush();
  }

  async function dbUser(id: number) {
    return t.orm.em.fork().findOne(User, { id }, { filters: false, populate: ['passwordHash', 'queues'] });
  }

  describe('listing', () => {
    it('pages the company users, searching name or e-mail case-insensitively, never another company', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      for (let i = 0; i < 21; i++) await createUser(t.orm, { companyId: a.company.id, name: `Zeta ${String(i).padStart(2, '0')}` });
      await createUser(t.orm, { companyId: a.company.id, name: 'Alpha', email: `findme-${a.company.id}@test.local` });
      await createUser(t.orm, { companyId: b.company.id, name: 'Zeta other', email: `findme-b-${b.company.id}@test.local` });

      const p1 = await t.http().get('/users').set(a.auth(a.adminToken)).expect(200);
      expect(p1.body.count).toBe(24);
      expect(p1.body.users).toHaveLength(20);
      expect(p1.body.hasMore).toBe(true);
      expect(p1.body.users[0]).toMatchObject({ name: 'Alpha', companyId: a.company.id, queues: [] });
      expect(p1.body.users[0]).not.toHaveProperty('passwordHash');
      const p2 = await t.http().get('/users').query({ pageNumber: 2 }).set(a.auth(a.adminToken)).expect(200);
      expect(p2.body.users).toHaveLength(4);
      expect(p2.body.hasMore).toBe(false);
      const all = [...p1.body.users, ...p2.body.users];
      expect(all.every((u: { companyId: CompanyId }) => u.companyId === a.company.id)).toBe(true);

      const byName = await t.http().get('/users').query({ searchParam: 'zETA 2' }).set(a.auth(a.userToken)).expect(200);
      expect(byName.body.users.map((u: { name: string }) => u.name)).toEqual(['Zeta 20']);
      const byEmail = await t.http().get('/users').query({ searchParam: 'FINDME' }).set(a.auth(a.adminToken)).expect(200);
      expect(byEmail.body).toMatchObject({ count: 1, hasMore: false, users: [{ name: 'Alpha' }] });
      // LIKE wildcards are literal
      const wild = await t.http().get('/users').query({ searchParam: '%' }).set(a.auth(a.adminToken)).expect(200);
      expect(wild.body.count).toBe(0);

      const bList = await t.http().get('/users').query({ searchParam: 'findme' }).set(b.auth(b.adminToken)).expect(200);
      expect(bList.body.users.map((u: { companyId: CompanyId }) => u.companyId)).toEqual([b.company.id]);
    });

    it('rejects a bad page number with the failing field', async () => {
      const a = await createTenant(t);
      const res = await t.http().get('/users').query({ pageNumber: 0 }).set(a.auth(a.adminToken)).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(['pageNumber']);
    });

    it('GET /users/list answers every user of the company with their queues, and only those', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id, { name: 'Vendas' });
      const withQueue = await createUser(t.orm, { companyId: a.company.id, queueIds: [q.id] });
      const res = await t.http().get('/users/list').set(a.auth(a.userToken)).expect(200);
      expect(res.body.map((u: { id: number }) => u.id).sort()).toEqual([a.admin.id, a.user.id, withQueue.id].sort());
      expect(res.body.find((u: { id: number }) => u.id === withQueue.id)).toEqual({
        id: withQueue.id,
        name: withQueue.name,
        email: withQueue.email,
        profile: 'user',
        queues: [{ id: q.id, name: 'Vendas', color: q.color }],
      });
      const bRes = await t.http().get('/users/list').set(b.auth(b.adminToken)).expect(200);
      expect(bRes.body.map((u: { id: number }) => u.id).sort()).toEqual([b.admin.id, b.user.id].sort());
    });

    it('GET /users/{id} answers a user of the company to a plain user; unknown ids 404, non-numeric 400', async () => {
      const a = await createTenant(t);
      const res = await t.http().get(`/users/${a.admin.id}`).set(a.auth(a.userToken)).expect(200);
      expect(res.body).toMatchObject({ id: a.admin.id, email: a.admin.email, profile: 'admin', super: false });
      expect(res.body).not.toHaveProperty('passwordHash');
      expect((await t.http().get('/users/999999').set(a.auth(a.userToken)).expect(404)).body.error).toBe('ERR_NO_USER_FOUND');
      expect((await t.http().get('/users/99999999999').set(a.auth(a.userToken)).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
      expect((await t.http().get('/users/abc').set(a.auth(a.userToken)).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
      await t.http().get(`/users/${a.admin.id}`).expect(401);
    });
  });

  describe('creating', () => {
    it('creates a user with queues, lower-cases the e-mail, hashes the password and tells the company', async () => {
      const a = await createTenant(t);
      const q1 = await createQueue(t.orm, a.company.id);
      const q2 = await createQueue(t.orm, a.company.id);
      // The default connection must be one of the company's (test/tenancy-references.e2e-spec.ts refuses another's).
      const w = await createWhatsapp(t.orm, a.company.id);
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const event = nextEvent<{ action: string; user: { id: number; email: string } }>(socket, `company-${a.company.id}-user`);
        const body = newUser({ profile: 'supervisor', queueIds: [q2.id, q1.id], whatsappId: w.id, createTicket: 'desabilitado', allTicket: 'enabled' });
        const res = await t.http().post('/users').set(a.auth(a.adminToken)).send(body).expect(201);
        expect(res.body).toMatchObject({
          name: 'Maria Souza',
          email: body.email.toLowerCase(),
          profile: 'supervisor',
          super: false,
          companyId: a.company.id,
          whatsappId: w.id,
          createTicket: 'desabilitado',
          viewAllMessageTicket: 'desabilitado',
          automaticDistribution: 'desabilitado',
          allTicket: 'enabled',
          queues: [{ id: q1.id }, { id: q2.id }],
        });
        expect(res.body).not.toHaveProperty('password');
        expect(res.body).not.toHaveProperty('passwordHash');
        // The event carries the login's shape of the user, a superset (test/realtime-shapes-original.e2e-spec.ts).
        expect(await event).toMatchObject({ action: 'create', user: res.body });
        const stored = await dbUser(res.body.id);
        expect(stored!.passwordHash).not.toBe('secret1');
        expect(stored!.passwordHash.startsWith('$2')).toBe(true);
        expect(bcrypt.getRounds(stored!.passwordHash)).toBe(10);
        await login(t, body.email.toUpperCase(), 'secret1');
      } finally {
        socket.close();
      }
    });

    it('applies the defaults when only name, e-mail and password are sent', async () => {
      const a = await createTenant(t);
      const res = await t.http().post('/users').set(a.auth(a.adminToken)).send(newUser()).expect(201);
      expect(res.body).toMatchObject({
        profile: 'user',
        whatsappId: null,
        createTicket: 'habilitado',
        viewAllMessageTicket: 'desabilitado',
        automaticDistribution: 'desabilitado',
        allTicket: 'disabled',
        queues: [],
      });
    });

    it.each([
      ['name missing', { name: undefined }, ['name'], 'Required'],
      ['name empty', { name: '' }, ['name'], 'Required'],
      ['name too short', { name: 'A' }, ['name'], 'Too Short!'],
      ['name too long', { name: 'x'.repeat(51) }, ['name'], 'Too Long!'],
      ['name only spaces', { name: '     ' }, ['name'], 'Required'],
      ['e-mail missing', { email: undefined }, ['email'], 'Required'],
      ['e-mail invalid', { email: 'not-an-email' }, ['email'], 'Invalid email'],
      ['password missing', { password: undefined }, ['password'], 'Required'],
      ['password too short', { password: '1234' }, ['password'], 'Too Short!'],
      ['password too long', { password: 'p'.repeat(51) }, ['password'], 'Too Long!'],
      ['profile unknown', { profile: 'root' }, ['profile'], undefined],
      ['createTicket not a toggle', { createTicket: 'yes' }, ['createTicket'], undefined],
      ['viewAllMessageTicket not a toggle', { viewAllMessageTicket: true }, ['viewAllMessageTicket'], undefined],
      ['automaticDistribution not a toggle', { automaticDistribution: 'enabled' }, ['automaticDistribution'], undefined],
      ['allTicket unknown', { allTicket: 'habilitado' }, ['allTicket'], undefined],
      ['whatsappId not an integer', { whatsappId: 1.5 }, ['whatsappId'], undefined],
      ['whatsappId a string', { whatsappId: 'abc' }, ['whatsappId'], undefined],
      ['queueIds not an array', { queueIds: 3 }, ['queueIds'], undefined],
      ['queueIds with a non-integer', { queueIds: ['x'] }, ['queueIds'], undefined],
      ['queueIds out of range', { queueIds: [99999999999] }, ['queueIds'], undefined],
      ['several at once', { name: 'A', email: 'x', password: '1' }, ['email', 'name', 'password'], undefined],
    ])('rejects %s with 400 and the failing fields', async (_label, over, fields, message) => {
      const a = await createTenant(t);
      const res = await t.http().post('/users').set(a.auth(a.adminToken)).send(newUser(over)).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(fields);
      if (message) expect(res.body.fields[0].messages).toContain(message);
    });

    it("rejects queueIds of another company's queues (or unknown ones) with 400 on queueIds", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const own = await createQueue(t.orm, a.company.id);
      const foreign = await createQueue(t.orm, b.company.id);
      for (const queueIds of [[own.id, foreign.id], [987654]]) {
        const res = await t.http().post('/users').set(a.auth(a.adminToken)).send(newUser({ queueIds })).expect(400);
        expect(res.body.error).toBe('ERR_VALIDATION');
        expect(fieldsOf(res.body)).toEqual(['queueIds']);
      }
      const list = await t.http().get('/users/list').set(a.auth(a.adminToken)).expect(200);
      expect(list.body).toHaveLength(2);
    });

    it('refuses an e-mail already used, in any company and in any case, with 409', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      for (const email of [a.user.email, b.admin.email.toUpperCase()]) {
        const res = await t.http().post('/users').set(a.auth(a.adminToken)).send(newUser({ email })).expect(409);
        expect(res.body.error).toBe('ERR_EMAIL_ALREADY_REGISTERED');
        expect(fieldsOf(res.body)).toEqual(['email']);
      }
      // two creations of one e-mail at once: exactly one wins
      const body = newUser();
      const results = await Promise.all([1, 2].map(() => t.http().post('/users').set(a.auth(a.adminToken)).send(body)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it('refuses with 403 ERR_USER_CREATION_DISABLED when the company disabled user creation', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      await setSetting(a.company.id, 'userCreation', 'disabled');
      const res = await t.http().post('/users').set(a.auth(a.adminToken)).send(newUser()).expect(403);
      expect(res.body.error).toBe('ERR_USER_CREATION_DISABLED');
      // another company's setting is its own
      await t.http().post('/users').set(b.auth(b.adminToken)).send(newUser()).expect(201);
    });

    it("refuses with 403 ERR_PLAN_LIMIT_REACHED at the plan's user limit, even for creations at once", async () => {
      const a = await createTenant(t, { users: 3 });
      const results = await Promise.all([1, 2, 3].map(() => t.http().post('/users').set(a.auth(a.adminToken)).send(newUser())));
      expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
      expect(results.find((r) => r.status === 403)!.body.error).toBe('ERR_PLAN_LIMIT_REACHED');
      const list = await t.http().get('/users/list').set(a.auth(a.adminToken)).expect(200);
      expect(list.body).toHaveLength(3);
    });

    it('lets only users:write create: a plain user and a supervisor get 403', async () => {
      const a = await createTenant(t);
      const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
      const supToken = (await login(t, supervisor.email)).token;
      for (const token of [a.userToken, supToken]) {
        const res = await t.http().post('/users').set(bearer(token)).send(newUser()).expect(403);
        expect(res.body.error).toBe('ERR_NO_PERMISSION');
      }
    });

    it('never grants super: super true is refused with 403, nothing is created', async () => {
      const a = await createTenant(t);
      const body = newUser({ super: true });
      const res = await t.http().post('/users').set(a.auth(a.adminToken)).send(body).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      expect(fieldsOf(res.body)).toEqual(['super']);
      expect(await t.orm.em.fork().findOne(User, { email: body.email.toLowerCase() }, { filters: false })).toBeNull();
    });
  });

  describe('updating', () => {
    it("saves through the Users page's path, PUT /users/fromCompany/{id}, with the same rules", async () => {
      const a = await createTenant(t);
      const res = await t
        .http()
        .put(`/users/fromCompany/${a.user.id}`)
        .set(a.auth(a.adminToken))
        .send({ name: 'Pelo Painel', createTicket: 'desabilitado' })
        .expect(200);
      expect(res.body).toMatchObject({ id: a.user.id, name: 'Pelo Painel', createTicket: 'desabilitado' });
      // A plain user may not change another user there either.
      const refused = await t.http().put(`/users/fromCompany/${a.admin.id}`).set(a.auth(a.userToken)).send({ name: 'Outro' });
      expect(refused.status).toBe(403);
      expect((await dbUser(a.admin.id))!.name).toBe(a.admin.name);
    });

    it('refuses null for fields that cannot be empty, naming each, and changes nothing', async () => {
      const a = await createTenant(t);
      const body = { name: null, email: null, profile: null, queueIds: null, createTicket: null, allTicket: null };
      const res = await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send(body).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(['allTicket', 'createTicket', 'email', 'name', 'profile', 'queueIds']);
      expect(await dbUser(a.user.id)).toMatchObject({ name: a.user.name, email: a.user.email, profile: 'user' });
      // A null or empty password is "unchanged", as the user modal sends it.
      await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ password: null }).expect(200);
      await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ password: '' }).expect(200);
      await login(t, a.user.email);
    });

    it('lets a plain user change their own name, e-mail and allTicket, keeping the session', async () => {
      const a = await createTenant(t);
      const email = `new-${a.user.id}@Test.local`;
      const res = await t.http().put(`/users/${a.user.id}`).set(a.auth(a.userToken)).send({ name: 'Novo Nome', email, allTicket: 'enabled' }).expect(200);
      expect(res.body).toMatchObject({ id: a.user.id, name: 'Novo Nome', email: email.toLowerCase(), allTicket: 'enabled' });
      await t.http().get('/auth/me').set(a.auth(a.userToken)).expect(200);
    });

    it('accepts the full modal form with unchanged privileged fields and an empty password from a plain user', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const u = await createUser(t.orm, { companyId: a.company.id, queueIds: [q.id] });
      const token = (await login(t, u.email)).token;
      const res = await t
        .http()
        .put(`/users/${u.id}`)
        .set(bearer(token))
        .send({
          name: 'Same Form',
          email: u.email,
          password: '',
          profile: 'user',
          queueIds: [q.id],
          whatsappId: null,
          createTicket: 'habilitado',
          viewAllMessageTicket: 'desabilitado',
          automaticDistribution: 'desabilitado',
          super: false,
        })
        .expect(200);
      expect(res.body).toMatchObject({ name: 'Same Form', queues: [{ id: q.id }] });
      await t.http().get('/auth/me').set(bearer(token)).expect(200);
    });

    it('refuses a plain user changing their own profile, connection, toggles or queues with 403 naming the fields, and applies nothing', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const res = await t
        .http()
        .put(`/users/${a.user.id}`)
        .set(a.auth(a.userToken))
        .send({
          name: 'Should Not Apply',
          profile: 'admin',
          whatsappId: 3,
          createTicket: 'desabilitado',
          viewAllMessageTicket: 'habilitado',
          automaticDistribution: 'habilitado',
          queueIds: [q.id],
        })
        .expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      expect(fieldsOf(res.body)).toEqual(['automaticDistribution', 'createTicket', 'profile', 'queueIds', 'viewAllMessageTicket', 'whatsappId']);
      const stored = await dbUser(a.user.id);
      expect(stored).toMatchObject({ name: a.user.name, profile: 'user', whatsappId: null, createTicket: 'habilitado' });
      expect(stored!.queues.getItems()).toHaveLength(0);
    });

    it("refuses a plain user updating someone else's user", async () => {
      const a = await createTenant(t);
      const res = await t.http().put(`/users/${a.admin.id}`).set(a.auth(a.userToken)).send({ name: 'Hacked' }).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      await t.http().put(`/users/${a.admin.id}`).set(a.auth(a.userToken)).send({ password: 'newpass1' }).expect(403);
      expect((await dbUser(a.admin.id))!.name).toBe(a.admin.name);
    });

    it("lets a supervisor change users' queues but not their profile or other fields", async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
      const sup = bearer((await login(t, supervisor.email)).token);
      const ok = await t
        .http()
        .put(`/users/${a.user.id}`)
        .set(sup)
        .send({ queueIds: [q.id] })
        .expect(200);
      expect(ok.body.queues).toEqual([{ id: q.id, name: q.name, color: q.color }]);
      const own = await t
        .http()
        .put(`/users/${supervisor.id}`)
        .set(sup)
        .send({ queueIds: [q.id] })
        .expect(200);
      expect(own.body.queues).toHaveLength(1);

      const profile = await t.http().put(`/users/${a.user.id}`).set(sup).send({ profile: 'admin' }).expect(403);
      expect(fieldsOf(profile.body)).toEqual(['profile']);
      const ownProfile = await t.http().put(`/users/${supervisor.id}`).set(sup).send({ profile: 'admin' }).expect(403);
      expect(fieldsOf(ownProfile.body)).toEqual(['profile']);
      const name = await t.http().put(`/users/${a.user.id}`).set(sup).send({ name: 'Renamed' }).expect(403);
      expect(fieldsOf(name.body)).toEqual(['name']);
      expect((await dbUser(a.user.id))!.profile).toBe('user');
    });

    it('lets an admin change everything of a user except super', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const w = await createWhatsapp(t.orm, a.company.id);
      const socket = await connectSocket(t.url, a.adminToken);
      try {
        const event = nextEvent<{ action: string; user: { id: number; profile: string } }>(socket, `company-${a.company.id}-user`);
        const res = await t
          .http()
          .put(`/users/${a.user.id}`)
          .set(a.auth(a.adminToken))
          .send({
            profile: 'supervisor',
            whatsappId: w.id,
            createTicket: 'desabilitado',
            viewAllMessageTicket: 'habilitado',
            automaticDistribution: 'habilitado',
            queueIds: [q.id],
          })
          .expect(200);
        expect(res.body).toMatchObject({
          profile: 'supervisor',
          whatsappId: w.id,
          createTicket: 'desabilitado',
          viewAllMessageTicket: 'habilitado',
          automaticDistribution: 'habilitado',
          queues: [{ id: q.id }],
        });
        expect(await event).toMatchObject({ action: 'update', user: { id: a.user.id, profile: 'supervisor' } });
        const cleared = await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ whatsappId: null, queueIds: [] }).expect(200);
        expect(cleared.body).toMatchObject({ whatsappId: null, queues: [] });
        const sup = await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ super: true }).expect(403);
        expect(fieldsOf(sup.body)).toEqual(['super']);
        const own = await t.http().put(`/users/${a.admin.id}`).set(a.auth(a.adminToken)).send({ super: true }).expect(403);
        expect(own.body.error).toBe('ERR_NO_PERMISSION');
        expect((await dbUser(a.admin.id))!.super).toBe(false);
      } finally {
        socket.close();
      }
    });

    it('validates updates: sent fields must be valid, absent ones are left alone', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const foreign = await createQueue(t.orm, b.company.id);
      const cases: [Record<string, unknown>, string[]][] = [
        [{ name: 'A' }, ['name']],
        [{ name: null }, ['name']],
        [{ email: 'nope' }, ['email']],
        [{ email: '' }, ['email']],
        [{ password: '123' }, ['password']],
        [{ profile: 'owner' }, ['profile']],
        [{ createTicket: 'on' }, ['createTicket']],
        [{ whatsappId: 'x' }, ['whatsappId']],
        [{ queueIds: null }, ['queueIds']],
        [{ queueIds: [foreign.id] }, ['queueIds']],
      ];
      for (const [body, fields] of cases) {
        const res = await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send(body);
        expect({ body, status: res.status, error: res.body.error, fields: fieldsOf(res.body) }).toEqual({ body, status: 400, error: 'ERR_VALIDATION', fields });
      }
      const unchanged = await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({}).expect(200);
      expect(unchanged.body).toMatchObject({ name: a.user.name, email: a.user.email });
    });

    it("refuses an e-mail already used by another user with 409, and keeps one's own", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const res = await t.http().put(`/users/${a.user.id}`).set(a.auth(a.userToken)).send({ email: b.user.email.toUpperCase() }).expect(409);
      expect(res.body.error).toBe('ERR_EMAIL_ALREADY_REGISTERED');
      await t.http().put(`/users/${a.user.id}`).set(a.auth(a.userToken)).send({ email: a.user.email.toUpperCase() }).expect(200);
    });

    it("a new password ends the user's sessions and works for the next login", async () => {
      const a = await createTenant(t);
      const s = await login(t, a.user.email);
      const socket = await connectSocket(t.url, s.token);
      try {
        const disconnected = new Promise((r) => socket.once('disconnect', r));
        await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ password: 'brandnew1' }).expect(200);
        await disconnected;
        expect((await t.http().get('/auth/me').set(bearer(s.token)).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
        await t.http().post('/auth/refresh_token').set('Cookie', s.cookie).expect(401);
        await t.http().post('/auth/login').send({ email: a.user.email, password: PASSWORD }).expect(401);
        await login(t, a.user.email, 'brandnew1');
        // the admin's own session is untouched
        await t.http().get('/auth/me').set(a.auth(a.adminToken)).expect(200);
      } finally {
        socket.close();
      }
    });

    it("a profile change ends the user's sessions; other edits do not", async () => {
      const a = await createTenant(t);
      await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ name: 'Still Here', createTicket: 'desabilitado' }).expect(200);
      await t.http().get('/auth/me').set(a.auth(a.userToken)).expect(200);
      await t.http().put(`/users/${a.user.id}`).set(a.auth(a.adminToken)).send({ profile: 'supervisor' }).expect(200);
      await t.http().get('/auth/me').set(a.auth(a.userToken)).expect(401);
      const again = await login(t, a.user.email);
      expect(again.body.user.profile).toBe('supervisor');
      expect(again.body.user.permissions).toContain('user-modal:editQueues');
    });

    it('protects a super user from company admins', async () => {
      const company = await createCompany(t.orm);
      const admin = await createUser(t.orm, { companyId: company.id, profile: 'admin' });
      const superUser = await createUser(t.orm, { companyId: company.id, profile: 'admin', super: true });
      const adminToken = (await login(t, admin.email)).token;
      const res = await t.http().put(`/users/${superUser.id}`).set(bearer(adminToken)).send({ password: 'takeover1' }).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      await t.http().delete(`/users/${superUser.id}`).set(bearer(adminToken)).expect(403);
      await login(t, superUser.email);
    });
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    const storedUser = (id: number) => t.orm.em.fork().findOneOrFail(User, { id }, { filters: false });
    it("whatsappId none as false, '' or null on create, update and own profile; allTicket 'desabled'", async () => {
      const s = await createTenant(t);
      const wapp = await createWhatsapp(t.orm, s.company.id);
      const body = (email: string, over: object) => ({ name: 'Maria Souza', email, password: 'secret1', ...over });
      const a = await api(s)
        .post('/users')
        .send(body(`a-${s.company.id}@x.test`, { whatsappId: false, allTicket: 'desabled' }))
        .expect(201);
      expect(await storedUser(a.body.id)).toMatchObject({ whatsappId: null, allTicket: 'disabled' });
      const b = await api(s)
        .post('/users')
        .send(body(`b-${s.company.id}@x.test`, { whatsappId: '', allTicket: 'enabled' }))
        .expect(201);
      expect(await storedUser(b.body.id)).toMatchObject({ whatsappId: null, allTicket: 'enabled' });

      await api(s).put(`/users/${b.body.id}`).send({ whatsappId: wapp.id, allTicket: 'desabled' }).expect(200);
      expect(await storedUser(b.body.id)).toMatchObject({ whatsappId: wapp.id, allTicket: 'disabled' });
      await api(s).put(`/users/${b.body.id}`).send({ whatsappId: false }).expect(200);
      expect((await storedUser(b.body.id)).whatsappId ?? null).toBeNull();

      // Own profile, as the original's profile modal sends it.
      await api(s).put(`/users/${s.admin.id}`).send({ whatsappId: wapp.id }).expect(200);
      await api(s).put(`/users/${s.admin.id}`).send({ name: 'Admin', whatsappId: '', allTicket: 'desabled' }).expect(200);
      expect(await storedUser(s.admin.id)).toMatchObject({ name: 'Admin', whatsappId: null, allTicket: 'disabled' });
      // Not loosened: a wrong spelling or a non-id is still refused.
      await api(s).put(`/users/${s.admin.id}`).send({ allTicket: 'on' }).expect(400);
      await api(s).put(`/users/${s.admin.id}`).send({ whatsappId: 'abc' }).expect(400);
      await api(s).put(`/users/${s.admin.id}`).send({ whatsappId: true }).expect(400);
    });
  });
});
