import type { CompanyId } from '../src/common/tenancy/company-id';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QuickMessage } from '../src/ticket/quick-messages/quick-message.entity';
import { createTestApp, TestApp } from './harness';
import { createQuickMessage, createTenant, createUser, login } from './factories';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);

describe('quick messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = (id: number) => t.orm.em.fork().findOne(QuickMessage, { id }, { filters: false });
  const mediaDir = (companyId: CompanyId) => join(t.config.mediaDir, `company${companyId}`, 'quick-messages');
  const files = (companyId: CompanyId) => (existsSync(mediaDir(companyId)) ? readdirSync(mediaDir(companyId)).sort() : []);

  /** A company with an admin, a supervisor and two plain users. */
  async function setup() {
    const a = await createTenant(t);
    const supervisor = await createUser(t.orm, { companyId: a.company.id, profile: 'supervisor' });
    const other = await createUser(t.orm, { companyId: a.company.id });
    return {
      ...a,
      supervisor,
      other,
      supervisorToken: (await login(t, supervisor.email)).token,
      otherToken: (await login(t, other.email)).token,
    };
  }

  describe('creating and validating', () => {
    it('creates private ones for everyone; only tickets-manager:showall holders make shared ones', async () => {
      const a = await setup();
      const mine = await t
        .http()
        .post('/quick-messages')
        .set(a.auth(a.userToken))
        .send({ shortcode: ' oi ', message: 'Olá, tudo bem?', geral: true, userId: a.admin.id })
        .expect(201);
      expect(mine.body).toEqual({
        id: expect.any(Number),
        shortcode: 'oi',
        message: 'Olá, tudo bem?',
        geral: false,
        mediaPath: null,
        mediaName: null,
        isMedia: false,
        userId: a.user.id,
        companyId: a.company.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const shared = await t.http().post('/quick-messages').set(a.auth(a.supervisorToken)).send({ shortcode: 'geral', geral: 'true' }).expect(201);
      expect(shared.body).toMatchObject({ geral: true, message: '', userId: a.supervisor.id });
      const privateByAdmin = await t.http().post('/quick-messages').set(a.auth(a.adminToken)).send({ shortcode: 'adm' }).expect(201);
      expect(privateByAdmin.body.geral).toBe(false);
    });

    it("validates shortcode ('Obrigatório') and types, writing nothing", async () => {
      const a = await setup();
      let res = await t.http().post('/quick-messages').set(a.auth(a.userToken)).send({ message: 'sem atalho' }).expect(400);
      expect(fieldsOf(res.body).shortcode).toContain('Obrigatório');
      res = await t.http().post('/quick-messages').set(a.auth(a.userToken)).send({ shortcode: '   ' }).expect(400);
      expect(fieldsOf(res.body).shortcode).toContain('Obrigatório');
      res = await t
        .http()
        .post('/quick-messages')
        .set(a.auth(a.userToken))
        .send({ shortcode: 'x'.repeat(101), message: 5, geral: 'maybe' })
        .expect(400);
      expect(Object.keys(fieldsOf(res.body)).sort()).toEqual(['geral', 'message', 'shortcode']);
      const row = await createQuickMessage(t.orm, a.company.id, { userId: a.user.id, shortcode: 'keep' });
      res = await t.http().put(`/quick-messages/${row.id}`).set(a.auth(a.userToken)).send({ shortcode: '' }).expect(400);
      expect(fieldsOf(res.body).shortcode).toContain('Obrigatório');
      expect((await db(row.id))!.shortcode).toBe('keep');
      expect(await t.orm.em.fork().count(QuickMessage, { companyId: a.company.id }, { filters: false })).toBe(1);
    });
  });

  describe('private versus shared', () => {
    it("lists shared ones and the caller's own private ones; another user's private one is 404", async () => {
      const a = await setup();
      const shared = await createQuickMessage(t.orm, a.company.id, { userId: a.admin.id, geral: true, shortcode: 'b-geral', message: 'para todos' });
      const mine = await createQuickMessage(t.orm, a.company.id, { userId: a.user.id, shortcode: 'a-meu' });
      const theirs = await createQuickMessage(t.orm, a.company.id, { userId: a.other.id, shortcode: 'c-dele' });
      const adminsPrivate = await createQuickMessage(t.orm, a.company.id, { userId: a.admin.id, shortcode: 'd-admin' });

      const page = await t.http().get('/quick-messages').query({ userId: a.other.id }).set(a.auth(a.userToken)).expect(200);
      expect(page.body).toMatchObject({ count: 2, hasMore: false });
      expect(ids(page.body.records)).toEqual([mine.id, shared.id]);
      const search = await t.http().get('/quick-messages').query({ searchParam: 'TODOS' }).set(a.auth(a.userToken)).expect(200);
      expect(ids(search.body.records)).toEqual([shared.id]);

      const usable = await t.http().get('/quick-messages/list').query({ companyId: 999, userId: a.user.id }).set(a.auth(a.userToken)).expect(200);
      expect(ids(usable.body)).toEqual([mine.id, shared.id]);
      const forOther = await t.http().get('/quick-messages/list').query({ userId: a.other.id }).set(a.auth(a.userToken)).expect(403);
      expect(forOther.body.error).toBe('ERR_NO_PERMISSION');
      // Even an admin does not see another user's private ones.
      const adminList = await t.http().get('/quick-messages/list').set(a.auth(a.adminToken)).expect(200);
      expect(ids(adminList.body)).toEqual([shared.id, adminsPrivate.id]);

      await t.http().get(`/quick-messages/${shared.id}`).set(a.auth(a.userToken)).expect(200);
      for (const token of [a.userToken, a.adminToken]) {
        const res = await t.http().get(`/quick-messages/${theirs.id}`).set(a.auth(token)).expect(404);
        expect(res.body.error).toBe('ERR_QUICK_MESSAGE_NOT_FOUND');
        await t.http().put(`/quick-messages/${theirs.id}`).set(a.auth(token)).send({ message: 'x' }).expect(404);
        await t.http().delete(`/quick-messages/${theirs.id}`).set(a.auth(token)).expect(404);
      }
      expect(await db(theirs.id)).not.toBeNull();
    });

    it('owners change their own; showall holders change shared ones; others get 403; geral changes only for showall', async () => {
      const a = await setup();
      const shared = await createQuickMessage(t.orm, a.company.id, { userId: a.admin.id, geral: true, shortcode: 'geral' });
      const mine = await createQuickMessage(t.orm, a.company.id, { userId: a.user.id, shortcode: 'meu' });

      let res = await t.http().put(`/quick-messages/${shared.id}`).set(a.auth(a.userToken)).send({ message: 'mudei' }).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      await t.http().delete(`/quick-messages/${shared.id}`).set(a.auth(a.userToken)).expect(403);
      res = await t.http().put(`/quick-messages/${shared.id}`).set(a.auth(a.supervisorToken)).send({ message: 'revisado' }).expect(200);
      expect(res.body).toMatchObject({ message: 'revisado', userId: a.admin.id, geral: true });

      res = await t.http().put(`/quick-messages/${mine.id}`).set(a.auth(a.userToken)).send({ shortcode: 'meu2', geral: true }).expect(200);
      expect(res.body).toMatchObject({ shortcode: 'meu2', geral: false });
      res = await t.http().put(`/quick-messages/${shared.id}`).set(a.auth(a.supervisorToken)).send({ geral: false }).expect(200);
      expect(res.body.geral).toBe(false);
      // Now private to the admin: the supervisor no longer sees it.
      await t.http().get(`/quick-messages/${shared.id}`).set(a.auth(a.supervisorToken)).expect(404);

      await t.http().delete(`/quick-messages/${mine.id}`).set(a.auth(a.userToken)).expect(204);
      expect(await db(mine.id)).toBeNull();
      await t.http().delete(`/quick-messages/${mine.id}`).set(a.auth(a.userToken)).expect(404);
      await t.http().get('/quick-messages/abc').set(a.auth(a.userToken)).expect(400);
    });
  });

  describe('media', () => {
    it('stores a real PNG under a server-made name, keeps the original name for display, replaces and deletes it', async () => {
      const a = await setup();
      const row = await createQuickMessage(t.orm, a.company.id, { userId: a.user.id });
      const res = await t
        .http()
        .post(`/quick-messages/${row.id}/media-upload`)
        .set(a.auth(a.userToken))
        .field('typeArch', 'quickMessage')
        .attach('file', PNG, { filename: '../../etc/Foto do cliente.png', contentType: 'image/png' })
        .expect(201);
      expect(res.body).toMatchObject({ id: row.id, mediaName: 'Foto do cliente.png', isMedia: true });
      expect(res.body.mediaPath).toMatch(new RegExp(`^qm${row.id}-[0-9a-f]{16}\\.png$`));
      expect(files(a.company.id)).toEqual([res.body.mediaPath]);
      expect(readFileSync(join(mediaDir(a.company.id), res.body.mediaPath)).equals(PNG)).toBe(true);

      const pdf = await t.http().post(`/quick-messages/${row.id}/media-upload`).set(a.auth(a.userToken)).attach('file', PDF, 'tabela.bin').expect(201);
      expect(pdf.body.mediaPath).toMatch(/\.pdf$/);
      expect(pdf.body.mediaName).toBe('tabela.bin');
      expect(files(a.company.id)).toEqual([pdf.body.mediaPath]);
      const mp4 = await t.http().post(`/quick-messages/${row.id}/media-upload`).set(a.auth(a.userToken)).attach('file', MP4, 'video.mp4').expect(201);
      expect(mp4.body.mediaPath).toMatch(/\.mp4$/);

      const cleared = await t.http().delete(`/quick-messages/${row.id}/media-upload`).set(a.auth(a.userToken)).expect(200);
      expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null, isMedia: false });
      expect(files(a.company.id)).toEqual([]);

      // Deleting the quick message deletes its file.
      const again = await t.http().post(`/quick-messages/${row.id}/media-upload`).set(a.auth(a.userToken)).attach('file', PNG, 'x.png').expect(201);
      expect(files(a.company.id)).toEqual([again.body.mediaPath]);
      await t.http().delete(`/quick-messages/${row.id}`).set(a.auth(a.userToken)).expect(204);
      expect(files(a.company.id)).toEqual([]);
    });

    it('refuses a text file named .png (415), a missing file (400) and a file over 16 MB (413), keeping the current attachment', async () => {
      const a = await setup();
      const row = await createQuickMessage(t.orm, a.company.id, { userId: a.user.id });
      const first = await t.http().post(`/quick-messages/${row.id}/media-upload`).set(a.auth(a.userToken)).attach('file', PNG, 'ok.png').expect(201);

      let res = await t
        .http()
        .post(`/quick-messages/${row.id}/media-upload`)
        .set(a.auth(a.userToken))
        .attach('file', Buffer.from('just some text, not an image at all'), { filename: 'fake.png', contentType: 'image/png' })
        .expect(415);
      expect(res.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
      res = await t.http().post(`/quick-messages/${row.id}/media-upload`).set(a.auth(a.userToken)).field('typeArch', 'x').expect(400);
      expect(fieldsOf(res.body)).toEqual({ file: ['Required'] });
      const big = Buffer.concat([PNG, Buffer.alloc(16 * 1024 * 1024)]);
      res = await t.http().post(`/quick-messages/${row.id}/media-upload`).set(a.auth(a.userToken)).attach('file', big, 'big.png').expect(413);
      expect(res.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');

      expect(await db(row.id)).toMatchObject({ media: { path: first.body.mediaPath, name: 'ok.png' } });
      expect(files(a.company.id)).toEqual([first.body.mediaPath]);
    });

    it('only those who may change the quick message may attach or remove media', async () => {
      const a = await setup();
      const shared = await createQuickMessage(t.orm, a.company.id, { userId: a.admin.id, geral: true });
      const theirs = await createQuickMessage(t.orm, a.company.id, { userId: a.other.id });
      await t.http().post(`/quick-messages/${shared.id}/media-upload`).set(a.auth(a.userToken)).attach('file', PNG, 'x.png').expect(403);
      await t.http().post(`/quick-messages/${theirs.id}/media-upload`).set(a.auth(a.userToken)).attach('file', PNG, 'x.png').expect(404);
      await t.http().delete(`/quick-messages/${shared.id}/media-upload`).set(a.auth(a.userToken)).expect(403);
      await t.http().post(`/quick-messages/${shared.id}/media-upload`).set(a.auth(a.supervisorToken)).attach('file', PNG, 'x.png').expect(201);
      expect(files(a.company.id)).toHaveLength(1);
    });
  });

  describe('tenant isolation', () => {
    it("company B gets 404 for every read, change and media call on A's quick messages, and its lists never hold them", async () => {
      const a = await setup();
      const b = await createTenant(t);
      const shared = await createQuickMessage(t.orm, a.company.id, { userId: a.admin.id, geral: true, shortcode: 'de-a' });
      const bOwn = await createQuickMessage(t.orm, b.company.id, { userId: b.admin.id, geral: true, shortcode: 'de-b' });
      const bAdmin = b.auth(b.adminToken);
      expect((await t.http().get(`/quick-messages/${shared.id}`).set(bAdmin).expect(404)).body.error).toBe('ERR_QUICK_MESSAGE_NOT_FOUND');
      await t.http().put(`/quick-messages/${shared.id}`).set(bAdmin).send({ message: 'hacked' }).expect(404);
      await t.http().delete(`/quick-messages/${shared.id}`).set(bAdmin).expect(404);
      await t.http().post(`/quick-messages/${shared.id}/media-upload`).set(bAdmin).attach('file', PNG, 'x.png').expect(404);
      await t.http().delete(`/quick-messages/${shared.id}/media-upload`).set(bAdmin).expect(404);
      expect(ids((await t.http().get('/quick-messages').set(bAdmin).expect(200)).body.records)).toEqual([bOwn.id]);
      expect(ids((await t.http().get('/quick-messages/list').set(bAdmin).expect(200)).body)).toEqual([bOwn.id]);
      expect(await db(shared.id)).toMatchObject({ message: 'Olá!', media: { path: null } });
      expect(files(b.company.id)).toEqual([]);
      expect(files(a.company.id)).toEqual([]);
    });
  });
});
