import type { Socket } from 'socket.io-client';
import { SecretBox } from '../src/common/infra/secret-box';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createQueue, createTenant, createTicket, createWhatsapp } from './factories';
import { OpenAiFake } from './fakes/openai-fake';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const PROMPT_TEXT = 'Você é a assistente virtual da Loja Exemplo. Responda com educação, em português, em até duas frases.';
const KEY = 'sk-test-0123456789abcdef';
const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));

/** AI prompts (issue 13): the /prompt routes, the stored keys, the live list and the 'prompt' agent against a fake OpenAI. */
describe('prompts', () => {
  let t: TestApp;
  let fake: OpenAiFake;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    fake = await new OpenAiFake().start();
    t = await createTestApp({ env: { INTEGRATION_TIMEOUT_MS: '800' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
    fake.reset();
  });

  const admin = (x: Tenant) => x.auth(x.adminToken);
  const raw = async (id: number) =>
    (await t.orm.em.fork().getConnection().execute('select api_key, voice_key from prompts where id = ?', [id]))[0] as {
      api_key: string;
      voice_key: string | null;
    };
  async function setup() {
    const tenant = await createTenant(t);
    const queue = await createQueue(t.orm, tenant.company.id, { name: 'Vendas' });
    return { ...tenant, queue };
  }
  const create = async (x: Tenant, body: Record<string, unknown>) => (await t.http().post('/prompt').set(admin(x)).send(body).expect(201)).body;
  const valid = (queueId: number, extra: Record<string, unknown> = {}) => ({ name: 'Assistente', prompt: PROMPT_TEXT, apiKey: KEY, queueId, ...extra });

  describe('the routes', () => {
    it('creates with the defaults, reads, lists, searches, updates and deletes; the key is sealed and never answered', async () => {
      const a = await setup();
      const created = await create(a, valid(a.queue.id, { apiKey: `  ${KEY}  ` }));
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'Assistente',
        prompt: PROMPT_TEXT,
        hasApiKey: true,
        queueId: a.queue.id,
        queue: { id: a.queue.id, name: 'Vendas' },
        voice: 'texto',
        hasVoiceKey: false,
        voiceRegion: null,
        maxTokens: 100,
        temperature: 1,
        maxMessages: 10,
        model: 'gpt-4o-mini',
        baseUrl: null,
        companyId: a.company.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const stored = await raw(created.id);
      expect(stored.api_key).toMatch(/^v1:/);
      expect(stored.api_key).not.toContain(KEY);
      expect(t.app.get(SecretBox).open(stored.api_key)).toBe(KEY);

      expect((await t.http().get(`/prompt/${created.id}`).set(admin(a)).expect(200)).body).toEqual(created);
      // One prompt per queue (issue 30): the second assistant answers another queue.
      const support = await createQueue(t.orm, a.company.id, { name: 'Suporte' });
      const other = await create(a, valid(support.id, { name: 'Suporte técnico', prompt: `${PROMPT_TEXT} Ajude com problemas técnicos.` }));
      const list = (await t.http().get('/prompt').set(admin(a)).expect(200)).body;
      expect(list).toEqual({ prompts: [created, other], count: 2, hasMore: false });
      expect((await t.http().get('/prompt?searchParam=TÉCNICO').set(admin(a)).expect(200)).body.prompts.map((p: { id: number }) => p.id)).toEqual([other.id]);

      // PUT without a key keeps it; the other fields change.
      const queue2 = await createQueue(t.orm, a.company.id, { name: 'Financeiro' });
      const updated = (
        await t
          .http()
          .put(`/prompt/${created.id}`)
          .set(admin(a))
          .send({
            name: 'Assistente 2',
            prompt: PROMPT_TEXT,
            apiKey: '',
            queueId: queue2.id,
            voice: 'pt-BR-FranciscaNeural',
            voiceKey: 'voice-secret',
            voiceRegion: 'brazilsouth',
            maxTokens: 300,
            temperature: 0.4,
            maxMessages: 5,
            model: 'gpt-4o',
            baseUrl: 'http://localhost:11434/v1',
          })
          .expect(200)
      ).body;
      expect(updated).toMatchObject({
        name: 'Assistente 2',
        queue: { id: queue2.id, name: 'Financeiro' },
        voice: 'pt-BR-FranciscaNeural',
        hasApiKey: true,
        hasVoiceKey: true,
        voiceRegion: 'brazilsouth',
        maxTokens: 300,
        temperature: 0.4,
        maxMessages: 5,
        model: 'gpt-4o',
        baseUrl: 'http://localhost:11434/v1',
      });
      const after = await raw(created.id);
      expect(after.api_key).toBe(stored.api_key);
      expect(t.app.get(SecretBox).open(after.voice_key!)).toBe('voice-secret');
      // A new key replaces the stored one; voiceKey null removes it.
      await t
        .http()
        .put(`/prompt/${created.id}`)
        .set(admin(a))
        .send({ ...valid(queue2.id), apiKey: 'sk-new', voiceKey: null })
        .expect(200);
      expect(t.app.get(SecretBox).open((await raw(created.id)).api_key)).toBe('sk-new');
      expect((await raw(created.id)).voice_key).toBeNull();

      for (const res of [created, other, updated, list]) expect(JSON.stringify(res)).not.toMatch(/sk-|voice-secret|apiKey"|voiceKey"/);

      const deleted = await t.http().delete(`/prompt/${created.id}`).set(admin(a)).expect(200);
      expect(deleted.body).toEqual({ message: 'Prompt deleted' });
      expect((await t.http().get(`/prompt/${created.id}`).set(admin(a)).expect(404)).body.error).toBe('ERR_PROMPT_NOT_FOUND');
      await t.http().delete(`/prompt/${created.id}`).set(admin(a)).expect(404);
    });

    it('pages 20 at a time', async () => {
      const a = await setup();
      for (let i = 0; i < 21; i++) await create(a, valid(a.queue.id, { name: `Prompt ${String(i).padStart(2, '0')}` }));
      const first = (await t.http().get('/prompt').set(admin(a)).expect(200)).body;
      expect(first.prompts).toHaveLength(20);
      expect(first).toMatchObject({ count: 21, hasMore: true });
      const second = (await t.http().get('/prompt?pageNumber=2').set(admin(a)).expect(200)).body;
      expect(second.prompts.map((p: { name: string }) => p.name)).toEqual(['Prompt 20']);
      expect(second.hasMore).toBe(false);
    });

    it.each([
      ['name too short', { name: 'Abc' }, 'name', 'Muito curto!'],
      ['name too long', { name: 'n'.repeat(101) }, 'name', 'Muito longo!'],
      ['name missing', { name: undefined }, 'name', 'Obrigatório'],
      ['prompt too short', { prompt: 'Seja simpático.' }, 'prompt', 'Muito curto!'],
      ['no queue', { queueId: undefined }, 'queueId', 'Informe o setor'],
      ['api key missing', { apiKey: undefined }, 'apiKey', 'Obrigatório'],
      ['temperature above 2', { temperature: 2.5 }, 'temperature', 'Máximo 2'],
      ['max tokens zero', { maxTokens: 0 }, 'maxTokens', 'Mínimo 1'],
      ['max messages too many', { maxMessages: 51 }, 'maxMessages', 'Máximo 50'],
      ['base URL not a URL', { baseUrl: 'ftp://example.com' }, 'baseUrl', 'URL inválida'],
      ['voice null', { voice: null }, 'voice', 'Obrigatório'],
    ])('refuses %s with a field error', async (_name, change, field, text) => {
      const a = await setup();
      const res = await t
        .http()
        .post('/prompt')
        .set(admin(a))
        .send({ ...valid(a.queue.id), ...change })
        .expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)[field]).toContain(text);
      expect(Object.keys(fieldsOf(res.body))).toEqual([field]);
    });

    it("refuses another company's queue", async () => {
      const a = await setup();
      const b = await setup();
      const res = await t.http().post('/prompt').set(admin(a)).send(valid(b.queue.id)).expect(400);
      expect(fieldsOf(res.body)).toEqual({ queueId: ['Informe o setor'] });
      const mine = await create(a, valid(a.queue.id));
      const put = await t.http().put(`/prompt/${mine.id}`).set(admin(a)).send(valid(b.queue.id)).expect(400);
      expect(fieldsOf(put.body)).toEqual({ queueId: ['Informe o setor'] });
    });

    it('keeps a prompt whose queue is deleted, without a queue', async () => {
      const a = await setup();
      const p = await create(a, valid(a.queue.id));
      await t
        .http()
        .delete(`/queue/${a.queue.id}`)
        .set(admin(a))
        .expect((r) => expect(r.status).toBeLessThan(300));
      expect((await t.http().get(`/prompt/${p.id}`).set(admin(a)).expect(200)).body).toMatchObject({ queueId: null, queue: null });
    });
  });

  describe('access', () => {
    it("company B gets 404 on every route for A's prompt and never lists it", async () => {
      const a = await setup();
      const b = await setup();
      const p = await create(a, valid(a.queue.id));
      await t.http().get(`/prompt/${p.id}`).set(admin(b)).expect(404);
      await t.http().put(`/prompt/${p.id}`).set(admin(b)).send(valid(b.queue.id)).expect(404);
      await t.http().delete(`/prompt/${p.id}`).set(admin(b)).expect(404);
      expect((await t.http().get('/prompt').set(admin(b)).expect(200)).body).toEqual({ prompts: [], count: 0, hasMore: false });
      expect((await t.http().get(`/prompt/${p.id}`).set(admin(a)).expect(200)).body).toEqual(p);
    });

    it('an attendant gets 403 on every route', async () => {
      const a = await setup();
      const p = await create(a, valid(a.queue.id));
      const user = a.auth(a.userToken);
      const calls = [
        t.http().get('/prompt').set(user),
        t.http().get(`/prompt/${p.id}`).set(user),
        t.http().post('/prompt').set(user).send(valid(a.queue.id)),
        t.http().put(`/prompt/${p.id}`).set(user).send(valid(a.queue.id)),
        t.http().delete(`/prompt/${p.id}`).set(user),
      ];
      for (const call of calls) expect((await call.expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    });

    it('answers ERR_PLAN_FEATURE_DISABLED on every route when the plan has no AI prompts', async () => {
      const a = await createTenant(t, { useOpenAi: false });
      const queue = await createQueue(t.orm, a.company.id);
      const calls = [
        t.http().get('/prompt').set(admin(a)),
        t.http().get('/prompt/1').set(admin(a)),
        t.http().post('/prompt').set(admin(a)).send(valid(queue.id)),
        t.http().put('/prompt/1').set(admin(a)).send(valid(queue.id)),
        t.http().delete('/prompt/1').set(admin(a)),
      ];
      for (const call of calls) expect((await call.expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    });
  });

  describe('live list', () => {
    it('announces create, update and delete on company-{id}-prompt to admins only, without keys', async () => {
      const a = await setup();
      const adminSocket = await connectSocket(t.url, a.adminToken);
      const userSocket = await connectSocket(t.url, a.userToken);
      sockets.push(adminSocket, userSocket);
      const events = record<Record<string, unknown>>(adminSocket, `company-${a.company.id}-prompt`);
      const overheard = record(userSocket, `company-${a.company.id}-prompt`);
      const created = await create(a, valid(a.queue.id, { voiceKey: 'voice-secret' }));
      const updated = (
        await t
          .http()
          .put(`/prompt/${created.id}`)
          .set(admin(a))
          .send(valid(a.queue.id, { name: 'Outro nome' }))
          .expect(200)
      ).body;
      await t.http().delete(`/prompt/${created.id}`).set(admin(a)).expect(200);
      await until(() => events.length >= 3);
      expect(events).toEqual([
        { action: 'create', prompt: created },
        { action: 'update', prompt: updated },
        { action: 'delete', promptId: created.id },
      ]);
      expect(JSON.stringify(events)).not.toMatch(/sk-test|voice-secret/);
      await eventsDelivered(t, userSocket);
      expect(overheard).toEqual([]);
    });
  });

  describe('connections and tickets that name a prompt', () => {
    it("accepts the company's prompt on a connection, refuses another company's, and clears it when the prompt is deleted", async () => {
      const a = await setup();
      const b = await setup();
      const mine = await create(a, valid(a.queue.id));
      const theirs = await create(b, valid(b.queue.id));
      const w = await createWhatsapp(t.orm, a.company.id);
      const ok = await t.http().put(`/whatsapp/${w.id}`).set(admin(a)).send({ promptId: mine.id }).expect(200);
      expect(ok.body.promptId).toBe(mine.id);
      const refused = await t.http().put(`/whatsapp/${w.id}`).set(admin(a)).send({ promptId: theirs.id }).expect(400);
      expect(refused.body.fields).toEqual([{ field: 'promptId', messages: ['Unknown prompt'] }]);
      const ticket = await createTicket(t.orm, a.company.id, { promptId: mine.id, queueId: a.queue.id });

      await t.http().delete(`/prompt/${mine.id}`).set(admin(a)).expect(200);
      expect((await t.http().get(`/whatsapp/${w.id}`).set(admin(a)).expect(200)).body.promptId).toBeNull();
      const [row] = await t.orm.em.fork().getConnection().execute('select prompt_id from tickets where id = ?', [ticket.id]);
      expect(row.prompt_id).toBeNull();
    });
  });

  describe("the prompt's queue and the queue's prompt are one link (issue 30)", () => {
    const queueOf = async (x: Tenant, id: number) => (await t.http().get(`/queue/${id}`).set(admin(x)).expect(200)).body as { promptId: number | null };
    const promptOf = async (x: Tenant, id: number) => (await t.http().get(`/prompt/${id}`).set(admin(x)).expect(200)).body as { queueId: number | null };

    it("choosing a queue on the prompt makes it the queue's prompt; a newer choice replaces it on both sides", async () => {
      const a = await setup();
      const other = await createQueue(t.orm, a.company.id, { name: 'Financeiro' });
      const first = await create(a, valid(a.queue.id));
      expect((await queueOf(a, a.queue.id)).promptId).toBe(first.id);

      // Another prompt on the same queue takes it: one prompt per queue; the first asks for a queue again.
      const second = await create(a, valid(a.queue.id, { name: 'Segunda assistente' }));
      expect((await queueOf(a, a.queue.id)).promptId).toBe(second.id);
      expect(await promptOf(a, first.id)).toMatchObject({ queueId: null, queue: null });

      // Moving a prompt to another queue frees the old one.
      await t
        .http()
        .put(`/prompt/${second.id}`)
        .set(admin(a))
        .send(valid(other.id, { name: 'Segunda assistente' }))
        .expect(200);
      expect((await queueOf(a, other.id)).promptId).toBe(second.id);
      expect((await queueOf(a, a.queue.id)).promptId).toBeNull();
    });

    it("choosing a prompt on the queue sets the prompt's queue; clearing it clears the prompt's", async () => {
      const a = await setup();
      const other = await createQueue(t.orm, a.company.id, { name: 'Financeiro' });
      const p = await create(a, valid(a.queue.id));
      const moved = await t.http().put(`/queue/${other.id}`).set(admin(a)).send({ promptId: p.id }).expect(200);
      expect(moved.body.promptId).toBe(p.id);
      expect(await promptOf(a, p.id)).toMatchObject({ queueId: other.id, queue: { id: other.id, name: 'Financeiro' } });
      expect((await queueOf(a, a.queue.id)).promptId).toBeNull();

      await t.http().put(`/queue/${other.id}`).set(admin(a)).send({ promptId: null }).expect(200);
      expect(await promptOf(a, p.id)).toMatchObject({ queueId: null, queue: null });

      // A new queue created with the prompt takes it too.
      const created = await t
        .http()
        .post('/queue')
        .set(admin(a))
        .send({ name: 'Suporte', color: '#123456', greetingMessage: 'Olá! Suporte.', promptId: p.id })
        .expect(201);
      expect(await promptOf(a, p.id)).toMatchObject({ queueId: created.body.id });
    });

    it("announces the queue and the prompt that changed on the other side; another company's prompt is refused on a queue", async () => {
      const a = await setup();
      const b = await setup();
      const theirs = await create(b, valid(b.queue.id));
      const socket = await connectSocket(t.url, a.adminToken);
      sockets.push(socket);
      const queues = record<{ action: string; queue: { id: number; promptId: number | null } }>(socket, `company-${a.company.id}-queue`);
      const prompts = record<{ action: string; prompt: { id: number; queueId: number | null } }>(socket, `company-${a.company.id}-prompt`);
      const p = await create(a, valid(a.queue.id));
      await until(() => queues.some((e) => e.queue.id === a.queue.id && e.queue.promptId === p.id));
      await t.http().put(`/queue/${a.queue.id}`).set(admin(a)).send({ promptId: null }).expect(200);
      await until(() => prompts.some((e) => e.action === 'update' && e.prompt.id === p.id && e.prompt.queueId === null));

      const refused = await t.http().put(`/queue/${a.queue.id}`).set(admin(a)).send({ promptId: theirs.id }).expect(400);
      expect(refused.body.fields).toEqual([{ field: 'promptId', messages: ['Unknown prompt'] }]);
      expect((await queueOf(b, b.queue.id)).promptId).toBe(theirs.id);
      expect(await promptOf(b, theirs.id)).toMatchObject({ queueId: b.queue.id });
    });
  });
});
