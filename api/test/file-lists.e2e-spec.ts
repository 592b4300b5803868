import type { CompanyId } from '../src/common/tenancy/company-id';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { FileList, FileListOption } from '../src/campaign/file-lists/file-list.entity';
import { FileListsService } from '../src/campaign/file-lists/file-lists.service';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createTenant } from './factories';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));
/** A real 1x1 PNG and a minimal PDF. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('file lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Tenant = Awaited<ReturnType<typeof createTenant>>;
  const folder = (companyId: CompanyId) => join(t.config.mediaDir, `company${companyId}`, 'file-lists');
  const stored = (companyId: CompanyId) => (existsSync(folder(companyId)) ? readdirSync(folder(companyId)).sort() : []);
  const admin = (a: Tenant) => a.auth(a.adminToken);
  const create = async (a: Tenant, body: object) => (await t.http().post('/files').set(admin(a)).send(body).expect(201)).body;
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  describe('creating, listing and validating', () => {
    it('creates a list owned by the caller with its options in order, lists and searches it', async () => {
      const a = await createTenant(t);
      const list = await create(a, {
        name: ' Catálogo de verão ',
        message: 'Confira!',
        userId: a.user.id,
        options: [{ name: 'Foto', mediaType: 'image/png' }, { name: 'Tabela\nde preços' }],
      });
      expect(list).toEqual({
        id: expect.any(Number),
        name: 'Catálogo de verão',
        message: 'Confira!',
        userId: a.admin.id,
        companyId: a.company.id,
        options: [
          { id: expect.any(Number), fileListId: list.id, name: 'Foto', path: null, mediaType: null, mediaName: null },
          { id: expect.any(Number), fileListId: list.id, name: 'Tabela\nde preços', path: null, mediaType: null, mediaName: null },
        ],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const other = await create(a, { name: 'Boas-vindas', message: 'Olá' });
      expect(other.options).toEqual([]);

      const page = await t.http().get('/files').set(admin(a)).expect(200);
      expect(page.body).toEqual({ files: [other, list], count: 2, hasMore: false });
      const search = await t.http().get('/files/').query({ searchParam: 'VERÃO', pageNumber: 1, companyId: 999 }).set(admin(a)).expect(200);
      expect(search.body.files.map((f: { id: number }) => f.id)).toEqual([list.id]);
      expect((await t.http().get(`/files/${list.id}`).set(admin(a)).expect(200)).body).toEqual(list);
    });

    it("validates name ('Obrigatório', 'nome muito curto') and message ('Obrigatório'), writing nothing", async () => {
      const a = await createTenant(t);
      let res = await t.http().post('/files').set(admin(a)).send({}).expect(400);
      expect(fieldsOf(res.body).name).toContain('Obrigatório');
      expect(fieldsOf(res.body).message).toContain('Obrigatório');
      res = await t.http().post('/files').set(admin(a)).send({ name: ' ab ', message: '   ' }).expect(400);
      expect(fieldsOf(res.body).name).toEqual(['nome muito curto']);
      expect(fieldsOf(res.body).message).toContain('Obrigatório');
      res = await t
        .http()
        .post('/files')
        .set(admin(a))
        .send({ name: 'x'.repeat(101), message: 'ok', options: [{ name: 5 }] })
        .expect(400);
      expect(Object.keys(fieldsOf(res.body)).sort()).toEqual(['name', 'options.0.name']);
      res = await t
        .http()
        .post('/files')
        .set(admin(a))
        .send({ name: 'Muitos', message: 'ok', options: Array.from({ length: 11 }, () => ({ name: 'a' })) })
        .expect(400);
      expect(Object.keys(fieldsOf(res.body))).toEqual(['options']);
      res = await t
        .http()
        .post('/files')
        .set(admin(a))
        .send({ name: 'Com id', message: 'ok', options: [{ id: 5, name: 'a' }] })
        .expect(400);
      expect(Object.keys(fieldsOf(res.body))).toEqual(['options.0.id']);
      expect(await t.orm.em.fork().count(FileList, { companyId: a.company.id }, { filters: false })).toBe(0);
      await t.http().get('/files/abc').set(admin(a)).expect(400);
      expect((await t.http().get('/files/99999').set(admin(a)).expect(404)).body.error).toBe('ERR_FILE_LIST_NOT_FOUND');
    });
  });

  describe('updating options', () => {
    it('keeps and renames options sent with their id, adds new ones, deletes the missing ones with their files', async () => {
      const a = await createTenant(t);
      const list = await create(a, { name: 'Lista', message: 'msg', options: [{ name: 'um' }, { name: 'dois' }, { name: 'três' }] });
      const [one, two, three] = list.options;
      await t
        .http()
        .post(`/files/uploadList/${list.id}`)
        .set(admin(a))
        .field('id', String(two.id))
        .field('id', String(three.id))
        .attach('files', PNG, 'dois.png')
        .attach('files', PDF, 'tres.pdf')
        .expect(201);
      expect(stored(a.company.id)).toHaveLength(2);

      const res = await t
        .http()
        .put(`/files/${list.id}`)
        .set(admin(a))
        .send({ name: 'Lista 2', message: 'nova', options: [{ id: three.id, name: 'três (novo)' }, { name: 'quatro' }, { id: one.id, name: 'um' }] })
        .expect(200);
      expect(res.body).toMatchObject({ id: list.id, name: 'Lista 2', message: 'nova' });
      expect(res.body.options.map((o: { id: number; name: string }) => [o.id, o.name])).toEqual([
        [three.id, 'três (novo)'],
        [expect.any(Number), 'quatro'],
        [one.id, 'um'],
      ]);
      expect(res.body.options[0]).toMatchObject({ mediaName: 'tres.pdf', mediaType: 'application' });
      // The removed option's file is gone; the kept one's stays.
      expect(stored(a.company.id)).toEqual([res.body.options[0].path]);
      expect(await t.orm.em.fork().count(FileListOption, { fileList: list.id }, { filters: false })).toBe(3);

      // Without options, they stay as they are.
      const same = await t.http().put(`/files/${list.id}`).set(admin(a)).send({ name: 'Lista 3', message: 'x' }).expect(200);
      expect(same.body.options).toEqual(res.body.options);

      // An id that is not one of this list's options (or twice) is refused, changing nothing.
      const other = await create(a, { name: 'Outra', message: 'x', options: [{ name: 'alheia' }] });
      const bad = await t
        .http()
        .put(`/files/${list.id}`)
        .set(admin(a))
        .send({ name: 'Lista 4', message: 'x', options: [{ id: other.options[0].id }, { id: one.id }, { id: one.id }] })
        .expect(400);
      expect(Object.keys(fieldsOf(bad.body)).sort()).toEqual(['options.0.id', 'options.2.id']);
      expect((await t.http().get(`/files/${list.id}`).set(admin(a)).expect(200)).body).toMatchObject({ name: 'Lista 3', options: same.body.options });
      const invalid = await t.http().put(`/files/${list.id}`).set(admin(a)).send({ name: 'ab', message: '' }).expect(400);
      expect(fieldsOf(invalid.body)).toMatchObject({ name: ['nome muito curto'], message: ['Obrigatório'] });
    });
  });

  describe('uploading', () => {
    it('attaches each file to the option named by the parallel id, from its bytes, replacing and deleting on delete', async () => {
      const a = await createTenant(t);
      const list = await create(a, { name: 'Arquivos', message: 'Veja', options: [{ name: 'foto' }, { name: 'pdf' }] });
      const [photo, pdf] = list.options;
      // The spec's client fields: fileId, typeArch, and per option files, mediaType, name and id. Ids in the other order.
      const res = await t
        .http()
        .post(`/files/uploadList/${list.id}`)
        .set(admin(a))
        .field('fileId', String(list.id))
        .field('typeArch', 'fileList')
        .field('mediaType', 'application/pdf')
        .field('name', 'pdf')
        .field('id', String(pdf.id))
        .attach('files', PDF, 'Tabela de preços.pdf')
        .field('mediaType', 'image/png')
        .field('name', 'foto')
        .field('id', String(photo.id))
        .attach('files', PNG, { filename: '../../Foto 1.png', contentType: 'image/png' })
        .expect(201);
      const [p, d] = res.body.options;
      expect(p).toMatchObject({ id: photo.id, name: 'foto', mediaType: 'image', mediaName: 'Foto 1.png' });
      expect(d).toMatchObject({ id: pdf.id, name: 'pdf', mediaType: 'application', mediaName: 'Tabela de preços.pdf' });
      expect(p.path).toMatch(new RegExp(`^fl${photo.id}-[0-9a-f]{16}\\.png$`));
      expect(d.path).toMatch(new RegExp(`^fl${pdf.id}-[0-9a-f]{16}\\.pdf$`));
      expect(readFileSync(join(folder(a.company.id), p.path)).equals(PNG)).toBe(true);
      expect(readFileSync(join(folder(a.company.id), d.path)).equals(PDF)).toBe(true);
      expect((await t.http().get(`/files/${list.id}`).set(admin(a)).expect(200)).body).toEqual(res.body);

      // A new file replaces the option's previous one.
      const again = await t.http().post(`/files/uploadList/${list.id}`).set(admin(a)).field('id', String(photo.id)).attach('files', PDF, 'b.pdf').expect(201);
      expect(again.body.options[0]).toMatchObject({ mediaType: 'application', mediaName: 'b.pdf' });
      expect(stored(a.company.id)).toEqual([again.body.options[0].path, d.path].sort());

      await t.http().delete(`/files/${list.id}`).set(admin(a)).expect(204);
      expect(stored(a.company.id)).toEqual([]);
      expect(await t.orm.em.fork().count(FileListOption, { companyId: a.company.id }, { filters: false })).toBe(0);
      await t.http().get(`/files/${list.id}`).set(admin(a)).expect(404);
      await t.http().delete(`/files/${list.id}`).set(admin(a)).expect(404);
    });

    it('refuses a text file (415), missing files or ids (400) and foreign ids, storing nothing', async () => {
      const a = await createTenant(t);
      const list = await create(a, { name: 'Arquivos', message: 'Veja', options: [{ name: 'a' }, { name: 'b' }] });
      const [first, second] = list.options;
      const other = await create(a, { name: 'Outra', message: 'x', options: [{ name: 'c' }] });
      const post = () => t.http().post(`/files/uploadList/${list.id}`).set(admin(a));

      let res = await post()
        .field('id', String(first.id))
        .field('id', String(second.id))
        .attach('files', PNG, 'ok.png')
        .attach('files', Buffer.from('just some text, not an image at all'), { filename: 'fake.png', contentType: 'image/png' })
        .expect(415);
      expect(res.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
      expect(fieldsOf(res.body)).toEqual({ 'files.1': ['Unsupported file type'] });
      res = await post().field('id', String(first.id)).expect(400);
      expect(fieldsOf(res.body)).toEqual({ files: ['Required'] });
      res = await post().attach('files', PNG, 'ok.png').expect(400);
      expect(fieldsOf(res.body)).toEqual({ id: ['One option id per file'] });
      res = await post().field('id', String(other.options[0].id)).attach('files', PNG, 'ok.png').expect(400);
      expect(fieldsOf(res.body)).toEqual({ 'id.0': ['Not an option of this file list'] });
      res = await post().field('fileId', String(other.id)).field('id', String(first.id)).attach('files', PNG, 'ok.png').expect(400);
      expect(Object.keys(fieldsOf(res.body))).toEqual(['fileId']);
      expect(stored(a.company.id)).toEqual([]);
      expect((await t.http().get(`/files/${list.id}`).set(admin(a)).expect(200)).body.options.map((o: { path: null }) => o.path)).toEqual([null, null]);
    });

    it('gives the campaign sender the files in list order, and each message its own copy that outlives the list', async () => {
      const a = await createTenant(t);
      const list = await create(a, { name: 'Envio', message: 'Oi', options: [{ name: 'sem arquivo' }, { name: 'pdf' }, { name: 'foto' }] });
      const [, pdf, photo] = list.options;
      const up = await t
        .http()
        .post(`/files/uploadList/${list.id}`)
        .set(admin(a))
        .field('id', String(photo.id))
        .field('id', String(pdf.id))
        .attach('files', PNG, 'foto.png')
        .attach('files', PDF, 'preços.pdf')
        .expect(201);
      const service = t.app.get(FileListsService);
      const attachments = await service.attachmentsFor(a.company.id, list.id);
      expect(attachments).toEqual([
        {
          key: `company${a.company.id}/file-lists/${up.body.options[1].path}`,
          mimetype: 'application/pdf',
          mediaType: 'application',
          name: 'preços.pdf',
          storedName: up.body.options[1].path,
          caption: 'pdf',
        },
        {
          key: `company${a.company.id}/file-lists/${up.body.options[2].path}`,
          mimetype: 'image/png',
          mediaType: 'image',
          name: 'foto.png',
          storedName: up.body.options[2].path,
          caption: 'foto',
        },
      ]);
      const media = await service.mediaFor(a.company.id, list.id);
      expect(media).toEqual([
        // Each file's description is its caption on the phone (issue 30).
        { path: expect.stringMatching(/^messages\/\d{4}-\d{2}\/[0-9a-f]{24}\.pdf$/), mediaType: 'application', mediaName: 'preços.pdf', caption: 'pdf' },
        { path: expect.stringMatching(/^messages\/\d{4}-\d{2}\/[0-9a-f]{24}\.png$/), mediaType: 'image', mediaName: 'foto.png', caption: 'foto' },
      ]);
      const second = await service.mediaFor(a.company.id, list.id);
      expect(second[0].path).not.toBe(media[0].path);
      await t.http().delete(`/files/${list.id}`).set(admin(a)).expect(204);
      const messageFile = (rel: string) => readFileSync(join(t.config.mediaDir, `company${a.company.id}`, rel));
      expect(messageFile(media[0].path).equals(PDF)).toBe(true);
      expect(messageFile(media[1].path).equals(PNG)).toBe(true);
      // Another company's list is not found.
      const b = await createTenant(t);
      const theirs = await create(b, { name: 'Deles', message: 'x' });
      await expect(service.mediaFor(a.company.id, theirs.id)).rejects.toMatchObject({ def: { code: 'ERR_FILE_LIST_NOT_FOUND' } });
    });
  });

  describe('live list', () => {
    it('announces create, update and delete on company-{id}-file to admins only', async () => {
      const a = await createTenant(t);
      const adminSocket = await connectSocket(t.url, a.adminToken);
      const userSocket = await connectSocket(t.url, a.userToken);
      sockets.push(adminSocket, userSocket);
      const events = record<Record<string, unknown>>(adminSocket, `company-${a.company.id}-file`);
      const overheard = record(userSocket, `company-${a.company.id}-file`);
      const created = await create(a, { name: 'Ao vivo', message: 'x', options: [{ name: 'a' }] });
      const uploaded = (
        await t
          .http()
          .post(`/files/uploadList/${created.id}`)
          .set(admin(a))
          .field('id', String(created.options[0].id))
          .attach('files', PNG, 'a.png')
          .expect(201)
      ).body;
      const updated = (await t.http().put(`/files/${created.id}`).set(admin(a)).send({ name: 'Ao vivo 2', message: 'y' }).expect(200)).body;
      await t.http().delete(`/files/${created.id}`).set(admin(a)).expect(204);
      await until(() => events.length >= 4);
      expect(events).toEqual([
        { action: 'create', files: created },
        { action: 'update', files: uploaded },
        { action: 'update', files: updated },
        { action: 'delete', fileId: created.id },
      ]);
      await eventsDelivered(t, userSocket);
      expect(overheard).toEqual([]);
    });
  });

  describe('access', () => {
    it('an attendant gets 403 on every route', async () => {
      const a = await createTenant(t);
      const list = await create(a, { name: 'Lista', message: 'x', options: [{ name: 'a' }] });
      const user = a.auth(a.userToken);
      const calls = [
        t.http().get('/files').set(user),
        t.http().get(`/files/${list.id}`).set(user),
        t.http().post('/files').set(user).send({ name: 'Minha', message: 'x' }),
        t.http().put(`/files/${list.id}`).set(user).send({ name: 'Minha', message: 'x' }),
        t.http().post(`/files/uploadList/${list.id}`).set(user).field('id', String(list.options[0].id)).attach('files', PNG, 'a.png'),
        t.http().delete(`/files/${list.id}`).set(user),
      ];
      for (const call of calls) expect((await call.expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      expect(stored(a.company.id)).toEqual([]);
    });

    it('answers ERR_PLAN_FEATURE_DISABLED when the plan has no campaigns', async () => {
      const a = await createTenant(t, { useCampaigns: false });
      const res = await t.http().get('/files').set(admin(a)).expect(403);
      expect(res.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
      await t.http().post('/files').set(admin(a)).send({ name: 'Lista', message: 'x' }).expect(403);
      await t.http().post('/files/uploadList/1').set(admin(a)).field('id', '1').attach('files', PNG, 'a.png').expect(403);
    });

    it("company B gets 404 on every route for A's list, and its list never holds it", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const list = await create(a, { name: 'De A', message: 'x', options: [{ name: 'a' }] });
      const mine = await create(b, { name: 'De B', message: 'y' });
      const bAdmin = admin(b);
      expect((await t.http().get(`/files/${list.id}`).set(bAdmin).expect(404)).body.error).toBe('ERR_FILE_LIST_NOT_FOUND');
      await t.http().put(`/files/${list.id}`).set(bAdmin).send({ name: 'hacked', message: 'x', options: [] }).expect(404);
      await t.http().post(`/files/uploadList/${list.id}`).set(bAdmin).field('id', String(list.options[0].id)).attach('files', PNG, 'a.png').expect(404);
      await t.http().delete(`/files/${list.id}`).set(bAdmin).expect(404);
      // B's own list cannot take A's option either.
      const res = await t
        .http()
        .put(`/files/${mine.id}`)
        .set(bAdmin)
        .send({ name: 'De B', message: 'y', options: [{ id: list.options[0].id, name: 'roubada' }] })
        .expect(400);
      expect(Object.keys(fieldsOf(res.body))).toEqual(['options.0.id']);
      expect((await t.http().get('/files').query({ companyId: a.company.id }).set(bAdmin).expect(200)).body.files.map((f: { id: number }) => f.id)).toEqual([
        mine.id,
      ]);
      expect((await t.http().get(`/files/${list.id}`).set(admin(a)).expect(200)).body).toEqual(list);
      expect(stored(b.company.id)).toEqual([]);
      expect(stored(a.company.id)).toEqual([]);
    });
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    it('an upload with no files answers 200 and changes nothing', async () => {
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
  });
});
