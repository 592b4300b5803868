import { Help } from '../src/tenant/helps/help.entity';
import { createTestApp, TestApp } from './harness';
import { createSuperUser, createTenant } from './factories';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();
const VIDEO = 'dQw4w9WgXcQ';

describe('helps', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, token = superToken) => t.http().post('/helps').set(bearer(token)).send(body);
  const dbHelp = (id: number) => t.orm.em.fork().findOne(Help, { id });

  it('lets a super user add, change and delete help videos; a YouTube link is stored as its video id', async () => {
    const created = await create({
      title: '  Conectando o WhatsApp ',
      description: 'Passo a passo',
      video: `https://www.youtube.com/watch?v=${VIDEO}&t=3s`,
    }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Conectando o WhatsApp',
      description: 'Passo a passo',
      video: VIDEO,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.body.id;
    const updated = await t.http().put(`/helps/${id}`).set(bearer(superToken)).send({ video: 'https://youtu.be/aBcDeFgHiJ0' }).expect(200);
    expect(updated.body).toMatchObject({ id, title: 'Conectando o WhatsApp', description: 'Passo a passo', video: 'aBcDeFgHiJ0' });
    const bare = await create({ title: 'Sem descrição', video: VIDEO }).expect(201);
    expect(bare.body.description).toBe('');
    await t.http().delete(`/helps/${id}`).set(bearer(superToken)).expect(204);
    expect(await dbHelp(id)).toBeNull();
    expect((await t.http().delete(`/helps/${id}`).set(bearer(superToken)).expect(404)).body.error).toBe('ERR_HELP_NOT_FOUND');
    expect((await t.http().put(`/helps/${id}`).set(bearer(superToken)).send({ title: 'x' }).expect(404)).body.error).toBe('ERR_HELP_NOT_FOUND');
    expect((await t.http().put('/helps/abc').set(bearer(superToken)).send({ title: 'x' }).expect(400)).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'id' }],
    });
  });

  it.each([
    ['title missing', { title: undefined }, ['title'], 'Required'],
    ['title blank', { title: '  ' }, ['title'], 'Required'],
    ['title too long', { title: 't'.repeat(101) }, ['title'], 'Too Long!'],
    ['title not text', { title: 12 }, ['title'], undefined],
    ['description too long', { description: 'd'.repeat(4097) }, ['description'], 'Too Long!'],
    ['description not text', { description: ['a'] }, ['description'], undefined],
    ['video missing', { video: undefined }, ['video'], 'Required'],
    ['video of another site', { video: 'https://vimeo.com/123456789' }, ['video'], 'Use a YouTube link or video id'],
    ['video id too short', { video: 'abc' }, ['video'], 'Use a YouTube link or video id'],
    ['video on a look-alike host', { video: `https://youtube.com.evil.example/watch?v=${VIDEO}` }, ['video'], 'Use a YouTube link or video id'],
    ['video with markup', { video: '<script>x</script>' }, ['video'], 'Use a YouTube link or video id'],
    ['video not text', { video: 42 }, ['video'], undefined],
  ])('refuses %s with 400 naming the field', async (_label, over, fields, message) => {
    const before = (await t.http().get('/helps/list').set(bearer(superToken)).expect(200)).body.length;
    const res = await create({ title: 'Ajuda', video: VIDEO, ...over }).expect(400);
    expect([res.body.error, fieldsOf(res.body)]).toEqual(['ERR_VALIDATION', fields]);
    if (message) expect(res.body.fields.flatMap((f: { messages: string[] }) => f.messages)).toContain(message);
    expect((await t.http().get('/helps/list').set(bearer(superToken)).expect(200)).body).toHaveLength(before);
  });

  it('validates updates: only the fields sent, with the same rules; null is refused', async () => {
    const { body: help } = await create({ title: 'Fixa', video: VIDEO }).expect(201);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ title: null }, ['title']],
      [{ title: '' }, ['title']],
      [{ video: null }, ['video']],
      [{ video: 'not a video' }, ['video']],
      [{ description: null }, ['description']],
    ];
    for (const [body, fields] of cases) {
      const res = await t.http().put(`/helps/${help.id}`).set(bearer(superToken)).send(body);
      expect({ body, status: res.status, error: res.body.error, fields: fieldsOf(res.body) }).toEqual({ body, status: 400, error: 'ERR_VALIDATION', fields });
    }
    expect(await dbHelp(help.id)).toMatchObject({ title: 'Fixa', video: VIDEO });
  });

  it('shows every company the same helps: any signed-in user lists them, paginated with search, or all at once', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const tag = `busca${Date.now()}`;
    const ids: number[] = [];
    for (const title of [`B ${tag}`, `A ${tag}`, `C ${tag}`]) ids.push((await create({ title, description: 'Vídeo', video: VIDEO }).expect(201)).body.id);
    await create({ title: 'Outro assunto', description: `fala de ${tag}`, video: VIDEO }).expect(201);
    for (const token of [a.userToken, a.adminToken, b.userToken]) {
      const page = await t.http().get(`/helps?searchParam=${tag}`).set(bearer(token)).expect(200);
      expect(page.body.records.map((h: { title: string }) => h.title)).toEqual([`A ${tag}`, `B ${tag}`, `C ${tag}`, 'Outro assunto']);
      expect([page.body.count, page.body.hasMore]).toEqual([4, false]);
      const all = await t.http().get('/helps/list').set(bearer(token)).expect(200);
      expect(all.body.map((h: { id: number }) => h.id)).toEqual(expect.arrayContaining(ids));
    }
    const wildcard = await t.http().get('/helps?searchParam=%25').set(a.auth(a.userToken)).expect(200);
    expect(wildcard.body.records).toEqual([]);
    expect((await t.http().get('/helps?pageNumber=0').set(a.auth(a.userToken)).expect(400)).body.error).toBe('ERR_VALIDATION');
    await t.http().get('/helps').expect(401);
    await t.http().get('/helps/list').expect(401);
  });

  it('pages 20 at a time', async () => {
    const tag = `pagina${Date.now()}`;
    for (let i = 0; i < 21; i++) await create({ title: `${tag} ${String(i).padStart(2, '0')}`, video: VIDEO }).expect(201);
    const first = await t.http().get(`/helps?searchParam=${tag}`).set(bearer(superToken)).expect(200);
    expect([first.body.records.length, first.body.count, first.body.hasMore]).toEqual([20, 21, true]);
    const second = await t.http().get(`/helps?searchParam=${tag}&pageNumber=2`).set(bearer(superToken)).expect(200);
    expect(second.body.records.map((h: { title: string }) => h.title)).toEqual([`${tag} 20`]);
    expect(second.body.hasMore).toBe(false);
  });

  it('lets only super users change helps: a company admin or user gets 403 and nothing changes', async () => {
    const a = await createTenant(t);
    const { body: help } = await create({ title: 'Da plataforma', video: VIDEO }).expect(201);
    for (const token of [a.adminToken, a.userToken]) {
      const calls = await Promise.all([
        create({ title: 'Intrusa', video: VIDEO }, token),
        t.http().put(`/helps/${help.id}`).set(bearer(token)).send({ title: 'Mudou' }),
        t.http().delete(`/helps/${help.id}`).set(bearer(token)),
      ]);
      for (const res of calls) expect([res.status, res.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    }
    expect(await dbHelp(help.id)).toMatchObject({ title: 'Da plataforma' });
    const all = (await t.http().get('/helps/list').set(a.auth(a.userToken)).expect(200)).body;
    expect(all.some((h: { title: string }) => h.title === 'Intrusa')).toBe(false);
  });
});
