import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { Announcement } from '../src/tenant/announcements/announcement.entity';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createSuperUser, createTenant } from './factories';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

/** A real 1x1 PNG; a JPEG, a GIF and a PDF by their first bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(60, 1)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(60, 1)]);

describe('announcements', () => {
  let t: TestApp;
  let superToken: string;
  let superCompanyId: number;
  type Tenant = Awaited<ReturnType<typeof createTenant>>;
  let a: Tenant;
  let b: Tenant;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const su = await createSuperUser(t);
    superToken = su.token;
    superCompanyId = su.company.id;
    a = await createTenant(t);
    b = await createTenant(t);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, token = superToken) => t.http().post('/announcements').set(bearer(token)).send(body);
  const list = async (token: string, query = '') => (await t.http().get(`/announcements${query}`).set(bearer(token)).expect(200)).body;
  const ids = (page: { records: { id: number }[] }) => page.records.map((r) => r.id);
  const mediaDir = () => join(t.config.mediaDir, 'platform', 'announcements');
  const files = () => (existsSync(mediaDir()) ? readdirSync(mediaDir()).sort() : []);
  const upload = (id: number, data: Buffer, name = 'aviso.png', token = superToken) =>
    t.http().post(`/announcements/${id}/media-upload`).set(bearer(token)).attach('file', data, name);
  const open = async (token: string) => {
    const s = await connectSocket(t.url, token);
    sockets.push(s);
    return s;
  };

  it('lets a super user publish, change and delete; defaults are priority 3 and active', async () => {
    const created = await create({ title: '  Manutenção ', text: ' Domingo às 2h. ' }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Manutenção',
      text: 'Domingo às 2h.',
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
      companyId: superCompanyId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.body.id;
    const updated = await t.http().put(`/announcements/${id}`).set(bearer(superToken)).send({ priority: '1', status: 'false' }).expect(200);
    expect(updated.body).toMatchObject({ id, title: 'Manutenção', priority: 1, status: false });
    expect((await t.http().get(`/announcements/${id}`).set(bearer(superToken)).expect(200)).body).toEqual(updated.body);
    await t.http().delete(`/announcements/${id}`).set(bearer(superToken)).expect(204);
    expect(await t.orm.em.fork().findOne(Announcement, { id })).toBeNull();
    expect((await t.http().delete(`/announcements/${id}`).set(bearer(superToken)).expect(404)).body.error).toBe('ERR_ANNOUNCEMENT_NOT_FOUND');
  });

  it('refuses every write of a non-super user with 403 ERR_NO_PERMISSION, and changes nothing', async () => {
    const { body: ann } = await create({ title: 'Fixo', text: 'Não mude' }).expect(201);
    for (const token of [a.adminToken, a.userToken]) {
      const calls = [
        create({ title: 'x', text: 'y' }, token),
        t.http().put(`/announcements/${ann.id}`).set(bearer(token)).send({ title: 'Mudado' }),
        t.http().delete(`/announcements/${ann.id}`).set(bearer(token)),
        upload(ann.id, PNG, 'x.png', token),
        t.http().delete(`/announcements/${ann.id}/media-upload`).set(bearer(token)),
      ];
      for (const res of await Promise.all(calls)) expect([res.status, res.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    }
    expect((await t.http().get(`/announcements/${ann.id}`).set(bearer(superToken)).expect(200)).body).toEqual(ann);
  });

  it('shows every company the same active announcements, newest first; inactive ones only to super users', async () => {
    const active = (await create({ title: 'Ativo', text: 'Para todos', priority: 2 }).expect(201)).body;
    const inactive = (await create({ title: 'Rascunho', text: 'Ainda não', status: false }).expect(201)).body;
    const newest = (await create({ title: 'Mais novo', text: 'Recente' }).expect(201)).body;
    const forA = await list(a.userToken);
    const forB = await list(b.adminToken);
    expect(forA).toEqual(forB);
    expect(ids(forA)).toEqual(expect.arrayContaining([active.id, newest.id]));
    expect(ids(forA)).not.toContain(inactive.id);
    expect(ids(forA).indexOf(newest.id)).toBeLessThan(ids(forA).indexOf(active.id));
    expect(forA.records.every((r: { status: boolean }) => r.status)).toBe(true);
    // Super users see them all on the page, and the bell's list with onlyActive.
    expect(ids(await list(superToken))).toEqual(expect.arrayContaining([active.id, inactive.id, newest.id]));
    expect(ids(await list(superToken, '?onlyActive=true'))).not.toContain(inactive.id);
    // A non-super user asking for everything still gets only the active ones.
    expect(ids(await list(a.adminToken, '?onlyActive=false'))).not.toContain(inactive.id);
    // One by id: an inactive one does not exist for them.
    expect((await t.http().get(`/announcements/${active.id}`).set(bearer(b.userToken)).expect(200)).body).toEqual(active);
    expect((await t.http().get(`/announcements/${inactive.id}`).set(bearer(b.userToken)).expect(404)).body.error).toBe('ERR_ANNOUNCEMENT_NOT_FOUND');
    // Search: title or text, any case.
    expect(ids(await list(a.userToken, `?searchParam=${encodeURIComponent('PARA TODOS')}`))).toEqual([active.id]);
    expect(ids(await list(a.userToken, '?searchParam=rascunho'))).toEqual([]);
  });

  it('pages 20 at a time with hasMore', async () => {
    for (let i = 0; i < 21; i++) await create({ title: `Página ${i}`, text: 'paginação-xyz' }).expect(201);
    const first = await list(a.userToken, '?searchParam=paginação-xyz');
    const second = await list(a.userToken, '?searchParam=paginação-xyz&pageNumber=2');
    expect([first.records.length, first.hasMore, second.records.length, second.hasMore, first.count]).toEqual([20, true, 1, false, 21]);
  });

  it('attaches a PNG or JPEG (told from its bytes), serves it to every signed-in user, and removes it', async () => {
    const { body: ann } = await create({ title: 'Com imagem', text: 'Veja' }).expect(201);
    const before = files();
    for (const [data, name] of [
      [GIF, 'x.png'],
      [PDF, 'x.jpg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png'],
    ] as const) {
      expect((await upload(ann.id, data, name).expect(415)).body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    }
    expect(fieldsOf((await t.http().post(`/announcements/${ann.id}/media-upload`).set(bearer(superToken)).field('x', 'y').expect(400)).body)).toEqual(['file']);
    expect(files()).toEqual(before);
    const withPng = (await upload(ann.id, PNG, 'aviso.png').expect(201)).body;
    expect(withPng).toMatchObject({ mediaName: 'aviso.png', mediaPath: expect.stringMatching(/^an\d+-[0-9a-f]{16}\.png$/) });
    for (const token of [a.userToken, b.adminToken, superToken]) {
      const res = await t.http().get(`/announcements/${ann.id}/media`).set(bearer(token)).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
    }
    await t.http().get(`/announcements/${ann.id}/media`).expect(401);
    const withJpeg = (await upload(ann.id, JPEG, 'foto.jpeg').expect(201)).body;
    expect(withJpeg.mediaPath).toMatch(/\.jpg$/);
    expect(files()).toEqual([...before, withJpeg.mediaPath].sort());
    // Inactive: its file is gone for everyone but super users too.
    await t.http().put(`/announcements/${ann.id}`).set(bearer(superToken)).send({ status: false }).expect(200);
    await t.http().get(`/announcements/${ann.id}/media`).set(bearer(a.userToken)).expect(404);
    await t.http().get(`/announcements/${ann.id}/media`).set(bearer(superToken)).expect(200);
    const cleared = (await t.http().delete(`/announcements/${ann.id}/media-upload`).set(bearer(superToken)).expect(200)).body;
    expect([cleared.mediaPath, cleared.mediaName]).toEqual([null, null]);
    expect(files()).toEqual(before);
    expect((await t.http().get(`/announcements/${ann.id}/media`).set(bearer(superToken)).expect(404)).body.error).toBe('ERR_NOT_FOUND');
    // Deleting the announcement removes its file.
    const again = (await upload(ann.id, PNG).expect(201)).body;
    expect(files()).toContain(again.mediaPath);
    await t.http().delete(`/announcements/${ann.id}`).set(bearer(superToken)).expect(204);
    expect(files()).toEqual(before);
  });

  it('sends company-announcement to sockets of every company; an inactive one leaves the bells of non-super users', async () => {
    const su = await open(superToken);
    const sa = await open(a.userToken);
    const sb = await open(b.adminToken);
    const [toSuper, toA, toB] = [su, sa, sb].map((s) => record<Record<string, unknown>>(s, 'company-announcement'));
    const ann = (await create({ title: 'Ao vivo', text: 'Agora' }).expect(201)).body;
    const draft = (await create({ title: 'Rascunho ao vivo', text: 'Oculto', status: false }).expect(201)).body;
    const hidden = (await t.http().put(`/announcements/${ann.id}`).set(bearer(superToken)).send({ status: false }).expect(200)).body;
    const shown = (await t.http().put(`/announcements/${ann.id}`).set(bearer(superToken)).send({ status: true, priority: 1 }).expect(200)).body;
    await t.http().delete(`/announcements/${ann.id}`).set(bearer(superToken)).expect(204);
    await until(() => toSuper.length >= 5 && toA.length >= 4 && toB.length >= 4);
    await eventsDelivered(t, su, sa, sb);
    expect(toSuper).toEqual([
      { action: 'create', record: ann },
      { action: 'create', record: draft },
      { action: 'update', record: hidden },
      { action: 'update', record: shown },
      { action: 'delete', id: ann.id },
    ]);
    const others = [
      { action: 'create', record: ann },
      { action: 'delete', id: ann.id },
      { action: 'update', record: shown },
      { action: 'delete', id: ann.id },
    ];
    expect(toA).toEqual(others);
    expect(toB).toEqual(others);
  });

  it.each([
    ['title missing', { title: undefined }, ['title']],
    ['title blank', { title: '   ' }, ['title']],
    ['title too long', { title: 't'.repeat(201) }, ['title']],
    ['title not text', { title: 12 }, ['title']],
    ['text missing', { text: undefined }, ['text']],
    ['text blank', { text: ' \n ' }, ['text']],
    ['text too long', { text: 'x'.repeat(5001) }, ['text']],
    ['priority out of range', { priority: 4 }, ['priority']],
    ['priority zero', { priority: 0 }, ['priority']],
    ['priority as words', { priority: 'alta' }, ['priority']],
    ['status not a boolean', { status: 'sim' }, ['status']],
  ])('refuses %s with 400 naming the field', async (_label, over, fields) => {
    const res = await create({ title: 'Válido', text: 'Texto válido', ...over }).expect(400);
    expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_VALIDATION', fields]);
  });

  it('validates updates (null refused) and answers 400 for ids that are not ids, 404 for unknown ones', async () => {
    const { body: ann } = await create({ title: 'Fixo', text: 'Texto' }).expect(201);
    for (const [body, fields] of [
      [{ title: null }, ['title']],
      [{ text: '' }, ['text']],
      [{ priority: null }, ['priority']],
      [{ status: null }, ['status']],
    ] as const) {
      const res = await t.http().put(`/announcements/${ann.id}`).set(bearer(superToken)).send(body).expect(400);
      expect(fieldsOf(res.body)).toEqual(fields);
    }
    for (const id of ['99999999999999999999', '2147483648', '-1', '0', 'abc', '1.5']) {
      for (const res of await Promise.all([
        t.http().get(`/announcements/${id}`).set(bearer(superToken)),
        t.http().put(`/announcements/${id}`).set(bearer(superToken)).send({ title: 'x' }),
        t.http().delete(`/announcements/${id}`).set(bearer(superToken)),
        t.http().get(`/announcements/${id}/media`).set(bearer(a.userToken)),
      ])) {
        expect([res.status, res.body.error]).toEqual([400, 'ERR_VALIDATION']);
      }
    }
    expect((await t.http().get('/announcements/2147483647').set(bearer(superToken)).expect(404)).body.error).toBe('ERR_ANNOUNCEMENT_NOT_FOUND');
    for (const query of ['?pageNumber=0', '?pageNumber=abc', '?onlyActive=maybe', `?searchParam=${'s'.repeat(201)}`]) {
      expect((await t.http().get(`/announcements${query}`).set(bearer(a.userToken)).expect(400)).body.error).toBe('ERR_VALIDATION');
    }
    await t.http().get('/announcements').expect(401);
  });
});
