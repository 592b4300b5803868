import * as ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import type { Socket } from 'socket.io-client';
import { ContactListItem } from '../src/campaign/contact-lists/contact-list.entity';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createCompany, createPlan, createSandboxConnection, createTenant, createUser, login, sandboxOf } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
const messagesOf = (body: { fields?: { messages: string[] }[] }) => (body.fields ?? []).flatMap((f) => f.messages);

type ImportEvent = {
  action: 'progress' | 'done' | 'failed';
  importId: string;
  contactListId: number;
  total?: number;
  processed?: number;
  added?: number;
  updated?: number;
  invalid?: number;
  errors?: { line: number; field: string; message: string }[];
  message?: string;
};

/** An xlsx with the given header and rows, built like a user's spreadsheet. */
async function xlsxOf(header: unknown[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Planilha1');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A BIFF8 .xls (what older Excel saves). */
function xlsOf(header: unknown[], rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Planilha1');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
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
  const upload = (a: Tenant, id: number, data: Buffer, name = 'contatos.xlsx') =>
    t.http().post(`/contact-lists/${id}/upload`).set(a.auth(a.adminToken)).attach('file', data, name);
  /** Uploads and waits for the import's last event (done or failed), with every event of that import. */
  const importFile = async (a: Tenant, id: number, data: Buffer, name?: string, ms = 30_000) => {
    const socket = await open(a.adminToken);
    const events = record<ImportEvent>(socket, `company-${a.company.id}-contactListImport`);
    const started = Date.now();
    const res = await upload(a, id, data, name).expect(202);
    expect(res.body).toEqual({ importId: expect.any(String), contactListId: id });
    const mine = () => events.filter((e) => e.importId === res.body.importId);
    const last = await until(() => mine().find((e) => e.action === 'done' || e.action === 'failed'), ms);
    return { last, events: mine(), elapsed: Date.now() - started };
  };

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
        email: null,
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

  describe('spreadsheet import', () => {
    it('imports 10,000 rows of an xlsx in a few seconds, with progress on a socket, and stores them all', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const rows = Array.from({ length: 10_000 }, (_, i) => [`Contato ${i + 1}`, 5511900000000 + i, i % 2 ? `c${i}@example.com` : null]);
      const file = await xlsxOf(['Nome', 'Número', 'E-mail'], rows);
      const { last, events, elapsed } = await importFile(a, list.id, file);
      expect(last).toEqual({
        action: 'done',
        importId: expect.any(String),
        contactListId: list.id,
        total: 10_000,
        processed: 10_000,
        added: 10_000,
        updated: 0,
        invalid: 0,
        errors: [],
      });
      const progress = events.filter((e) => e.action === 'progress');
      expect(progress.length).toBeGreaterThanOrEqual(20);
      expect(progress.map((e) => e.processed)).toEqual([...progress.map((e) => e.processed!)].sort((x, y) => x - y));
      expect(progress.at(-1)).toMatchObject({ processed: 10_000, total: 10_000, added: 10_000 });
      console.log(`10,000-row xlsx imported in ${elapsed} ms`);
      expect(elapsed).toBeLessThan(15_000);
      const page = await items(a, list.id);
      expect(page.count).toBe(10_000);
      expect((await items(a, list.id, '&searchParam=5511900000001')).contacts[0]).toMatchObject({ name: 'Contato 2', email: 'c1@example.com' });
      expect((await t.http().get(`/contact-lists/${list.id}`).set(a.auth(a.adminToken)).expect(200)).body.contactsCount).toBe(10_000);

      // Again with changed names: the same numbers are updated, not added.
      const again = await importFile(
        a,
        list.id,
        await xlsxOf(
          ['nome', 'telefone'],
          rows.slice(0, 600).map(([, n]) => ['Atualizado', n]),
        ),
      );
      expect(again.last).toMatchObject({ action: 'done', processed: 600, added: 0, updated: 600, invalid: 0 });
      expect((await items(a, list.id, '&searchParam=Atualizado')).count).toBe(600);
    }, 60_000);

    it('reports bad rows by spreadsheet line and field, and imports the good ones', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const file = await xlsxOf(
        ['Email', 'Celular', 'NOME'],
        [
          ['ana@example.com', '5511911110001', 'Ana'], // line 2: good
          ['', '123', 'Bia'], // line 3: number too short
          ['nao-e-email', '5511911110003', 'Caio'], // line 4: bad email
          ['', '5511911110004', ''], // line 5: name missing
          [null, null, null], // line 6: blank, skipped
          ['', '(11) 91111-0007', 'Duda'], // line 7: good, digits kept
          ['', '5511911110001', 'Ana Maria'], // line 8: same number as line 2, later wins
        ],
      );
      const { last } = await importFile(a, list.id, file);
      expect(last).toMatchObject({ action: 'done', added: 2, updated: 1, invalid: 3 });
      expect(last.errors).toEqual([
        { line: 3, field: 'number', message: 'Too Short!' },
        { line: 4, field: 'email', message: 'Invalid email' },
        { line: 5, field: 'name', message: 'Obrigatório' },
      ]);
      const stored = (await items(a, list.id)).contacts.map((c: { name: string; number: string }) => [c.name, c.number]);
      expect(stored).toEqual([
        ['Ana Maria', '5511911110001'],
        ['Duda', '11911110007'],
      ]);
    });

    it('fails an import whose header names no number column, saying so', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const { last } = await importFile(a, list.id, await xlsxOf(['Nome', 'Cidade'], [['Ana', 'Natal']]));
      expect(last).toMatchObject({ action: 'failed', message: expect.stringContaining('Numero') });
    });

    it('imports an .xls (BIFF) spreadsheet', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const file = xlsOf(
        ['Name', 'Phone', 'Email'],
        [
          ['Eva', 5511922220001, 'eva@example.com'],
          ['Fabio', '55 11 92222-0002', ''],
          ['G', '5511922220003', ''],
        ],
      );
      expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
      const { last } = await importFile(a, list.id, file, 'contatos.xls');
      expect(last).toMatchObject({ action: 'done', added: 2, invalid: 1, errors: [{ line: 4, field: 'name', message: 'Too Short!' }] });
      expect((await items(a, list.id)).contacts.map((c: { number: string }) => c.number)).toEqual(['5511922220001', '5511922220002']);
    });

    it('imports a CSV as it does a spreadsheet: UTF-8 with a BOM, ";" or "," told from the header, quoted cells, progress and summary', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const semicolons = Buffer.from(
        '\uFEFFNome;Número;E-mail\r\n' +
          'João Ação;5511933330001;joao@example.com\r\n' +
          '"Márcia; a ""Má""";5511933330002;\r\n' +
          'Bia;123;\r\n' +
          '\r\n' +
          'Zé;(11) 93333-0004;nao-e-email\r\n',
        'utf8',
      );
      const first = await importFile(a, list.id, semicolons, 'contatos.csv');
      expect(first.events.find((e) => e.action === 'progress')).toMatchObject({ total: 4 });
      expect(first.last).toMatchObject({ action: 'done', added: 2, updated: 0, invalid: 2 });
      expect(first.last.errors).toEqual([
        { line: 4, field: 'number', message: 'Too Short!' },
        { line: 6, field: 'email', message: 'Invalid email' },
      ]);
      const commas = Buffer.from('email,phone,name\nana@example.com,5511933330009,"Ana, a Primeira"\n,5511933330001,João Novo\n', 'utf8');
      const second = await importFile(a, list.id, commas, 'export.txt');
      expect(second.last).toMatchObject({ action: 'done', added: 1, updated: 1, invalid: 0 });
      const stored = (await items(a, list.id)).contacts.map((c: { name: string; number: string; email: string | null }) => [c.name, c.number, c.email]);
      expect(stored).toEqual([
        ['Ana, a Primeira', '5511933330009', 'ana@example.com'],
        ['João Novo', '5511933330001', null],
        ['Márcia; a "Má"', '5511933330002', null],
      ]);
    });

    it('refuses what is neither a spreadsheet nor CSV text (415), whatever its name, and a missing file (400)', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      const res = await upload(a, list.id, png, 'contatos.xlsx').expect(415);
      expect(res.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
      expect((await upload(a, list.id, Buffer.from([0xff, 0xfe, 0x4e, 0x00, 0x3b, 0x00]), 'utf16.csv').expect(415)).body.error).toBe(
        'ERR_UNSUPPORTED_MEDIA_TYPE',
      );
      const none = await t.http().post(`/contact-lists/${list.id}/upload`).set(a.auth(a.adminToken)).expect(400);
      expect(fieldsOf(none.body)).toEqual(['file']);
    });

    it('refuses a spreadsheet over 20 MB with 413', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(20 * 1024 * 1024 + 10)]);
      expect((await upload(a, list.id, big).expect(413)).body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
    });
  });

  describe('WhatsApp check', () => {
    it('marks imported and added numbers valid or not through the connection', async () => {
      const a = await createTenant(t);
      await createSandboxConnection(t, a.company.id);
      sandboxOf(t).withoutAccount('5511933330002');
      const list = await newList(a);
      const socket = await open(a.adminToken);
      const itemEvents = record<{ action: string; record?: { id: number; isWhatsappValid: boolean | null } }>(
        socket,
        `company-${a.company.id}-ContactListItem`,
      );
      await importFile(
        a,
        list.id,
        await xlsxOf(
          ['Nome', 'Numero'],
          [
            ['Tem', '5511933330001'],
            ['Não tem', '5511933330002'],
          ],
        ),
      );
      const validity = async () =>
        Object.fromEntries((await items(a, list.id)).contacts.map((c: { number: string; isWhatsappValid: boolean | null }) => [c.number, c.isWhatsappValid]));
      await until(async () => (await validity())['5511933330002'] !== null);
      expect(await validity()).toEqual({ '5511933330001': true, '5511933330002': false });

      const added = await newItem(a, list.id, { number: '5511933330003' });
      expect(added.isWhatsappValid).toBeNull();
      const event = await until(() => itemEvents.find((e) => e.action === 'update' && e.record?.id === added.id));
      expect(event.record!.isWhatsappValid).toBe(true);
    });

    it('leaves numbers unchecked (null) when the company has no running connection', async () => {
      const a = await createTenant(t);
      const list = await newList(a);
      const { last } = await importFile(a, list.id, await xlsxOf(['Nome', 'Numero'], [['Ana', '5511944440001']]));
      expect(last.action).toBe('done');
      await new Promise((r) => setTimeout(r, 300));
      expect((await items(a, list.id)).contacts[0].isWhatsappValid).toBeNull();
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
});
