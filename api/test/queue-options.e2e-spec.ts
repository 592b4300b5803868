import { QueueOption } from '../src/tenant/queue-options/queue-option.entity';
import { connectSocket, createTestApp, eventsDelivered, nextEvent, record, TestApp } from './harness';
import { createQueue, createQueueOption, createTenant, createUser, login } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
const summary = (rows: { title: string; option: number }[]) => rows.map((r) => `${r.option}:${r.title}`);

describe('queue options', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dbOptions = (queueId: number) => t.orm.em.fork().find(QueueOption, { queueId }, { filters: false, orderBy: { id: 'asc' } });
  const level = async (tenant: Tenant, queueId: number, parentId: number | string = -1) =>
    (await t.http().get(`/queue-options?queueId=${queueId}&parentId=${parentId}`).set(tenant.auth(tenant.userToken)).expect(200)).body;

  describe('reading', () => {
    it('answers a level by option number to any user: -1 is the first level, an id its children, none the whole menu', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const second = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 2, title: 'Suporte' });
      const first = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1, title: 'Vendas', message: 'Escolha' });
      const child = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1, title: 'Planos', parentId: first.id });
      const other = await createQueue(t.orm, a.company.id);
      await createQueueOption(t.orm, a.company.id, { queueId: other.id, option: 1, title: 'Outra fila' });

      const root = await level(a, q.id);
      expect(summary(root)).toEqual(['1:Vendas', '2:Suporte']);
      expect(root[0]).toEqual({
        id: first.id,
        title: 'Vendas',
        message: 'Escolha',
        option: 1,
        queueId: q.id,
        parentId: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(await level(a, q.id, first.id)).toEqual([expect.objectContaining({ id: child.id, parentId: first.id, title: 'Planos' })]);
      expect(await level(a, q.id, second.id)).toEqual([]);
      const all = (await t.http().get(`/queue-options?queueId=${q.id}`).set(a.auth(a.userToken)).expect(200)).body;
      expect(all.map((o: { id: number }) => o.id)).toEqual([first.id, second.id, child.id]);
    });

    it('validates the query: queueId required, parentId -1 or an id; an unknown queue is 404', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const cases: [string, string[]][] = [
        ['', ['queueId']],
        ['queueId=abc', ['queueId']],
        ['queueId=0', ['queueId']],
        [`queueId=${q.id}&parentId=0`, ['parentId']],
        [`queueId=${q.id}&parentId=-2`, ['parentId']],
        [`queueId=${q.id}&parentId=1.5`, ['parentId']],
        [`queueId=${q.id}&queueId=${q.id}`, ['queueId']],
      ];
      for (const [query, fields] of cases) {
        const res = await t.http().get(`/queue-options?${query}`).set(a.auth(a.userToken));
        expect({ query, status: res.status, error: res.body.error, fields: fieldsOf(res.body) }).toEqual({
          query,
          status: 400,
          error: 'ERR_VALIDATION',
          fields,
        });
      }
      const missing = await t.http().get('/queue-options?queueId=999999&parentId=-1').set(a.auth(a.userToken)).expect(404);
      expect([missing.body.error, fieldsOf(missing.body)]).toEqual(['ERR_QUEUE_NOT_FOUND', ['queueId']]);
      await t.http().get(`/queue-options?queueId=${q.id}`).expect(401);
    });
  });

  describe('creating', () => {
    it('creates options numbered after their last sibling, under a parent of the same queue, and tells the company', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const event = nextEvent(socket, `company-${a.company.id}-queueOption`);
        const res = await t
          .http()
          .post('/queue-options')
          .set(a.auth(a.adminToken))
          .send({ title: '  Financeiro ', message: 'Boletos e notas', queueId: q.id, parentId: null, companyId: 999 })
          .expect(201);
        expect(res.body).toEqual({
          id: expect.any(Number),
          title: 'Financeiro',
          message: 'Boletos e notas',
          option: 1,
          queueId: q.id,
          parentId: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        });
        expect(await event).toEqual({ action: 'create', queueOption: res.body });
        const second = await t.http().post('/queue-options').set(a.auth(a.adminToken)).send({ title: 'Suporte', queueId: q.id, parentId: -1 }).expect(201);
        expect([second.body.option, second.body.parentId, second.body.message]).toEqual([2, null, null]);
        const gap = await t.http().post('/queue-options').set(a.auth(a.adminToken)).send({ title: 'Outros', queueId: q.id, option: 7 }).expect(201);
        expect(gap.body.option).toBe(7);
        const after = await t.http().post('/queue-options').set(a.auth(a.adminToken)).send({ title: 'Depois', queueId: q.id }).expect(201);
        expect(after.body.option).toBe(8);
        const child = await t
          .http()
          .post('/queue-options')
          .set(a.auth(a.adminToken))
          .send({ title: '2ª via', message: '   ', queueId: q.id, parentId: res.body.id })
          .expect(201);
        expect(child.body).toMatchObject({ option: 1, parentId: res.body.id, message: null });
        expect((await dbOptions(q.id)).map((o) => o.companyId)).toEqual([a.company.id, a.company.id, a.company.id, a.company.id, a.company.id]);
      } finally {
        socket.close();
      }
    });

    it('refuses a number its level already uses (409 ERR_QUEUE_OPTION_NUMBER_TAKEN on option), also for creations at once', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const parent = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1 });
      const taken = await t.http().post('/queue-options').set(a.auth(a.adminToken)).send({ title: 'X', queueId: q.id, option: 1 }).expect(409);
      expect([taken.body.error, fieldsOf(taken.body)]).toEqual(['ERR_QUEUE_OPTION_NUMBER_TAKEN', ['option']]);
      // the same number on another level is fine
      await t.http().post('/queue-options').set(a.auth(a.adminToken)).send({ title: 'Y', queueId: q.id, parentId: parent.id, option: 1 }).expect(201);
      const results = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          t
            .http()
            .post('/queue-options')
            .set(a.auth(a.adminToken))
            .send({ title: `Z${i}`, queueId: q.id }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(results.map((r) => r.body.option).sort()).toEqual([2, 3, 4, 5]);
    });

    it.each([
      ['title missing', { title: undefined }, ['title'], 'Required'],
      ['title blank', { title: '   ' }, ['title'], 'Required'],
      ['title too long', { title: 't'.repeat(101) }, ['title'], 'Too Long!'],
      ['title not text', { title: 5 }, ['title'], undefined],
      ['message too long', { message: 'm'.repeat(4097) }, ['message'], 'Too Long!'],
      ['message not text', { message: { a: 1 } }, ['message'], undefined],
      ['option zero', { option: 0 }, ['option'], undefined],
      ['option over 999', { option: 1000 }, ['option'], undefined],
      ['option not an integer', { option: 1.5 }, ['option'], undefined],
      ['option a string', { option: '1' }, ['option'], undefined],
      ['queueId missing', { queueId: undefined }, ['queueId'], undefined],
      ['queueId a string', { queueId: 'x' }, ['queueId'], undefined],
      ['queueId huge', { queueId: 1e20 }, ['queueId'], undefined],
      ['parentId zero', { parentId: 0 }, ['parentId'], undefined],
      ['parentId a string', { parentId: 'root' }, ['parentId'], undefined],
    ])('rejects %s with 400 and the failing fields', async (_label, over, fields, message) => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const res = await t
        .http()
        .post('/queue-options')
        .set(a.auth(a.adminToken))
        .send({ title: 'Ok', queueId: q.id, ...over })
        .expect(400);
      expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_VALIDATION', fields]);
      if (message) expect(res.body.fields.flatMap((f: { messages: string[] }) => f.messages)).toContain(message);
      expect(await dbOptions(q.id)).toEqual([]);
    });

    it('refuses an unknown queue (404 ERR_QUEUE_NOT_FOUND) and a parent of another queue (404 ERR_QUEUE_OPTION_NOT_FOUND on parentId)', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const other = await createQueue(t.orm, a.company.id);
      const foreignParent = await createQueueOption(t.orm, a.company.id, { queueId: other.id, option: 1 });
      const queue = await t.http().post('/queue-options').set(a.auth(a.adminToken)).send({ title: 'X', queueId: 999999 }).expect(404);
      expect([queue.body.error, fieldsOf(queue.body)]).toEqual(['ERR_QUEUE_NOT_FOUND', ['queueId']]);
      for (const parentId of [foreignParent.id, 999999]) {
        const res = await t.http().post('/queue-options').set(a.auth(a.adminToken)).send({ title: 'X', queueId: q.id, parentId }).expect(404);
        expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_QUEUE_OPTION_NOT_FOUND', ['parentId']]);
      }
      expect(await dbOptions(q.id)).toEqual([]);
    });
  });

  describe('updating', () => {
    it('changes only the fields sent, keeps queue and parent, and tells the company', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const other = await createQueue(t.orm, a.company.id);
      const o = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1, title: 'Antes', message: 'Msg' });
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const event = nextEvent(socket, `company-${a.company.id}-queueOption`);
        const res = await t
          .http()
          .put(`/queue-options/${o.id}`)
          .set(a.auth(a.adminToken))
          .send({ title: 'Depois', option: 3, queueId: other.id, parentId: 12345 })
          .expect(200);
        expect(res.body).toMatchObject({ id: o.id, title: 'Depois', message: 'Msg', option: 3, queueId: q.id, parentId: null });
        expect(await event).toEqual({ action: 'update', queueOption: res.body });
        const cleared = await t.http().put(`/queue-options/${o.id}`).set(a.auth(a.adminToken)).send({ message: null }).expect(200);
        expect(cleared.body).toMatchObject({ title: 'Depois', message: null, option: 3 });
      } finally {
        socket.close();
      }
    });

    it('validates updates and refuses a number a sibling uses; its own number is no clash', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const o1 = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1, title: 'Um' });
      await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 2, title: 'Dois' });
      const cases: [Record<string, unknown>, string[]][] = [
        [{ title: null }, ['title']],
        [{ title: '' }, ['title']],
        [{ title: 'x'.repeat(101) }, ['title']],
        [{ option: null }, ['option']],
        [{ option: 0 }, ['option']],
        [{ message: 42 }, ['message']],
      ];
      for (const [body, fields] of cases) {
        const res = await t.http().put(`/queue-options/${o1.id}`).set(a.auth(a.adminToken)).send(body);
        expect({ body, status: res.status, error: res.body.error, fields: fieldsOf(res.body) }).toEqual({ body, status: 400, error: 'ERR_VALIDATION', fields });
      }
      const clash = await t.http().put(`/queue-options/${o1.id}`).set(a.auth(a.adminToken)).send({ option: 2 }).expect(409);
      expect([clash.body.error, fieldsOf(clash.body)]).toEqual(['ERR_QUEUE_OPTION_NUMBER_TAKEN', ['option']]);
      await t.http().put(`/queue-options/${o1.id}`).set(a.auth(a.adminToken)).send({ option: 1, title: 'Um!' }).expect(200);
      expect(summary(await level(a, q.id))).toEqual(['1:Um!', '2:Dois']);
      expect((await t.http().put('/queue-options/999999').set(a.auth(a.adminToken)).send({ title: 'x' }).expect(404)).body.error).toBe(
        'ERR_QUEUE_OPTION_NOT_FOUND',
      );
      expect((await t.http().put('/queue-options/abc').set(a.auth(a.adminToken)).send({ title: 'x' }).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
    });
  });

  describe('deleting', () => {
    it('deletes an option with its whole subtree, renumbers the remaining siblings 1..n in order, and tells the company', async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const o1 = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1, title: 'A' });
      const o2 = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 2, title: 'B' });
      const o4 = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 4, title: 'D' });
      const o5 = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 5, title: 'E' });
      const c1 = await createQueueOption(t.orm, a.company.id, { queueId: q.id, parentId: o2.id, option: 1, title: 'B1' });
      const c11 = await createQueueOption(t.orm, a.company.id, { queueId: q.id, parentId: c1.id, option: 1, title: 'B11' });
      const keep = await createQueueOption(t.orm, a.company.id, { queueId: q.id, parentId: o1.id, option: 1, title: 'A1' });
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const events = record(socket, `company-${a.company.id}-queueOption`);
        await t.http().delete(`/queue-options/${o2.id}`).set(a.auth(a.adminToken)).expect(204);
        expect(summary(await level(a, q.id))).toEqual(['1:A', '2:D', '3:E']);
        expect((await dbOptions(q.id)).map((o) => o.id)).toEqual([o1.id, o4.id, o5.id, keep.id]);
        await eventsDelivered(t, socket);
        const renumbered = await level(a, q.id);
        expect(events).toEqual([
          { action: 'delete', queueId: q.id, queueOptionIds: [o2.id, c1.id, c11.id] },
          { action: 'update', queueOption: renumbered[1] },
          { action: 'update', queueOption: renumbered[2] },
        ]);
        // a child level renumbers the same way
        const k2 = await createQueueOption(t.orm, a.company.id, { queueId: q.id, parentId: o1.id, option: 2, title: 'A2' });
        await t.http().delete(`/queue-options/${keep.id}`).set(a.auth(a.adminToken)).expect(204);
        expect(await level(a, q.id, o1.id)).toEqual([expect.objectContaining({ id: k2.id, option: 1 })]);
        await t.http().delete(`/queue-options/${o2.id}`).set(a.auth(a.adminToken)).expect(404);
      } finally {
        socket.close();
      }
    });

    it("deleting a queue deletes its options; another queue's menu stays", async () => {
      const a = await createTenant(t);
      const q = await createQueue(t.orm, a.company.id);
      const other = await createQueue(t.orm, a.company.id);
      const root = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1 });
      await createQueueOption(t.orm, a.company.id, { queueId: q.id, parentId: root.id, option: 1 });
      await createQueueOption(t.orm, a.company.id, { queueId: other.id, option: 1 });
      await t.http().delete(`/queue/${q.id}`).set(a.auth(a.adminToken)).expect(204);
      expect(await dbOptions(q.id)).toEqual([]);
      expect(await dbOptions(other.id)).toHaveLength(1);
    });
  });

  describe('permissions and tenant isolation', () => {
    let a: Tenant;
    let b: Tenant;
    beforeAll(async () => {
      a = await createTenant(t);
      b = await createTenant(t);
    });

    it('lets only queues:write change the menu: a plain user and a supervisor get 403', async () => {
      const q = await createQueue(t.orm, a.company.id);
      const o = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1, title: 'Fixa' });
      const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
      const supToken = (await login(t, supervisor.email)).token;
      for (const token of [a.userToken, supToken]) {
        const calls = [
          t.http().post('/queue-options').set(bearer(token)).send({ title: 'X', queueId: q.id }),
          t.http().put(`/queue-options/${o.id}`).set(bearer(token)).send({ title: 'Mudou' }),
          t.http().delete(`/queue-options/${o.id}`).set(bearer(token)),
        ];
        for (const res of await Promise.all(calls)) expect([res.status, res.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
      }
      expect((await dbOptions(q.id)).map((x) => x.title)).toEqual(['Fixa']);
    });

    it("answers 404 to company B for every read, create, update and delete on A's queues and options, changing nothing", async () => {
      const q = await createQueue(t.orm, a.company.id);
      const o = await createQueueOption(t.orm, a.company.id, { queueId: q.id, option: 1, title: 'Privada' });
      const bQueue = await createQueue(t.orm, b.company.id);
      for (const token of [b.adminToken, b.userToken]) {
        const list = await t.http().get(`/queue-options?queueId=${q.id}&parentId=-1`).set(bearer(token));
        expect([list.status, list.body.error]).toEqual([404, 'ERR_QUEUE_NOT_FOUND']);
        const children = await t.http().get(`/queue-options?queueId=${bQueue.id}&parentId=${o.id}`).set(bearer(token)).expect(200);
        expect(children.body).toEqual([]);
      }
      const create = await t.http().post('/queue-options').set(b.auth(b.adminToken)).send({ title: 'Intrusa', queueId: q.id });
      expect([create.status, create.body.error]).toEqual([404, 'ERR_QUEUE_NOT_FOUND']);
      const underA = await t.http().post('/queue-options').set(b.auth(b.adminToken)).send({ title: 'Intrusa', queueId: bQueue.id, parentId: o.id });
      expect([underA.status, underA.body.error]).toEqual([404, 'ERR_QUEUE_OPTION_NOT_FOUND']);
      const put = await t.http().put(`/queue-options/${o.id}`).set(b.auth(b.adminToken)).send({ title: 'Tomada' });
      expect([put.status, put.body.error]).toEqual([404, 'ERR_QUEUE_OPTION_NOT_FOUND']);
      const del = await t.http().delete(`/queue-options/${o.id}`).set(b.auth(b.adminToken));
      expect([del.status, del.body.error]).toEqual([404, 'ERR_QUEUE_OPTION_NOT_FOUND']);
      expect((await dbOptions(q.id)).map((x) => [x.title, x.companyId])).toEqual([['Privada', a.company.id]]);
      expect(await dbOptions(bQueue.id)).toEqual([]);
    });

    it("never delivers A's queue option events to B's sockets", async () => {
      const q = await createQueue(t.orm, a.company.id);
      const aSocket = await connectSocket(t.url, a.userToken);
      const bSocket = await connectSocket(t.url, b.adminToken);
      try {
        const seenByB = record(bSocket, `company-${a.company.id}-queueOption`);
        const bOwn = record(bSocket, `company-${b.company.id}-queueOption`);
        const created = await t.http().post('/queue-options').set(a.auth(a.adminToken)).send({ title: 'A', queueId: q.id }).expect(201);
        await t.http().put(`/queue-options/${created.body.id}`).set(a.auth(a.adminToken)).send({ title: 'A2' }).expect(200);
        await t.http().delete(`/queue-options/${created.body.id}`).set(a.auth(a.adminToken)).expect(204);
        await eventsDelivered(t, aSocket, bSocket);
        expect(seenByB).toEqual([]);
        expect(bOwn).toEqual([]);
      } finally {
        aSocket.close();
        bSocket.close();
      }
    });
  });
});
