import type { Socket } from 'socket.io-client';
import { Task } from '../src/ticket/tasks/task.entity';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp } from './harness';
import { createTenant, createUser, login } from './factories';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));

describe('tasks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  /** A company with two plain users (and its admin), plus another company. */
  async function setup() {
    const a = await createTenant(t);
    const other = await createUser(t.orm, { companyId: a.company.id });
    const b = await createTenant(t);
    return { ...a, other, otherToken: (await login(t, other.email)).token, b };
  }

  it('creates, lists (pending first, newest first), updates and deletes the caller’s own tasks', async () => {
    const a = await setup();
    const as = a.auth(a.userToken);
    const first = await t
      .http()
      .post('/tasks')
      .set(as)
      .send({
        text: '  Ligar para a Ana  ',
        description: '<p>Sobre o <strong>orçamento</strong></p>',
        created_at: '2001-01-01',
        updated_at: '2001-01-01',
        userId: a.admin.id,
      })
      .expect(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      text: 'Ligar para a Ana',
      description: '<p>Sobre o <strong>orçamento</strong></p>',
      completed: false,
      userId: a.user.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // The client's timestamps are ignored.
    expect(Date.now() - Date.parse(first.body.createdAt)).toBeLessThan(60_000);
    const second = (await t.http().post('/tasks').set(as).send({ text: 'Enviar proposta' }).expect(201)).body;
    expect(second.description).toBe('');
    const third = (await t.http().post('/tasks').set(as).send({ text: 'Revisar contrato', description: '<p></p>' }).expect(201)).body;

    let list = (await t.http().get('/tasks').set(as).expect(200)).body as { id: number }[];
    expect(list.map((x) => x.id)).toEqual([third.id, second.id, first.body.id]);

    const done = (await t.http().put(`/tasks/${third.id}`).set(as).send({ completed: true }).expect(200)).body;
    expect(done).toEqual({ ...third, completed: true, updatedAt: expect.any(String) });
    const edited = (
      await t.http().put(`/tasks/${second.id}`).set(as).send({ text: 'Enviar proposta revisada', description: '<ul><li><p>item</p></li></ul>' }).expect(200)
    ).body;
    expect(edited).toMatchObject({ text: 'Enviar proposta revisada', description: '<ul><li><p>item</p></li></ul>', completed: false });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(second.updatedAt));
    // Only the fields sent change.
    expect((await t.http().put(`/tasks/${second.id}`).set(as).send({}).expect(200)).body).toMatchObject({ text: 'Enviar proposta revisada' });

    list = (await t.http().get('/tasks').set(as).expect(200)).body;
    expect(list.map((x) => x.id)).toEqual([second.id, first.body.id, third.id]);

    await t.http().delete(`/tasks/${first.body.id}`).set(as).expect(204);
    await t.http().delete(`/tasks/${first.body.id}`).set(as).expect(404);
    list = (await t.http().get('/tasks').set(as).expect(200)).body;
    expect(list.map((x) => x.id)).toEqual([second.id, third.id]);
  });

  it("keeps each user's tasks to themselves: same company (admin included) and another company get 404 and see none", async () => {
    const a = await setup();
    const mine = (await t.http().post('/tasks').set(a.auth(a.userToken)).send({ text: 'Minha tarefa' }).expect(201)).body;
    const tokens = [a.otherToken, a.adminToken, a.b.adminToken, a.b.userToken];
    for (const token of tokens) {
      expect((await t.http().get('/tasks').set(a.auth(token)).expect(200)).body).toEqual([]);
      const put = await t.http().put(`/tasks/${mine.id}`).set(a.auth(token)).send({ text: 'Tomada', completed: true }).expect(404);
      expect(put.body.error).toBe('ERR_TASK_NOT_FOUND');
      await t.http().delete(`/tasks/${mine.id}`).set(a.auth(token)).expect(404);
    }
    const row = await t.orm.em.fork().findOne(Task, { id: mine.id }, { filters: false });
    expect(row).toMatchObject({ text: 'Minha tarefa', completed: false, userId: a.user.id });
  });

  it('sanitises the description on every write: no script survives a round trip', async () => {
    const a = await setup();
    const as = a.auth(a.userToken);
    const hostile =
      '<p onclick="window.__xss=1">Oi<script>window.__xss=1</script></p><img src=x onerror="window.__xss=1">' +
      '<a href="jav&#x09;ascript:window.__xss=1">link</a><a href="https://atende.test">ok</a><svg onload="window.__xss=1"></svg>' +
      '<iframe src="javascript:window.__xss=1"></iframe><style>body{}</style><math><mtext><table><mglyph><style><img src=x onerror=alert(1)>';
    const created = (await t.http().post('/tasks').set(as).send({ text: 'XSS', description: hostile }).expect(201)).body;
    const expected = '<p>Oi</p>link<a href="https://atende.test" target="_blank" rel="noopener noreferrer nofollow">ok</a>';
    expect(created.description).toBe(expected);
    const listed = (await t.http().get('/tasks').set(as).expect(200)).body as { description: string }[];
    expect(listed[0].description).toBe(expected);
    const updated = (await t.http().put(`/tasks/${created.id}`).set(as).send({ description: '<p>a</p><script>x</script><b onmouseover=x>b</b>' }).expect(200))
      .body;
    expect(updated.description).toBe('<p>a</p><strong>b</strong>');
    const stored = await t.orm.em.fork().findOne(Task, { id: created.id }, { filters: false });
    expect(stored?.description).toBe('<p>a</p><strong>b</strong>');
  });

  it('answers bad input with 400 and the failing field, never a 500', async () => {
    const a = await setup();
    const as = a.auth(a.userToken);
    const post = (body: unknown) =>
      t
        .http()
        .post('/tasks')
        .set(as)
        .send(body as object);
    expect(fieldsOf((await post({ text: '   ' }).expect(400)).body)).toEqual({ text: ['Obrigatório'] });
    expect(fieldsOf((await post({}).expect(400)).body)).toHaveProperty('text');
    expect(fieldsOf((await post({ text: 12 }).expect(400)).body)).toHaveProperty('text');
    expect(fieldsOf((await post({ text: 'x'.repeat(501) }).expect(400)).body)).toEqual({ text: ['Too Long!'] });
    expect((await post({ text: 'x'.repeat(500) }).expect(201)).body.text).toHaveLength(500);
    expect(fieldsOf((await post({ text: 'ok', description: { html: 1 } }).expect(400)).body)).toHaveProperty('description');
    expect(fieldsOf((await post({ text: 'ok', description: '<p>' + 'a'.repeat(20_001) + '</p>' }).expect(400)).body)).toEqual({ description: ['Too Long!'] });
    expect(fieldsOf((await post({ text: 'ok', description: 'a'.repeat(100_001) }).expect(400)).body)).toEqual({ description: ['Too Long!'] });
    // Long hostile markup that sanitises to little is fine.
    expect((await post({ text: 'ok', description: '<script>' + 'a'.repeat(50_000) + '</script><p>b</p>' }).expect(201)).body.description).toBe('<p>b</p>');

    const task = (await post({ text: 'Alvo' }).expect(201)).body;
    const put = (id: string | number, body: unknown) =>
      t
        .http()
        .put(`/tasks/${id}`)
        .set(as)
        .send(body as object);
    expect(fieldsOf((await put(task.id, { text: '' }).expect(400)).body)).toEqual({ text: ['Obrigatório'] });
    expect(fieldsOf((await put(task.id, { text: null }).expect(400)).body)).toHaveProperty('text');
    expect(fieldsOf((await put(task.id, { completed: 'yes' }).expect(400)).body)).toHaveProperty('completed');
    expect(fieldsOf((await put(task.id, { completed: null }).expect(400)).body)).toHaveProperty('completed');
    expect(fieldsOf((await put(task.id, { description: 5 }).expect(400)).body)).toHaveProperty('description');
    for (const id of ['99999999999999999999', '0', '-1', 'abc', '1.5']) {
      const res = await put(id, { text: 'x' });
      expect([400, 404]).toContain(res.status);
      const del = await t.http().delete(`/tasks/${id}`).set(as);
      expect([400, 404]).toContain(del.status);
    }
    await put(2_147_483_647, { text: 'x' }).expect(404);
    await t.http().get('/tasks').expect(401);
  });

  it("tells only the owner's sockets about changes (every tab), never the rest of the company", async () => {
    const a = await setup();
    const channel = `company-${a.company.id}-task`;
    const tab1 = await connectSocket(t.url, a.userToken);
    const tab2 = await connectSocket(t.url, a.userToken);
    const colleague = await connectSocket(t.url, a.otherToken);
    const admin = await connectSocket(t.url, a.adminToken);
    sockets.push(tab1, tab2, colleague, admin);
    const [e1, e2, e3, e4] = [tab1, tab2, colleague, admin].map((s) => record(s, channel));
    const created = (await t.http().post('/tasks').set(a.auth(a.userToken)).send({ text: 'Ao vivo' }).expect(201)).body;
    const updated = (await t.http().put(`/tasks/${created.id}`).set(a.auth(a.userToken)).send({ completed: true }).expect(200)).body;
    await t.http().delete(`/tasks/${created.id}`).set(a.auth(a.userToken)).expect(204);
    await eventsDelivered(t, tab1, tab2, colleague, admin);
    const expected = [
      { action: 'create', task: created },
      { action: 'update', task: updated },
      { action: 'delete', taskId: created.id },
    ];
    expect(e1).toEqual(expected);
    expect(e2).toEqual(expected);
    expect(e3).toEqual([]);
    expect(e4).toEqual([]);
  });
});
