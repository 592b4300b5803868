import * as ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import type { Socket } from 'socket.io-client';
import { connectSocket, createTestApp, record, TestApp, until } from './harness';
import { createSandboxConnection, createTenant, sandboxOf } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

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

describe('contact lists: spreadsheet import and the WhatsApp check', () => {
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
        // An item without an e-mail is answered with '' (the spec's default; clients of the original refuse null).
        ['João Novo', '5511933330001', ''],
        ['Márcia; a "Má"', '5511933330002', ''],
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
});
