import * as ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { ContactListItem } from '../src/campaign/contact-lists/contact-list.entity';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createCompany, createPlan, createTenant, createUser, login } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
const messagesOf = (body: { fields?: { messages: string[] }[] }) => (body.fields ?? []).flatMap((f) => f.messages);

/** An xlsx with the given header and rows, built like a user's spreadsheet. */
async function xlsxOf(header: unknown[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Planilha1');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('contact lists and their items', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  const open = async (token: string) => {
    const s = await connectSocket(t.url, token);
    sockets.push(s);
    return s;
  };

  const newList = async (a: Tenant, name = 'Clientes') => (await t.http().post('/contact-lists').set(a.auth(a.adminToken)).send({ name }).expect(201)).body;
  const newItem = async (a: Tenant, contactListId: number, over: Record<string, unknown> = {}) =>
    (
      await t
        .http()
        .post('/contact-list-items')
        .set(a.auth(a.adminToken))
        .send({ name: 'Maria Souza', number: '5511999990000', email: 'maria@example.com', contactListId, ...over })
        .expect(201)
    ).body;
  const items = async (a: Tenant, contactListId: number, query = '') =>
    (await t.http().get(`/contact-list-items?contactListId=${contactListId}${query}`).set(a.auth(a.adminToken)).expect(200)).body;

  describe('lists', () => {
    it('creates, reads, renames, lists with counts and deletes a list (its contacts go with it)', async () => {
      const a = await createTenant(t);
      const created = await t.http().post('/contact-lists').set(a.auth(a.adminToken)).send({ name: '  Clientes SP ', companyId: 999 }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'Clientes SP',
        contactsCount: 0,
        companyId: a.company.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const id = created.body.id;
      await newItem(a, id);
      await newItem(a, id, { number: '5511999990001', email: '' });
      const got = (await t.http().get(`/contact-lists/${id}`).set(a.auth(a.adminToken)).expect(200)).body;
      expect(got.contactsCount).toBe(2);
      const renamed = (await t.http().put(`/contact-lists/${id}`).set(a.auth(a.adminToken)).send({ name: 'Clientes RJ' }).expect(200)).body;
      expect([renamed.name, renamed.contactsCount]).toEqual(['Clientes RJ', 2]);
      expect((await t.http().get('/contact-lists/list').set(a.auth(a.adminToken)).expect(200)).body).toEqual([{ id, name: 'Clientes RJ', contactsCount: 2 }]);
      await t.http().delete(`/contact-lists/${id}`).set(a.auth(a.adminToken)).expect(204);
      expect((await t.http().get(`/contact-lists/${id}`).set(a.auth(a.adminToken)).expect(404)).body.error).toBe('ERR_CONTACT_LIST_NOT_FOUND');
      expect(await t.orm.em.fork().count(ContactListItem, { contactListId: id }, { filters: false })).toBe(0);
    });

    it.each([
      ['missing', {}, 'Obrigatório'],
      ['blank', { name: '   ' }, 'Obrigatório'],
      ['too short', { name: 'A' }, 'Too Short!'],
      ['too long', { name: 'n'.repeat(51) }, 'Too Long!'],
    ])('rejects a name %s with 400 naming it', async (_label, body, message) => {
      const a = await createTenant(t);
      const res = await t.http().post('/contact-lists').set(a.auth(a.adminToken)).send(body).expect(400);
      expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_VALIDATION', ['name']]);
      expect(messagesOf(res.body)).toContain(message);
    });

    it('pages 20 at a time by name and searches case-insensitively', async () => {
      const a = await createTenant(t);
      for (let i = 1; i <= 21; i++) await newList(a, `Lista ${String(i).padStart(2, '0')}`);
      await newList(a, 'Fornecedores');
      const first = (await t.http().get('/contact-lists?pageNumber=1').set(a.auth(a.adminToken)).expect(200)).body;
      expect([first.records.length, first.count, first.hasMore, first.records[0].name]).toEqual([20, 22, true, 'Fornecedores']);
      const second = (await t.http().get('/contact-lists?pageNumber=2').set(a.auth(a.adminToken)).expect(200)).body;
      expect([second.records.map((r: { name: string }) => r.name), second.hasMore]).toEqual([['Lista 20', 'Lista 21'], false]);
      const found = (await t.http().get('/contact-lists?searchParam=FORNEC').set(a.auth(a.adminToken)).expect(200)).body;
      expect(found.records.map((r: { name: string }) => r.name)).toEqual(['Fornecedores']);
    });

    it('announces creates, updates and deletes on company-{id}-ContactList', async () => {
      const a = await createTenant(t);
      const socket = await open(a.adminToken);
      const events = record<{ action: string }>(socket, `company-${a.company.id}-ContactList`);
      const list = await newList(a);
      const renamed = (await t.http().put(`/contact-lists/${list.id}`).set(a.auth(a.adminToken)).send({ name: 'Outra' }).expect(200)).body;
      await t.http().delete(`/contact-lists/${list.id}`).set(a.auth(a.adminToken)).expect(204);
      await until(() => events.length >= 3);
      expect(events).toEqual([
        { action: 'create', record: list },
        { action: 'update', record: renamed },
        { action: 'delete', id: list.id },
      ]);
    });

    it('serves a real example spreadsheet (Nome, Numero, Email and two rows)', async () => {
      const a = await createTenant(t);
      const res = await t
        .http()
        .get('/contact-lists/example-spreadsheet')
        .set(a.auth(a.adminToken))
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as never);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).values).toEqual([undefined, 'Nome', 'Numero', 'Email']);
      expect(sheet.rowCount).toBe(3);
    });
  });

  describe('items', () => {
    it('adds, reads, changes and removes contacts, digits only, e-mail optional', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const created = await t
        .http()
        .post('/contact-list-items')
        .set(a.auth(a.adminToken))
        .send({ name: ' Maria ', number: '+55 (11) 99999-0000', email: '', companyId: 999, contactListId: list.id })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'Maria',
        number: '5511999990000',
        email: '',
        isWhatsappValid: null,
        companyId: a.company.id,
        contactListId: list.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const id = created.body.id;
      expect((await t.http().get(`/contact-list-items/${id}`).set(a.auth(a.adminToken)).expect(200)).body.number).toBe('5511999990000');
      const changed = (
        await t.http().put(`/contact-list-items/${id}`).set(a.auth(a.adminToken)).send({ email: 'maria@example.com', contactListId: 12345 }).expect(200)
      ).body;
      expect([changed.name, changed.email, changed.contactListId]).toEqual(['Maria', 'maria@example.com', list.id]);
      await t.http().delete(`/contact-list-items/${id}`).set(a.auth(a.adminToken)).expect(204);
      expect((await t.http().get(`/contact-list-items/${id}`).set(a.auth(a.adminToken)).expect(404)).body.error).toBe('ERR_CONTACT_LIST_ITEM_NOT_FOUND');
    });

    it.each([
      ['name missing', { name: undefined }, 'name', 'Obrigatório'],
      ['name too short', { name: 'M' }, 'name', 'Too Short!'],
      ['name too long', { name: 'm'.repeat(51) }, 'name', 'Too Long!'],
      ['number missing', { number: undefined }, 'number', 'Obrigatório'],
      ['number of 7 digits', { number: '123-4567' }, 'number', 'Too Short!'],
      ['number of 51 digits', { number: '1'.repeat(51) }, 'number', 'Too Long!'],
      ['bad email', { email: 'maria@' }, 'email', 'Invalid email'],
      ['list missing', { contactListId: undefined }, 'contactListId', 'Obrigatório'],
    ])('rejects %s with 400 naming the field', async (_label, over, field, message) => {
      const a = await createTenant(t);
      const list = await newList(a);
      const res = await t
        .http()
        .post('/contact-list-items')
        .set(a.auth(a.adminToken))
        .send({ name: 'Maria', number: '5511999990000', email: 'maria@example.com', contactListId: list.id, ...over })
        .expect(400);
      expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_VALIDATION', [field]]);
      expect(messagesOf(res.body)).toContain(message);
    });

    it('refuses a number already in the list with 409, on add and on change; another list may hold it', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const other = await newList(a, 'Outra');
      await newItem(a, list.id, { number: '5511999990000' });
      const dup = await t
        .http()
        .post('/contact-list-items')
        .set(a.auth(a.adminToken))
        .send({ name: 'João', number: '55 11 99999 0000', contactListId: list.id })
        .expect(409);
      expect([dup.body.error, fieldsOf(dup.body)]).toEqual(['ERR_CONTACT_LIST_ITEM_DUPLICATED', ['number']]);
      await newItem(a, other.id, { number: '5511999990000' });
      const second = await newItem(a, list.id, { number: '5511999990001' });
      const res = await t.http().put(`/contact-list-items/${second.id}`).set(a.auth(a.adminToken)).send({ number: '5511999990000' }).expect(409);
      expect(res.body.error).toBe('ERR_CONTACT_LIST_ITEM_DUPLICATED');
    });

    it("deletes many contacts at once, each on its own: another company's contact fails alone and stays", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const list = await newList(a);
      const [one, two, kept] = [
        await newItem(a, list.id, { number: '5511944440001' }),
        await newItem(a, list.id, { number: '5511944440002' }),
        await newItem(a, list.id, { number: '5511944440003' }),
      ];
      const theirList = await newList(b);
      const theirs = await newItem(b, theirList.id, { number: '5511944440004' });
      const res = await t
        .http()
        .post('/contact-list-items/bulk')
        .set(a.auth(a.adminToken))
        .send({ ids: [one.id, theirs.id, two.id], action: 'delete' })
        .expect(200);
      expect(res.body).toEqual({
        okCount: 2,
        failedCount: 1,
        results: [
          { id: one.id, ok: true },
          { id: theirs.id, ok: false, error: 'ERR_CONTACT_LIST_ITEM_NOT_FOUND', message: expect.any(String) },
          { id: two.id, ok: true },
        ],
      });
      expect((await items(a, list.id)).contacts.map((c: { id: number }) => c.id)).toEqual([kept.id]);
      expect((await items(b, theirList.id)).contacts.map((c: { id: number }) => c.id)).toEqual([theirs.id]);
      await t
        .http()
        .post('/contact-list-items/bulk')
        .set(a.auth(a.adminToken))
        .send({ ids: [kept.id], action: 'tag' })
        .expect(400);
      await t
        .http()
        .post('/contact-list-items/bulk')
        .set(a.auth(a.userToken))
        .send({ ids: [kept.id], action: 'delete' })
        .expect(403);
    });

    it('lists a list by name, 20 a page, searching name, e-mail and number; needs the list', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      for (let i = 0; i < 21; i++)
        await newItem(a, list.id, { name: `Pessoa ${String(i).padStart(2, '0')}`, number: `55119000000${String(i).padStart(2, '0')}`, email: null });
      await newItem(a, list.id, { name: 'Zé Ninguém', number: '5521988887777', email: 'ze@EXEMPLO.com' });
      const first = await items(a, list.id);
      expect([first.contacts.length, first.count, first.hasMore]).toEqual([20, 22, true]);
      expect((await items(a, list.id, '&pageNumber=2')).contacts.map((c: { name: string }) => c.name)).toEqual(['Pessoa 20', 'Zé Ninguém']);
      expect((await items(a, list.id, '&searchParam=exemplo')).contacts.map((c: { name: string }) => c.name)).toEqual(['Zé Ninguém']);
      expect((await items(a, list.id, '&searchParam=98888-7777')).contacts.map((c: { name: string }) => c.name)).toEqual(['Zé Ninguém']);
      expect((await items(a, list.id, '&searchParam=PESSOA 0')).count).toBe(10);
      const missing = await t.http().get('/contact-list-items').set(a.auth(a.adminToken)).expect(400);
      expect(fieldsOf(missing.body)).toEqual(['contactListId']);
    });

    it('announces items on company-{id}-ContactListItem and the new count on ContactList', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const socket = await open(a.adminToken);
      const itemEvents = record<{ action: string }>(socket, `company-${a.company.id}-ContactListItem`);
      const listEvents = record<{ action: string; record: { contactsCount: number } }>(socket, `company-${a.company.id}-ContactList`);
      const item = await newItem(a, list.id);
      const changed = (await t.http().put(`/contact-list-items/${item.id}`).set(a.auth(a.adminToken)).send({ name: 'Maria S.' }).expect(200)).body;
      await t.http().delete(`/contact-list-items/${item.id}`).set(a.auth(a.adminToken)).expect(204);
      await until(() => itemEvents.length >= 3 && listEvents.length >= 2);
      expect(itemEvents.slice(0, 3)).toEqual([
        { action: 'create', record: item },
        { action: 'update', record: changed },
        { action: 'delete', id: item.id, contactListId: list.id },
      ]);
      expect(listEvents.map((e) => e.record.contactsCount)).toEqual([1, 0]);
    });
  });

  describe('access', () => {
    it('is for admins (attendants get 403) of plans with campaigns (ERR_PLAN_FEATURE_DISABLED otherwise)', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const off = await createTenant(t, { useCampaigns: false });
      const routes = [
        () => t.http().get('/contact-lists'),
        () => t.http().get('/contact-lists/list'),
        () => t.http().get('/contact-lists/example-spreadsheet'),
        () => t.http().get(`/contact-lists/${list.id}`),
        () => t.http().post('/contact-lists').send({ name: 'Nova' }),
        () => t.http().put(`/contact-lists/${list.id}`).send({ name: 'Nova' }),
        () => t.http().delete(`/contact-lists/${list.id}`),
        () => t.http().post(`/contact-lists/${list.id}/upload`),
        () => t.http().get(`/contact-list-items?contactListId=${list.id}`),
        () => t.http().get('/contact-list-items/1'),
        () => t.http().post('/contact-list-items').send({ name: 'Maria', number: '5511999990000', contactListId: list.id }),
        () => t.http().put('/contact-list-items/1').send({ name: 'Maria' }),
        () => t.http().delete('/contact-list-items/1'),
      ];
      for (const call of routes) {
        expect((await call().set(a.auth(a.userToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
        expect((await call().set(off.auth(off.adminToken)).expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
      }
    });

    it("keeps companies apart: another company's admin gets 404 on every route and no events", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const list = await newList(a);
      const item = await newItem(a, list.id);
      const bSocket = await open(b.adminToken);
      const seen: string[] = [];
      bSocket.onAny((event: string) => seen.push(event));
      const notFound = async (req: ReturnType<ReturnType<TestApp['http']>['get']>, code: string) =>
        expect((await req.set(b.auth(b.adminToken)).expect(404)).body.error).toBe(code);
      await notFound(t.http().get(`/contact-lists/${list.id}`), 'ERR_CONTACT_LIST_NOT_FOUND');
      await notFound(t.http().put(`/contact-lists/${list.id}`).send({ name: 'Roubada' }), 'ERR_CONTACT_LIST_NOT_FOUND');
      await notFound(t.http().delete(`/contact-lists/${list.id}`), 'ERR_CONTACT_LIST_NOT_FOUND');
      await notFound(
        t
          .http()
          .post(`/contact-lists/${list.id}/upload`)
          .attach('file', await xlsxOf(['Nome', 'Numero'], [['Eva', '5511900000001']]), 'x.xlsx'),
        'ERR_CONTACT_LIST_NOT_FOUND',
      );
      await notFound(t.http().get(`/contact-list-items?contactListId=${list.id}`), 'ERR_CONTACT_LIST_NOT_FOUND');
      await notFound(t.http().post('/contact-list-items').send({ name: 'Eva', number: '5511900000001', contactListId: list.id }), 'ERR_CONTACT_LIST_NOT_FOUND');
      await notFound(t.http().get(`/contact-list-items/${item.id}`), 'ERR_CONTACT_LIST_ITEM_NOT_FOUND');
      await notFound(t.http().put(`/contact-list-items/${item.id}`).send({ name: 'Eva' }), 'ERR_CONTACT_LIST_ITEM_NOT_FOUND');
      await notFound(t.http().delete(`/contact-list-items/${item.id}`), 'ERR_CONTACT_LIST_ITEM_NOT_FOUND');
      expect((await t.http().get('/contact-lists').set(b.auth(b.adminToken)).expect(200)).body).toEqual({ records: [], count: 0, hasMore: false });
      expect((await t.http().get('/contact-lists/list').set(b.auth(b.adminToken)).expect(200)).body).toEqual([]);
      // A's changes reach A's sockets only.
      await newItem(a, list.id, { number: '5511900000009' });
      await eventsDelivered(t, bSocket);
      expect(seen.filter((e) => /ContactList|contactListImport/.test(e))).toEqual([]);
      expect((await t.http().get(`/contact-lists/${list.id}`).set(a.auth(a.adminToken)).expect(200)).body.contactsCount).toBe(2);
    });

    it('sends list events only to users who manage campaigns', async () => {
      const a = await createTenant(t);
      const attendant = await open(a.userToken);
      const seen = record(attendant, `company-${a.company.id}-ContactList`);
      await newList(a);
      await eventsDelivered(t, attendant);
      expect(seen).toEqual([]);
    });
  });

  it('a user of one company may manage lists only there (a second admin of the same company sees them)', async () => {
    const plan = await createPlan(t.orm);
    const company = await createCompany(t.orm, { plan });
    const one = await createUser(t.orm, { companyId: company.id, profile: 'admin' });
    const two = await createUser(t.orm, { companyId: company.id, profile: 'admin' });
    const tokenOne = (await login(t, one.email)).token;
    const tokenTwo = (await login(t, two.email)).token;
    const list = (
      await t
        .http()
        .post('/contact-lists')
        .set({ Authorization: `Bearer ${tokenOne}` })
        .send({ name: 'Compartilhada' })
        .expect(201)
    ).body;
    expect(
      (
        await t
          .http()
          .get(`/contact-lists/${list.id}`)
          .set({ Authorization: `Bearer ${tokenTwo}` })
          .expect(200)
      ).body.name,
    ).toBe('Compartilhada');
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    it("email '' or null is stored as none and answered as ''", async () => {
      const s = await createTenant(t);
      const list = (await api(s).post('/contact-lists').send({ name: 'Clientes' }).expect(201)).body;
      const item = await api(s).post('/contact-list-items').send({ name: 'João', number: '5511977776666', email: null, contactListId: list.id }).expect(201);
      expect(item.body.email).toBe('');
      const edited = await api(s).put(`/contact-list-items/${item.body.id}`).send({ name: 'João', number: '5511977776666', email: '' }).expect(200);
      expect(edited.body.email).toBe('');
    });
  });
});
