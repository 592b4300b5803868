import { Queue } from '../src/tenant/queues/queue.entity';
import { User } from '../src/auth/users/user.entity';
import { connectSocket, createTestApp, nextEvent, record, TestApp, eventsDelivered } from './harness';
import { createQueue, createTenant, createUser, login } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
let colorSeq = 0x100000;
const freshColor = () => `#${(colorSeq++).toString(16)}`;

describe('queues', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newQueue = (over: Record<string, unknown> = {}) => ({
    name: `Fila ${Math.random().toString(36).slice(2, 8)}`,
    color: freshColor(),
    greetingMessage: 'Olá! Escolha uma opção.',
    ...over,
  });

  const dbQueue = (id: number) => t.orm.em.fork().findOne(Queue, { id }, { filters: false });

  describe('reading', () => {
    it('lists the company queues by orderQueue (nulls last) then name, to any user, never another company', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const q3 = await createQueue(t.orm, a.company.id, { name: 'Zeta', orderQueue: null });
      const q2 = await createQueue(t.orm, a.company.id, { name: 'Beta', orderQueue: 2 });
      const q1 = await createQueue(t.orm, a.company.id, { name: 'Gama', orderQueue: 1 });
      const q4 = await createQueue(t.orm, a.company.id, { name: 'Alfa', orderQueue: null });
      await createQueue(t.orm, b.company.id, { name: 'Outra', orderQueue: 0 });
      const res = await t.http().get('/queue').set(a.auth(a.userToken)).expect(200);
      expect(res.body.map((q: { id: number }) => q.id)).toEqual([q1.id, q2.id, q4.id, q3.id]);
      expect(res.body[0]).toEqual({
        id: q1.id,
        name: 'Gama',
        color: q1.color,
        orderQueue: 1,
        greetingMessage: 'Hello',
        outOfHoursMessage: null,
        promptId: null,
        integrationId: null,
        optionHolidays: 'disabled',
        schedules: expect.arrayContaining([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' }]),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const bRes = await t.http().get('/queue').set(b.auth(b.adminToken)).expect(200);
      expect(bRes.body.map((q: { name: string }) => q.name)).toEqual(['Outra']);
    });

    it('gets one queue; unknown ids 404 ERR_QUEUE_NOT_FOUND, non-numeric 400', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id, { name: 'Suporte' });
      const res = await t.http().get(`/queue/${q.id}`).set(a.auth(a.userToken)).expect(200);
      expect(res.body).toMatchObject({ id: q.id, name: 'Suporte', color: q.color });
      expect((await t.http().get('/queue/999999').set(a.auth(a.userToken)).expect(404)).body.error).toBe('ERR_QUEUE_NOT_FOUND');
      expect((await t.http().get('/queue/99999999999').set(a.auth(a.userToken)).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
      expect((await t.http().get('/queue/x').set(a.auth(a.userToken)).expect(400)).body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'id' }] });
      await t.http().get('/queue').expect(401);
    });
  });

  describe('creating', () => {
    it('creates the first queue without a greeting, with schedules, and tells the company', async () => {
      const a = await createTenant(t);
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const event = nextEvent(socket, `company-${a.company.id}-queue`);
        const schedules = [
          { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '17:30' },
          { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
        ];
        const res = await t
          .http()
          .post('/queue')
          .set(a.auth(a.adminToken))
          .send({ name: '  Vendas ', color: '#7C4DFF', orderQueue: 3, outOfHoursMessage: 'Fechado', schedules, optionHolidays: 'enabled' })
          .expect(201);
        expect(res.body).toEqual({
          id: expect.any(Number),
          name: 'Vendas',
          color: '#7C4DFF',
          orderQueue: 3,
          greetingMessage: null,
          outOfHoursMessage: 'Fechado',
          promptId: null,
          integrationId: null,
          optionHolidays: 'enabled',
          schedules,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        });
        expect(await event).toEqual({ action: 'create', queue: res.body });
        expect((await dbQueue(res.body.id))!.companyId).toBe(a.company.id);
      } finally {
        socket.close();
      }
    });

    it("refuses a prompt or integration that is not the company's, or that the plan lacks", async () => {
      const a = await createTenant(t, { useOpenAi: true, useIntegrations: false });
      const res = await t
        .http()
        .post('/queue')
        .set(a.auth(a.adminToken))
        .send({ ...newQueue(), promptId: 999999, integrationId: 5 })
        .expect(400);
      expect(res.body.fields).toEqual([
        { field: 'promptId', messages: ['Unknown prompt'] },
        { field: 'integrationId', messages: ['The plan does not include integrations'] },
      ]);
      const bad = await t
        .http()
        .post('/queue')
        .set(a.auth(a.adminToken))
        .send({ ...newQueue(), optionHolidays: 'sometimes' })
        .expect(400);
      expect(bad.body.fields[0].field).toBe('optionHolidays');
    });

    it('uses the default schedules when none are sent', async () => {
      const a = await createTenant(t);
      const res = await t.http().post('/queue').set(a.auth(a.adminToken)).send(newQueue()).expect(201);
      expect(res.body.schedules).toHaveLength(7);
      expect(res.body.schedules[5]).toEqual({ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '09:00', endTime: '12:00' });
      expect(res.body.orderQueue).toBeNull();
    });

    it.each([
      ['name missing', { name: undefined }, ['name'], 'Required'],
      ['name too short', { name: 'A' }, ['name'], 'Too Short!'],
      ['name too long', { name: 'n'.repeat(51) }, ['name'], 'Too Long!'],
      ['color missing', { color: undefined }, ['color'], 'Required'],
      ['color too short', { color: '#f' }, ['color'], 'Too Short!'],
      ['color too long', { color: '#ffffffff0' }, ['color'], 'Too Long!'],
      ['color not a colour', { color: 'a;b{}' }, ['color'], 'Invalid color'],
      ['orderQueue not an integer', { orderQueue: 1.5 }, ['orderQueue'], undefined],
      ['orderQueue a string', { orderQueue: 'first' }, ['orderQueue'], undefined],
      ['orderQueue negative', { orderQueue: -1 }, ['orderQueue'], undefined],
      ['greeting too long', { greetingMessage: 'g'.repeat(4097) }, ['greetingMessage'], 'Too Long!'],
      ['greeting not text', { greetingMessage: 42 }, ['greetingMessage'], undefined],
      ['schedules not an array', { schedules: 'always' }, ['schedules'], undefined],
      [
        'schedule with a bad time',
        { schedules: [{ weekday: 'Seg', weekdayEn: 'monday', startTime: '9:00', endTime: '25:00' }] },
        ['schedules.0.endTime', 'schedules.0.startTime'],
        'Use HH:MM',
      ],
      [
        'schedule with an unknown weekday',
        { schedules: [{ weekday: 'Seg', weekdayEn: 'funday', startTime: '09:00', endTime: '10:00' }] },
        ['schedules.0.weekdayEn'],
        undefined,
      ],
      ['schedule missing fields', { schedules: [{ weekdayEn: 'monday' }] }, ['schedules.0.endTime', 'schedules.0.startTime', 'schedules.0.weekday'], undefined],
      [
        'a weekday twice',
        {
          schedules: [
            { weekday: 'Seg', weekdayEn: 'monday', startTime: '09:00', endTime: '10:00' },
            { weekday: 'Seg', weekdayEn: 'monday', startTime: '11:00', endTime: '12:00' },
          ],
        },
        ['schedules'],
        'One entry per weekday',
      ],
      [
        'a schedule ending before it starts',
        { schedules: [{ weekday: 'Seg', weekdayEn: 'monday', startTime: '18:00', endTime: '09:00' }] },
        ['schedules.0.endTime'],
        undefined,
      ],
    ])('rejects %s with 400 and the failing fields', async (_label, over, fields, message) => {
      const a = await createTenant(t);
      const res = await t.http().post('/queue').set(a.auth(a.adminToken)).send(newQueue(over)).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(fields);
      if (message) expect(res.body.fields.flatMap((f: { messages: string[] }) => f.messages)).toContain(message);
      expect((await t.http().get('/queue').set(a.auth(a.adminToken)).expect(200)).body).toEqual([]);
    });

    it('requires a greeting for the second queue (400 ERR_QUEUE_GREETING_REQUIRED on greetingMessage)', async () => {
      const a = await createTenant(t);
      await t
        .http()
        .post('/queue')
        .set(a.auth(a.adminToken))
        .send(newQueue({ greetingMessage: null }))
        .expect(201);
      for (const greetingMessage of [undefined, null, '', '   ']) {
        const res = await t.http().post('/queue').set(a.auth(a.adminToken)).send(newQueue({ greetingMessage })).expect(400);
        expect(res.body.error).toBe('ERR_QUEUE_GREETING_REQUIRED');
        expect(fieldsOf(res.body)).toEqual(['greetingMessage']);
      }
      await t
        .http()
        .post('/queue')
        .set(a.auth(a.adminToken))
        .send(newQueue({ greetingMessage: 'Bem-vindo' }))
        .expect(201);
    });

    it('keeps names and colours unique per company (case-insensitively), and lets another company reuse them', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      await t
        .http()
        .post('/queue')
        .set(a.auth(a.adminToken))
        .send(newQueue({ name: 'Suporte', color: '#AABBCC' }))
        .expect(201);
      const color = await t
        .http()
        .post('/queue')
        .set(a.auth(a.adminToken))
        .send(newQueue({ color: '#aabbcc' }))
        .expect(409);
      expect(color.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
      expect(fieldsOf(color.body)).toEqual(['color']);
      const name = await t
        .http()
        .post('/queue')
        .set(a.auth(a.adminToken))
        .send(newQueue({ name: 'SUPORTE' }))
        .expect(409);
      expect(name.body.error).toBe('ERR_QUEUE_NAME_ALREADY_EXISTS');
      expect(fieldsOf(name.body)).toEqual(['name']);
      await t
        .http()
        .post('/queue')
        .set(b.auth(b.adminToken))
        .send(newQueue({ name: 'Suporte', color: '#AABBCC' }))
        .expect(201);
    });

    it("refuses with 403 ERR_PLAN_LIMIT_REACHED at the plan's queue limit, even for creations at once", async () => {
      const a = await createTenant(t, { queues: 2 });
      await t.http().post('/queue').set(a.auth(a.adminToken)).send(newQueue()).expect(201);
      const results = await Promise.all([1, 2, 3].map(() => t.http().post('/queue').set(a.auth(a.adminToken)).send(newQueue())));
      expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
      expect(results.find((r) => r.status === 403)!.body.error).toBe('ERR_PLAN_LIMIT_REACHED');
      expect((await t.http().get('/queue').set(a.auth(a.adminToken)).expect(200)).body).toHaveLength(2);
    });

    it('lets only queues:write create: a plain user and a supervisor get 403', async () => {
      const a = await createTenant(t);
      const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
      const supToken = (await login(t, supervisor.email)).token;
      for (const token of [a.userToken, supToken]) {
        const res = await t.http().post('/queue').set(bearer(token)).send(newQueue()).expect(403);
        expect(res.body.error).toBe('ERR_NO_PERMISSION');
      }
      expect((await t.http().get('/queue').set(a.auth(a.adminToken)).expect(200)).body).toEqual([]);
    });
  });

  describe('updating and deleting', () => {
    it('refuses null for a field that cannot be empty, naming each, and changes nothing', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id, { name: 'Intacta', orderQueue: 3 });
      const res = await t
        .http()
        .put(`/queue/${q.id}`)
        .set(a.auth(a.adminToken))
        .send({ name: null, color: null, schedules: null, orderQueue: null })
        .expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(['color', 'name', 'schedules']);
      expect(await dbQueue(q.id)).toMatchObject({ name: 'Intacta', orderQueue: 3 });
      // On create too: schedules null is refused rather than taken for "the default hours".
      const created = await t
        .http()
        .post('/queue')
        .set(a.auth(a.adminToken))
        .send(newQueue({ schedules: null }))
        .expect(400);
      expect(fieldsOf(created.body)).toEqual(['schedules']);
    });

    it('updates only the fields sent and tells the company', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id, { name: 'Antigo', orderQueue: 1, outOfHoursMessage: 'Fechado' });
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const event = nextEvent(socket, `company-${a.company.id}-queue`);
        const res = await t
          .http()
          .put(`/queue/${q.id}`)
          .set(a.auth(a.adminToken))
          .send({ name: 'Novo', color: '#123', orderQueue: null, schedules: [{ weekday: 'Sáb', weekdayEn: 'saturday', startTime: '10:00', endTime: '11:00' }] })
          .expect(200);
        expect(res.body).toMatchObject({
          id: q.id,
          name: 'Novo',
          color: '#123',
          orderQueue: null,
          greetingMessage: 'Hello',
          outOfHoursMessage: 'Fechado',
          schedules: [{ weekday: 'Sáb', weekdayEn: 'saturday', startTime: '10:00', endTime: '11:00' }],
        });
        expect(await event).toEqual({ action: 'update', queue: res.body });
        const cleared = await t.http().put(`/queue/${q.id}`).set(a.auth(a.adminToken)).send({ outOfHoursMessage: null, greetingMessage: '' }).expect(200);
        expect(cleared.body).toMatchObject({ outOfHoursMessage: null, greetingMessage: null, name: 'Novo' });
      } finally {
        socket.close();
      }
    });

    it('validates updates: sent fields must be valid', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const cases: [Record<string, unknown>, string[]][] = [
        [{ name: 'x' }, ['name']],
        [{ name: null }, ['name']],
        [{ color: null }, ['color']],
        [{ color: 'not a colour' }, ['color']],
        [{ orderQueue: 'x' }, ['orderQueue']],
        [{ schedules: null }, ['schedules']],
        [{ schedules: [{ weekday: 'Seg', weekdayEn: 'monday', startTime: '12:00', endTime: '11:59' }] }, ['schedules.0.endTime']],
      ];
      for (const [body, fields] of cases) {
        const res = await t.http().put(`/queue/${q.id}`).set(a.auth(a.adminToken)).send(body);
        expect({ body, status: res.status, error: res.body.error, fields: fieldsOf(res.body) }).toEqual({ body, status: 400, error: 'ERR_VALIDATION', fields });
      }
      expect((await dbQueue(q.id))!.name).toBe(q.name);
    });

    it('refuses a blank greeting while the company has more than one queue, and clashes with another queue', async () => {
      const a = await createTenant(t);
      const q1 = await createQueue(t.orm, a.company.id, { name: 'Um', color: '#111111' });
      const alone = await t.http().put(`/queue/${q1.id}`).set(a.auth(a.adminToken)).send({ greetingMessage: null }).expect(200);
      expect(alone.body.greetingMessage).toBeNull();
      const q2 = await createQueue(t.orm, a.company.id, { name: 'Dois', color: '#222222' });
      // q1 has no greeting any more: any change to it must bring one now
      const res = await t.http().put(`/queue/${q1.id}`).set(a.auth(a.adminToken)).send({ orderQueue: 1 }).expect(400);
      expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_QUEUE_GREETING_REQUIRED', ['greetingMessage']]);
      await t.http().put(`/queue/${q1.id}`).set(a.auth(a.adminToken)).send({ orderQueue: 1, greetingMessage: 'Oi' }).expect(200);
      const blank = await t.http().put(`/queue/${q2.id}`).set(a.auth(a.adminToken)).send({ greetingMessage: ' ' }).expect(400);
      expect(blank.body.error).toBe('ERR_QUEUE_GREETING_REQUIRED');
      const color = await t.http().put(`/queue/${q2.id}`).set(a.auth(a.adminToken)).send({ color: '#111111' }).expect(409);
      expect(color.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
      const name = await t.http().put(`/queue/${q2.id}`).set(a.auth(a.adminToken)).send({ name: 'um' }).expect(409);
      expect(name.body.error).toBe('ERR_QUEUE_NAME_ALREADY_EXISTS');
      // its own name and colour are no clash
      await t.http().put(`/queue/${q2.id}`).set(a.auth(a.adminToken)).send({ name: 'Dois', color: '#222222' }).expect(200);
    });

    it("deletes a queue, drops users' assignments to it and tells the company", async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const u = await createUser(t.orm, { companyId: a.company.id, queueIds: [q.id] });
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const event = nextEvent(socket, `company-${a.company.id}-queue`);
        await t.http().delete(`/queue/${q.id}`).set(a.auth(a.adminToken)).expect(204);
        expect(await event).toEqual({ action: 'delete', queueId: q.id });
        await t.http().get(`/queue/${q.id}`).set(a.auth(a.adminToken)).expect(404);
        await t.http().delete(`/queue/${q.id}`).set(a.auth(a.adminToken)).expect(404);
        const user = await t.orm.em.fork().findOne(User, { id: u.id }, { filters: false, populate: ['queues'] });
        expect(user!.queues.getItems()).toEqual([]);
      } finally {
        socket.close();
      }
    });

    it('lets only queues:write update or delete: a plain user and a supervisor get 403', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id, { name: 'Fixa' });
      const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
      const supToken = (await login(t, supervisor.email)).token;
      for (const token of [a.userToken, supToken]) {
        expect((await t.http().put(`/queue/${q.id}`).set(bearer(token)).send({ name: 'Mudou' }).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
        expect((await t.http().delete(`/queue/${q.id}`).set(bearer(token)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      }
      expect((await dbQueue(q.id))!.name).toBe('Fixa');
    });
  });

  describe('tenant isolation', () => {
    let a: Tenant;
    let b: Tenant;
    beforeAll(async () => {
      a = await createTenant(t);
      b = await createTenant(t);
    });

    it("answers 404 (admin) or 403 (user) to company B for every read, update and delete of A's queues, changing nothing", async () => {
      const q = await createQueue(t.orm, a.company.id, { name: 'Privada' });
      for (const token of [b.adminToken, b.userToken]) {
        const get = await t.http().get(`/queue/${q.id}`).set(bearer(token));
        expect([get.status, get.body.error]).toEqual([404, 'ERR_QUEUE_NOT_FOUND']);
      }
      const put = await t.http().put(`/queue/${q.id}`).set(b.auth(b.adminToken)).send({ name: 'Tomada', greetingMessage: 'x' });
      expect([put.status, put.body.error]).toEqual([404, 'ERR_QUEUE_NOT_FOUND']);
      const del = await t.http().delete(`/queue/${q.id}`).set(b.auth(b.adminToken));
      expect([del.status, del.body.error]).toEqual([404, 'ERR_QUEUE_NOT_FOUND']);
      expect((await t.http().put(`/queue/${q.id}`).set(b.auth(b.userToken)).send({ name: 'Tomada' })).status).toBe(403);
      expect((await t.http().delete(`/queue/${q.id}`).set(b.auth(b.userToken))).status).toBe(403);
      expect(await dbQueue(q.id)).toMatchObject({ name: 'Privada', companyId: a.company.id });
      for (const token of [b.adminToken, b.userToken]) {
        const list = await t.http().get('/queue').set(bearer(token)).expect(200);
        expect(list.body.some((x: { id: number }) => x.id === q.id)).toBe(false);
      }
    });

    it("counts only the caller's company for the greeting rule and the plan limit", async () => {
      const c = await createTenant(t, { queues: 1 });
      const d = await createTenant(t, { queues: 1 });
      await t
        .http()
        .post('/queue')
        .set(c.auth(c.adminToken))
        .send(newQueue({ greetingMessage: null }))
        .expect(201);
      // D's first queue: C's queue neither makes a greeting required nor uses D's plan
      await t
        .http()
        .post('/queue')
        .set(d.auth(d.adminToken))
        .send(newQueue({ greetingMessage: null }))
        .expect(201);
    });

    it("never delivers A's queue events to B's sockets", async () => {
      const aSocket = await connectSocket(t.url, a.userToken);
      const bSocket = await connectSocket(t.url, b.adminToken);
      try {
        const seenByB = record(bSocket, `company-${a.company.id}-queue`);
        const bOwn = record(bSocket, `company-${b.company.id}-queue`);
        const aEvent = nextEvent(aSocket, `company-${a.company.id}-queue`);
        const created = await t.http().post('/queue').set(a.auth(a.adminToken)).send(newQueue()).expect(201);
        await aEvent;
        await t.http().put(`/queue/${created.body.id}`).set(a.auth(a.adminToken)).send({ name: 'Renomeada' }).expect(200);
        await t.http().delete(`/queue/${created.body.id}`).set(a.auth(a.adminToken)).expect(204);
        await eventsDelivered(t, aSocket, bSocket);
        expect(seenByB).toEqual([]);
        expect(bOwn).toEqual([]);
        const bEvent = nextEvent(bSocket, `company-${b.company.id}-queue`);
        await t.http().post('/queue').set(b.auth(b.adminToken)).send(newQueue()).expect(201);
        expect(await bEvent).toMatchObject({ action: 'create' });
      } finally {
        aSocket.close();
        bSocket.close();
      }
    });
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    it("orderQueue and integrationId none as '' or false", async () => {
      const s = await createTenant(t);
      const q = await api(s).post('/queue').send({ name: 'Vendas', color: '#FF0000', orderQueue: '', integrationId: false, greetingMessage: '' });
      expect(q.status).toBe(201);
      const stored = () => t.orm.em.fork().findOneOrFail(Queue, { id: q.body.id }, { filters: false });
      expect(await stored()).toMatchObject({ orderQueue: null });
      expect((await stored()).integrationId ?? null).toBeNull();
      await api(s).put(`/queue/${q.body.id}`).send({ orderQueue: 3 }).expect(200);
      await api(s).put(`/queue/${q.body.id}`).send({ orderQueue: false, integrationId: '' }).expect(200);
      expect(await stored()).toMatchObject({ orderQueue: null });
    });
  });
});
