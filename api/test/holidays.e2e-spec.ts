import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompanyId } from '../src/common/tenancy/company-id';
import { Holiday } from '../src/tenant/holidays/holiday.entity';
import { createTestApp, TestApp } from './harness';
import { createHoliday, createTenant, createUser, login } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
const messagesOf = (body: { fields?: { messages: string[] }[] }) => (body.fields ?? []).flatMap((f) => f.messages);

/** A real 1x1 PNG; a JPEG and a GIF by their first bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(60, 1)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(60, 1)]);

describe('holidays', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dbHoliday = (id: number) => t.orm.em.fork().findOne(Holiday, { id }, { filters: false });
  const mediaDir = (companyId: CompanyId) => join(t.config.mediaDir, `company${companyId}`, 'holidays');
  const files = (companyId: CompanyId) => (existsSync(mediaDir(companyId)) ? readdirSync(mediaDir(companyId)).sort() : []);
  const upload = (tenant: Tenant, id: number, data: Buffer, name = 'natal.png', token = tenant.adminToken) =>
    t.http().post(`/holidays/${id}/media-upload`).set(bearer(token)).attach('file', data, name);
  const valid = { name: 'Natal', body: 'Feliz Natal! Voltamos dia 26.', dateHoliday: '2030-12-25 03:00:00' };

  describe('creating and reading', () => {
    it("creates a holiday from the spec client's date form and answers it pending, without an image", async () => {
      const a = await createTenant(t);
      const res = await t
        .http()
        .post('/holidays')
        .set(a.auth(a.adminToken))
        .send({ ...valid, name: '  Natal ', companyId: 999 })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'Natal',
        body: 'Feliz Natal! Voltamos dia 26.',
        dateHoliday: '2030-12-25',
        status: 'PENDENTE',
        sentAt: null,
        mediaPath: null,
        mediaName: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await dbHoliday(res.body.id))!.companyId).toBe(a.company.id);
      expect((await t.http().get(`/holidays/${res.body.id}`).set(a.auth(a.adminToken)).expect(200)).body).toEqual(res.body);
    });

    it.each([
      ['2031-01-01', '2031-01-01'],
      ['2031-01-01T03:00:00.000Z', '2031-01-01'],
      [' 2031-04-21 03:00 ', '2031-04-21'],
      ['2032-02-29 03:00:00', '2032-02-29'],
    ])('reads dateHoliday %j as %s', async (dateHoliday, stored) => {
      const a = await createTenant(t);
      const res = await t
        .http()
        .post('/holidays')
        .set(a.auth(a.adminToken))
        .send({ ...valid, dateHoliday })
        .expect(201);
      expect(res.body.dateHoliday).toBe(stored);
    });

    it.each([
      ['name missing', { name: undefined }, ['name'], 'Obrigatório'],
      ['name blank', { name: '  ' }, ['name'], 'Obrigatório'],
      ['name too long', { name: 'n'.repeat(101) }, ['name'], 'Too Long!'],
      ['body missing', { body: undefined }, ['body'], 'Obrigatório'],
      ['body too short', { body: 'Oi! ' }, ['body'], 'Mensagem muito curta'],
      ['body too long', { body: 'b'.repeat(4097) }, ['body'], 'Too Long!'],
      ['body not text', { body: 12345 }, ['body'], undefined],
      ['date missing', { dateHoliday: undefined }, ['dateHoliday'], 'Obrigatório'],
      ['date in another format', { dateHoliday: '25/12/2030' }, ['dateHoliday'], 'Data inválida'],
      ['date that does not exist', { dateHoliday: '2031-02-29' }, ['dateHoliday'], 'Data inválida'],
      ['date with a bad time', { dateHoliday: '2030-12-25 25:00:00' }, ['dateHoliday'], 'Data inválida'],
      ['date of year 0', { dateHoliday: '0000-01-01' }, ['dateHoliday'], 'Data inválida'],
      ['date not text', { dateHoliday: 20301225 }, ['dateHoliday'], undefined],
    ])('rejects %s with 400 naming the field', async (_label, over, fields, message) => {
      const a = await createTenant(t);
      const res = await t
        .http()
        .post('/holidays')
        .set(a.auth(a.adminToken))
        .send({ ...valid, ...over })
        .expect(400);
      expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_VALIDATION', fields]);
      if (message) expect(messagesOf(res.body)).toContain(message);
      expect((await t.http().get('/holidays').set(a.auth(a.adminToken)).expect(200)).body.holidays).toEqual([]);
    });

    it('lists the company holidays by date, 20 a page, with search on name and message', async () => {
      const a = await createTenant(t);
      const later = await createHoliday(t.orm, a.company.id, { name: 'Natal', dateHoliday: '2030-12-25' });
      const sooner = await createHoliday(t.orm, a.company.id, { name: 'Tiradentes', dateHoliday: '2030-04-21', body: 'Feriado nacional de abril' });
      const page = await t.http().get('/holidays').set(a.auth(a.adminToken)).expect(200);
      expect(page.body).toEqual({
        holidays: [expect.objectContaining({ id: sooner.id }), expect.objectContaining({ id: later.id })],
        count: 2,
        hasMore: false,
      });
      const byBody = await t.http().get('/holidays?searchParam=ABRIL').set(a.auth(a.adminToken)).expect(200);
      expect(byBody.body.holidays.map((h: { id: number }) => h.id)).toEqual([sooner.id]);
      for (let i = 1; i <= 20; i++) await createHoliday(t.orm, a.company.id, { dateHoliday: `2031-01-${String(i).padStart(2, '0')}` });
      const first = await t.http().get('/holidays?pageNumber=1').set(a.auth(a.adminToken)).expect(200);
      expect([first.body.holidays.length, first.body.count, first.body.hasMore]).toEqual([20, 22, true]);
      const second = await t.http().get('/holidays?pageNumber=2').set(a.auth(a.adminToken)).expect(200);
      expect(second.body.holidays.map((h: { dateHoliday: string }) => h.dateHoliday)).toEqual(['2031-01-19', '2031-01-20']);
      expect(second.body.hasMore).toBe(false);
      expect((await t.http().get('/holidays?pageNumber=0').set(a.auth(a.adminToken)).expect(400)).body.error).toBe('ERR_VALIDATION');
      expect((await t.http().get('/holidays/999999').set(a.auth(a.adminToken)).expect(404)).body.error).toBe('ERR_HOLIDAY_NOT_FOUND');
      expect((await t.http().get('/holidays/abc').set(a.auth(a.adminToken)).expect(400)).body.fields).toEqual([
        { field: 'id', messages: [expect.any(String)] },
      ]);
    });
  });

  describe('updating and deleting', () => {
    it('changes only the fields sent, with the same rules; a failed send becomes pending again', async () => {
      const a = await createTenant(t);
      const h = await createHoliday(t.orm, a.company.id, { name: 'Carnaval', status: 'ERRO' });
      const res = await t.http().put(`/holidays/${h.id}`).set(a.auth(a.adminToken)).send({ dateHoliday: '2031-03-04 03:00:00' }).expect(200);
      expect(res.body).toMatchObject({ id: h.id, name: 'Carnaval', body: h.body, dateHoliday: '2031-03-04', status: 'PENDENTE', sentAt: null });
      const cases: [Record<string, unknown>, string[]][] = [
        [{ name: null }, ['name']],
        [{ body: 'curt' }, ['body']],
        [{ body: null }, ['body']],
        [{ dateHoliday: '2031-13-01' }, ['dateHoliday']],
        [{ dateHoliday: null }, ['dateHoliday']],
      ];
      for (const [body, fields] of cases) {
        const bad = await t.http().put(`/holidays/${h.id}`).set(a.auth(a.adminToken)).send(body);
        expect({ body, status: bad.status, error: bad.body.error, fields: fieldsOf(bad.body) }).toEqual({ body, status: 400, error: 'ERR_VALIDATION', fields });
      }
      expect(await dbHoliday(h.id)).toMatchObject({ name: 'Carnaval', dateHoliday: '2031-03-04' });
      expect((await t.http().put('/holidays/999999').set(a.auth(a.adminToken)).send({ name: 'X' }).expect(404)).body.error).toBe('ERR_HOLIDAY_NOT_FOUND');
    });

    it('refuses to change a holiday already sent (409 ERR_HOLIDAY_ALREADY_SENT), and still deletes it', async () => {
      const a = await createTenant(t);
      const sentAt = new Date('2030-12-25T12:00:00.000Z');
      const h = await createHoliday(t.orm, a.company.id, { status: 'ENVIADA', sentAt });
      const calls = await Promise.all([
        t.http().put(`/holidays/${h.id}`).set(a.auth(a.adminToken)).send({ name: 'Outro' }),
        upload(a, h.id, PNG),
        t.http().delete(`/holidays/${h.id}/media-upload`).set(a.auth(a.adminToken)),
      ]);
      for (const res of calls) expect([res.status, res.body.error]).toEqual([409, 'ERR_HOLIDAY_ALREADY_SENT']);
      const read = await t.http().get(`/holidays/${h.id}`).set(a.auth(a.adminToken)).expect(200);
      expect(read.body).toMatchObject({ name: h.name, status: 'ENVIADA', sentAt: sentAt.toISOString(), mediaPath: null });
      expect(files(a.company.id)).toEqual([]);
      await t.http().delete(`/holidays/${h.id}`).set(a.auth(a.adminToken)).expect(204);
      expect(await dbHoliday(h.id)).toBeNull();
      expect((await t.http().delete(`/holidays/${h.id}`).set(a.auth(a.adminToken)).expect(404)).body.error).toBe('ERR_HOLIDAY_NOT_FOUND');
    });
  });

  describe('the image', () => {
    it('stores a PNG or JPEG under a server-made name in the company folder, replacing the previous one', async () => {
      const a = await createTenant(t);
      const h = await createHoliday(t.orm, a.company.id);
      const first = await upload(a, h.id, PNG, '../../natal feliz.png').expect(201);
      expect(first.body).toMatchObject({ id: h.id, mediaName: 'natal feliz.png', mediaPath: expect.stringMatching(/^hd\d+-[0-9a-f]{16}\.png$/) });
      expect(files(a.company.id)).toEqual([first.body.mediaPath]);
      expect(readFileSync(join(mediaDir(a.company.id), first.body.mediaPath))).toEqual(PNG);
      // The name and declared type say PNG; the bytes say JPEG, and they decide.
      const second = await upload(a, h.id, JPEG, 'foto.png').expect(201);
      expect(second.body.mediaPath).toMatch(/\.jpg$/);
      expect(files(a.company.id)).toEqual([second.body.mediaPath]);
      expect((await t.http().get(`/holidays/${h.id}`).set(a.auth(a.adminToken)).expect(200)).body.mediaName).toBe('foto.png');
      const removed = await t.http().delete(`/holidays/${h.id}/media-upload`).set(a.auth(a.adminToken)).expect(200);
      expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
      expect(files(a.company.id)).toEqual([]);
    });

    it('refuses other file types (415), an empty or missing file (400 on file) and one over 16 MB (413)', async () => {
      const a = await createTenant(t);
      const h = await createHoliday(t.orm, a.company.id);
      for (const data of [GIF, PDF, Buffer.from('not an image at all, just text')]) {
        const res = await upload(a, h.id, data, 'image.png').expect(415);
        expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_UNSUPPORTED_MEDIA_TYPE', ['file']]);
      }
      const empty = await upload(a, h.id, Buffer.alloc(0), 'vazio.png').expect(400);
      expect([empty.body.error, fieldsOf(empty.body)]).toEqual(['ERR_VALIDATION', ['file']]);
      const none = await t.http().post(`/holidays/${h.id}/media-upload`).set(a.auth(a.adminToken)).field('x', 'y').expect(400);
      expect([none.body.error, fieldsOf(none.body)]).toEqual(['ERR_VALIDATION', ['file']]);
      const big = Buffer.concat([PNG, Buffer.alloc(16 * 1024 * 1024)]);
      expect((await upload(a, h.id, big).expect(413)).body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
      expect((await upload(a, 999999, PNG).expect(404)).body.error).toBe('ERR_HOLIDAY_NOT_FOUND');
      expect(await dbHoliday(h.id)).toMatchObject({ media: { path: null, name: null } });
      expect(files(a.company.id)).toEqual([]);
    });

    it('deleting a holiday deletes its image', async () => {
      const a = await createTenant(t);
      const h = await createHoliday(t.orm, a.company.id);
      await upload(a, h.id, PNG).expect(201);
      expect(files(a.company.id)).toHaveLength(1);
      await t.http().delete(`/holidays/${h.id}`).set(a.auth(a.adminToken)).expect(204);
      expect(files(a.company.id)).toEqual([]);
    });
  });

  describe('permissions and tenant isolation', () => {
    let a: Tenant;
    let b: Tenant;
    beforeAll(async () => {
      a = await createTenant(t);
      b = await createTenant(t);
    });

    it('lets only admins (holidays:manage) read or change holidays: a user and a supervisor get 403', async () => {
      const h = await createHoliday(t.orm, a.company.id, { name: 'Fixo' });
      const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
      const supToken = (await login(t, supervisor.email)).token;
      for (const token of [a.userToken, supToken]) {
        const calls = await Promise.all([
          t.http().get('/holidays').set(bearer(token)),
          t.http().get(`/holidays/${h.id}`).set(bearer(token)),
          t.http().post('/holidays').set(bearer(token)).send(valid),
          t.http().put(`/holidays/${h.id}`).set(bearer(token)).send({ name: 'Mudou' }),
          upload(a, h.id, PNG, 'x.png', token),
          t.http().delete(`/holidays/${h.id}/media-upload`).set(bearer(token)),
          t.http().delete(`/holidays/${h.id}`).set(bearer(token)),
        ]);
        for (const res of calls) expect([res.status, res.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
      }
      expect(await dbHoliday(h.id)).toMatchObject({ name: 'Fixo', media: { path: null } });
      await t.http().get('/holidays').expect(401);
    });

    it("answers 404 to company B for every read and change of A's holiday, changing nothing", async () => {
      const h = await createHoliday(t.orm, a.company.id, { name: 'Privado' });
      await upload(a, h.id, PNG).expect(201);
      const before = await dbHoliday(h.id);
      const calls = await Promise.all([
        t.http().get(`/holidays/${h.id}`).set(b.auth(b.adminToken)),
        t.http().put(`/holidays/${h.id}`).set(b.auth(b.adminToken)).send({ name: 'Tomado' }),
        upload(b, h.id, JPEG),
        t.http().delete(`/holidays/${h.id}/media-upload`).set(b.auth(b.adminToken)),
        t.http().delete(`/holidays/${h.id}`).set(b.auth(b.adminToken)),
      ]);
      for (const res of calls) expect([res.status, res.body.error]).toEqual([404, 'ERR_HOLIDAY_NOT_FOUND']);
      expect(await dbHoliday(h.id)).toEqual(before);
      expect(files(a.company.id)).toEqual([before!.media.path]);
      expect(files(b.company.id)).toEqual([]);
      const list = await t.http().get('/holidays').set(b.auth(b.adminToken)).expect(200);
      expect(list.body.holidays.some((x: { id: number }) => x.id === h.id)).toBe(false);
    });
  });
});
