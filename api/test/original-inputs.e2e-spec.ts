import { User } from '../src/auth/users/user.entity';
import { Queue } from '../src/tenant/queues/queue.entity';
import { Contact } from '../src/ticket/contacts/contact.entity';
import { TAG_PALETTE } from '../src/ticket/tags/tags.service';
import { createTestApp, TestApp } from './harness';
import { createContact, createTenant, createUser, createWhatsapp, storedTicket } from './factories';
import { ticketWorld } from './factories/ticket-world';

/**
 * Issue 34, "Inputs to accept": what clients written for the original system (Whaticket SaaS) send for "none" and
 * their own spellings, each read as our own encoding (src/common/http/original-inputs.ts). One test per input kind,
 * checking what is stored. The strict rules for everything else stay in each module's suite.
 */
describe('inputs of the original system', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Tenant = Awaited<ReturnType<typeof createTenant>>;
  const api = (s: Tenant, token = s.adminToken) => ({
    get: (path: string) => t.http().get(path).set(s.auth(token)),
    post: (path: string) => t.http().post(path).set(s.auth(token)),
    put: (path: string) => t.http().put(path).set(s.auth(token)),
  });
  const dbUser = (id: number) => t.orm.em.fork().findOneOrFail(User, { id }, { filters: false });

  it("users: whatsappId none as false, '' or null on create, update and own profile; allTicket 'desabled'", async () => {
    const s = await createTenant(t);
    const wapp = await createWhatsapp(t.orm, s.company.id);
    const body = (email: string, over: object) => ({ name: 'Maria Souza', email, password: 'secret1', ...over });
    const a = await api(s)
      .post('/users')
      .send(body(`a-${s.company.id}@x.test`, { whatsappId: false, allTicket: 'desabled' }))
      .expect(201);
    expect(await dbUser(a.body.id)).toMatchObject({ whatsappId: null, allTicket: 'disabled' });
    const b = await api(s)
      .post('/users')
      .send(body(`b-${s.company.id}@x.test`, { whatsappId: '', allTicket: 'enabled' }))
      .expect(201);
    expect(await dbUser(b.body.id)).toMatchObject({ whatsappId: null, allTicket: 'enabled' });

    await api(s).put(`/users/${b.body.id}`).send({ whatsappId: wapp.id, allTicket: 'desabled' }).expect(200);
    expect(await dbUser(b.body.id)).toMatchObject({ whatsappId: wapp.id, allTicket: 'disabled' });
    await api(s).put(`/users/${b.body.id}`).send({ whatsappId: false }).expect(200);
    expect((await dbUser(b.body.id)).whatsappId ?? null).toBeNull();

    // Own profile, as the original's profile modal sends it.
    await api(s).put(`/users/${s.admin.id}`).send({ whatsappId: wapp.id }).expect(200);
    await api(s).put(`/users/${s.admin.id}`).send({ name: 'Admin', whatsappId: '', allTicket: 'desabled' }).expect(200);
    expect(await dbUser(s.admin.id)).toMatchObject({ name: 'Admin', whatsappId: null, allTicket: 'disabled' });
    // Not loosened: a wrong spelling or a non-id is still refused.
    await api(s).put(`/users/${s.admin.id}`).send({ allTicket: 'on' }).expect(400);
    await api(s).put(`/users/${s.admin.id}`).send({ whatsappId: 'abc' }).expect(400);
    await api(s).put(`/users/${s.admin.id}`).send({ whatsappId: true }).expect(400);
  });

  it("tickets: the header's close with promptId:false, integrationId:false; queueId/userId '' and POST's queueId/whatsappId none", async () => {
    const w = await ticketWorld(t);
    const put = (id: number, body: object) => t.http().put(`/tickets/${id}`).set(w.auth(w.anaToken)).send(body);
    const res = await put(w.o1.id, { status: 'closed', userId: w.ana.id, promptId: false, integrationId: false }).expect(200);
    expect(res.body).toMatchObject({ status: 'closed' });
    const { ticket: closed } = await storedTicket(t.orm, w.o1.id);
    expect({ status: closed?.status, promptId: closed?.promptId ?? null, integrationId: closed?.integrationId ?? null }).toEqual({
      status: 'closed',
      promptId: null,
      integrationId: null,
    });

    // Return to pending from the original's list: userId none as '' (our null).
    const back = await put(w.o3.id, { status: 'pending', userId: '' }).expect(200);
    expect(back.body).toMatchObject({ status: 'pending', userId: null });

    const contact = await createContact(t.orm, w.companyId);
    const created = await t.http().post('/tickets').set(w.auth(w.adminToken)).send({ contactId: contact.id, queueId: false, whatsappId: '' }).expect(201);
    // No queue (an admin may open one without); the connection falls back to the company's default.
    expect(created.body).toMatchObject({ queueId: null, whatsappId: w.wapp.id });
    await put(w.p1.id, { status: 'open', userId: w.ana.id, queueId: 'fila' }).expect(400);
  });

  it("queues: orderQueue and integrationId none as '' or false", async () => {
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

  it("campaigns: tagListId 'Nenhuma', '' or false; message2-5 and confirmationMessage1-5 null; scheduledAt null or ''", async () => {
    const s = await createTenant(t);
    const texts = Object.fromEntries(
      [2, 3, 4, 5].flatMap((i) => [
        [`message${i}`, null],
        [`confirmationMessage${i}`, null],
      ]),
    );
    const draft = await api(s)
      .post('/campaigns')
      .send({ name: 'Natal', tagListId: 'Nenhuma', message1: 'Oi {nome}', confirmationMessage1: null, scheduledAt: null, ...texts })
      .expect(201);
    const id = draft.body.id ?? draft.body.campaign?.id;
    const get = async () => (await api(s).get(`/campaigns/${id}`).expect(200)).body.campaign;
    expect(await get()).toMatchObject({
      tagListId: null,
      scheduledAt: null,
      message1: 'Oi {nome}',
      message2: '',
      message5: '',
      confirmationMessage1: '',
      confirmationMessage5: '',
    });
    await api(s).put(`/campaigns/${id}`).send({ tagListId: '', scheduledAt: '', message3: null }).expect(200);
    await api(s).put(`/campaigns/${id}`).send({ tagListId: false }).expect(200);
    expect(await get()).toMatchObject({ tagListId: null, scheduledAt: null, message3: '' });
    await api(s).put(`/campaigns/${id}`).send({ tagListId: 'Outra' }).expect(400);
  });

  it("queue integrations: language '' on a non-dialogflow integration is read as absent", async () => {
    const s = await createTenant(t);
    const hook = await api(s).post('/queueIntegration').send({ type: 'webhook', name: 'Hook', urlN8N: 'http://127.0.0.1:1/h', language: '' }).expect(201);
    const n8n = await api(s).post('/queueIntegration').send({ type: 'n8n', name: 'Fluxo', urlN8N: 'http://127.0.0.1:1/n', language: null }).expect(201);
    await api(s).put(`/queueIntegration/${hook.body.id}`).send({ type: 'webhook', name: 'Hook 2', urlN8N: 'http://127.0.0.1:1/h', language: '' }).expect(200);
    expect(n8n.body.id).toBeGreaterThan(0);
    // Where it applies, a blank language is still refused.
    await api(s).post('/queueIntegration').send({ type: 'dialogflow', name: 'DF', projectName: 'p', jsonContent: '{}', language: '' }).expect(400);
  });

  it("tags: color '' is stored as the first palette colour no other tag uses, then the next", async () => {
    const s = await createTenant(t);
    const first = await api(s).post('/tags').send({ name: 'Sem cor', color: '', kanban: 0 }).expect(201);
    expect(first.body.color).toBe(TAG_PALETTE[0]);
    const second = await api(s).post('/tags').send({ name: 'Outra sem cor', color: '' }).expect(201);
    expect(second.body.color).toBe(TAG_PALETTE[1]);
    const absent = await api(s).post('/tags').send({ name: 'Padrão' }).expect(201);
    expect(absent.body.color).toBe('#A4CCCC');
    await api(s).put(`/tags/${absent.body.id}`).send({ color: '' }).expect(200);
    expect((await api(s).get(`/tags/${absent.body.id}`).expect(200)).body.color).toBe(TAG_PALETTE[2]);
    await api(s).post('/tags').send({ name: 'Errada', color: 'azul' }).expect(400);
  });

  it("chats: members sent as the original's { id, name } objects, as well as ids", async () => {
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

  it('file lists: an upload with no files answers 200 and changes nothing', async () => {
    const s = await createTenant(t);
    const list = (
      await api(s)
        .post('/files')
        .send({ name: 'Lista', message: 'msg', options: [{ name: 'um' }] })
        .expect(201)
    ).body;
    const res = await api(s).post(`/files/uploadList/${list.id}`).field('typeArch', 'fileList').field('fileId', String(list.id)).expect(200);
    expect(res.body).toEqual(list);
    expect((await api(s).get(`/files/${list.id}`).expect(200)).body).toEqual(list);
    // Option ids without their files are still a mistake.
    await api(s).post(`/files/uploadList/${list.id}`).field('id', String(list.options[0].id)).expect(400);
  });

  it("contacts and contact-list items: email '' or null stored as none and answered as ''", async () => {
    const s = await createTenant(t);
    const c = await api(s).post('/contacts').send({ name: 'Maria', number: '5511988887777', email: null }).expect(201);
    expect(c.body.email).toBe('');
    await api(s).put(`/contacts/${c.body.id}`).send({ email: 'maria@example.com' }).expect(200);
    const cleared = await api(s).put(`/contacts/${c.body.id}`).send({ email: '' }).expect(200);
    expect(cleared.body.email).toBe('');
    expect((await t.orm.em.fork().findOneOrFail(Contact, { id: c.body.id }, { filters: false })).email ?? null).toBeNull();
    expect((await api(s).get(`/contacts/${c.body.id}`).expect(200)).body.email).toBe('');

    const list = (await api(s).post('/contact-lists').send({ name: 'Clientes' }).expect(201)).body;
    const item = await api(s).post('/contact-list-items').send({ name: 'João', number: '5511977776666', email: null, contactListId: list.id }).expect(201);
    expect(item.body.email).toBe('');
    const edited = await api(s).put(`/contact-list-items/${item.body.id}`).send({ name: 'João', number: '5511977776666', email: '' }).expect(200);
    expect(edited.body.email).toBe('');
  });
});
