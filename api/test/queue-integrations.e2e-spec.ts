import type { Socket } from 'socket.io-client';
import { QueueIntegration } from '../src/automation/queue-integrations/queue-integration.entity';
import { DialogflowGateway } from '../src/automation/queue-integrations/dialogflow.gateway';
import { SecretBox } from '../src/common/infra/secret-box';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createQueue, createTenant, createTicket, createWhatsapp } from './factories';
import { WebhookFake } from './fakes/webhook-fake';
import { TypebotFake } from './fakes/typebot-fake';
import { DialogflowFake } from './fakes/dialogflow-fake';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));

describe('queue integrations', () => {
  let t: TestApp;
  let webhook: WebhookFake;
  let typebot: TypebotFake;
  let dialogflow: DialogflowFake;
  beforeAll(async () => {
    t = await createTestApp();
    webhook = await new WebhookFake().start();
    typebot = await new TypebotFake().start();
    dialogflow = await new DialogflowFake().start();
    t.app.get(DialogflowGateway).endpoint = { host: '127.0.0.1', port: dialogflow.port, protocol: 'http' };
  });
  afterAll(async () => {
    await Promise.all([webhook.stop(), typebot.stop(), dialogflow.stop()]);
    await t.close();
  });

  type Tenant = Awaited<ReturnType<typeof createTenant>>;
  const admin = (a: Tenant) => a.auth(a.adminToken);
  const create = async (a: Tenant, body: object) => (await t.http().post('/queueIntegration').set(admin(a)).send(body).expect(201)).body;
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  const stored = (id: number) => t.orm.em.fork().findOneOrFail(QueueIntegration, { id }, { filters: false });

  describe('CRUD and validation', () => {
    it('creates each type with its fields; n8n/webhook/typebot take the name as project name; lists, searches and reads', async () => {
      const a = await createTenant(t);
      const n8n = await create(a, { type: 'n8n', name: ' Fluxo n8n ', urlN8N: 'https://n8n.example.com/webhook/1', projectName: 'ignored', jsonContent: '' });
      expect(n8n).toEqual({
        id: expect.any(Number),
        type: 'n8n',
        name: 'Fluxo n8n',
        projectName: 'Fluxo n8n',
        hasJsonContent: false,
        language: 'pt-BR',
        urlN8N: 'https://n8n.example.com/webhook/1',
        urlFrontend: null,
        typebotDelayMessage: 1000,
        typebotExpires: 1,
        typebotKeywordFinish: null,
        typebotKeywordRestart: null,
        typebotRestartMessage: null,
        typebotSlug: null,
        typebotUnknownMessage: null,
        secretHint: expect.stringMatching(/^whsec_….{4}$/),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
        companyId: a.company.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(n8n.secretHint.slice(-4)).toBe(n8n.secret.slice(-4));
      const bot = await create(a, {
        type: 'typebot',
        name: 'Typebot',
        urlN8N: 'https://typebot.example.com',
        urlFrontend: 'https://bot.example.com/atendimento',
        typebotSlug: 'atendimento',
        typebotExpires: 5,
        typebotDelayMessage: 500,
        typebotKeywordFinish: 'sair',
        typebotKeywordRestart: 'reiniciar',
        typebotRestartMessage: 'Recomeçando',
        typebotUnknownMessage: 'Não entendi',
      });
      expect(bot).toMatchObject({
        type: 'typebot',
        projectName: 'Typebot',
        typebotSlug: 'atendimento',
        typebotExpires: 5,
        typebotDelayMessage: 500,
        secretHint: null,
      });
      expect(bot.secret).toBeUndefined();
      const df = await create(a, {
        type: 'dialogflow',
        name: 'Dialogflow',
        projectName: 'fake-project',
        language: 'en',
        jsonContent: dialogflow.serviceAccountJson(),
      });
      expect(df).toMatchObject({ type: 'dialogflow', projectName: 'fake-project', language: 'en', hasJsonContent: true, secretHint: null, urlN8N: null });
      expect(df.jsonContent).toBeUndefined();

      const page = (await t.http().get('/queueIntegration').set(admin(a)).expect(200)).body;
      const { secret: _s, ...n8nRead } = n8n;
      expect(page).toEqual({ queueIntegrations: [df, n8nRead, bot], count: 3, hasMore: false });
      const search = await t.http().get('/queueIntegration/').query({ searchParam: 'TYPE', pageNumber: 1 }).set(admin(a)).expect(200);
      expect(search.body.queueIntegrations.map((q: { id: number }) => q.id)).toEqual([bot.id]);
      expect((await t.http().get(`/queueIntegration/${n8n.id}`).set(admin(a)).expect(200)).body).toEqual(n8nRead);
    });

    it('pages by 20 with hasMore', async () => {
      const a = await createTenant(t);
      for (let i = 0; i < 21; i++) await create(a, { type: 'webhook', name: `Hook ${String(i).padStart(2, '0')}`, urlN8N: 'http://127.0.0.1:1/x' });
      const p1 = (await t.http().get('/queueIntegration').query({ pageNumber: 1 }).set(admin(a)).expect(200)).body;
      const p2 = (await t.http().get('/queueIntegration').query({ pageNumber: 2 }).set(admin(a)).expect(200)).body;
      expect([p1.queueIntegrations.length, p1.count, p1.hasMore]).toEqual([20, 21, true]);
      expect([p2.queueIntegrations.length, p2.hasMore]).toEqual([1, false]);
    });

    it("validates with the spec's texts, per type, writing nothing", async () => {
      const a = await createTenant(t);
      const bad = async (body: object) => fieldsOf((await t.http().post('/queueIntegration').set(admin(a)).send(body).expect(400)).body);
      expect(await bad({})).toMatchObject({ type: ['Required'], name: expect.arrayContaining(['Required']) });
      expect((await bad({ type: 'n8n', name: 'a', urlN8N: 'http://x.test' })).name).toEqual(['Too Short!']);
      expect((await bad({ type: 'n8n', name: 'x'.repeat(51), urlN8N: 'http://x.test' })).name).toEqual(['Too Long!']);
      expect(Object.keys(await bad({ type: 'n8n', name: 'Fluxo' }))).toEqual(['urlN8N']);
      expect(Object.keys(await bad({ type: 'webhook', name: 'Hook', urlN8N: '' }))).toEqual(['urlN8N']);
      expect((await bad({ type: 'webhook', name: 'Hook', urlN8N: 'ftp://x.test' })).urlN8N).toEqual(['Invalid URL']);
      expect(Object.keys(await bad({ type: 'typebot', name: 'Bot', urlN8N: 'http://x.test' }))).toEqual(['typebotSlug']);
      expect(Object.keys(await bad({ type: 'typebot', name: 'Bot' })).sort()).toEqual(['typebotSlug', 'urlN8N']);
      expect(
        Object.keys(
          await bad({ type: 'typebot', name: 'Bot', urlN8N: 'http://x.test', typebotSlug: 's', typebotExpires: -1, typebotDelayMessage: 'x' }),
        ).sort(),
      ).toEqual(['typebotDelayMessage', 'typebotExpires']);
      expect(Object.keys(await bad({ type: 'dialogflow', name: 'DF', jsonContent: '{}' }))).toEqual(['projectName']);
      expect(await bad({ type: 'dialogflow', name: 'DF', projectName: 'p' })).toEqual({ jsonContent: ['Required'] });
      expect(Object.keys(await bad({ type: 'dialogflow', name: 'DF', projectName: 'p', jsonContent: 'not json' }))).toEqual(['jsonContent']);
      expect(Object.keys(await bad({ type: 'dialogflow', name: 'DF', projectName: 'p', jsonContent: '{"a":1}', language: 'fr' })).sort()).toEqual(['language']);
      expect(Object.keys(await bad({ type: 'zapier', name: 'Zap' }))).toEqual(['type']);
      expect(await t.orm.em.fork().count(QueueIntegration, { companyId: a.company.id }, { filters: false })).toBe(0);
      await t.http().get('/queueIntegration/abc').set(admin(a)).expect(400);
      expect((await t.http().get('/queueIntegration/99999').set(admin(a)).expect(404)).body.error).toBe('ERR_QUEUE_INTEGRATION_NOT_FOUND');
    });

    it('updates: a blank jsonContent keeps the stored one; a type change drops the old credentials and makes a secret once', async () => {
      const a = await createTenant(t);
      const df = await create(a, { type: 'dialogflow', name: 'Dialogflow', projectName: 'fake-project', jsonContent: dialogflow.serviceAccountJson() });
      const sealedBefore = (await stored(df.id)).jsonContent;
      const kept = (
        await t
          .http()
          .put(`/queueIntegration/${df.id}`)
          .set(admin(a))
          .send({ type: 'dialogflow', name: 'DF 2', projectName: 'other', jsonContent: '', language: 'es' })
          .expect(200)
      ).body;
      expect(kept).toMatchObject({ name: 'DF 2', projectName: 'other', language: 'es', hasJsonContent: true });
      expect(kept.secret).toBeUndefined();
      expect((await stored(df.id)).jsonContent).toBe(sealedBefore);

      const hook = (
        await t.http().put(`/queueIntegration/${df.id}`).set(admin(a)).send({ type: 'webhook', name: 'Agora hook', urlN8N: 'http://127.0.0.1:1/h' }).expect(200)
      ).body;
      expect(hook).toMatchObject({
        type: 'webhook',
        projectName: 'Agora hook',
        hasJsonContent: false,
        secretHint: expect.any(String),
        secret: expect.any(String),
      });
      expect((await stored(df.id)).jsonContent).toBeNull();
      const again = (
        await t.http().put(`/queueIntegration/${df.id}`).set(admin(a)).send({ type: 'n8n', name: 'Agora n8n', urlN8N: 'http://127.0.0.1:1/h' }).expect(200)
      ).body;
      expect(again.secret).toBeUndefined();
      expect(again.secretHint).toBe(hook.secretHint);

      const back = await t.http().put(`/queueIntegration/${df.id}`).set(admin(a)).send({ type: 'dialogflow', name: 'DF', projectName: 'p' }).expect(400);
      expect(fieldsOf(back.body)).toEqual({ jsonContent: ['Required'] });
      const typebotRow = (
        await t
          .http()
          .put(`/queueIntegration/${df.id}`)
          .set(admin(a))
          .send({ type: 'typebot', name: 'Bot', urlN8N: 'http://127.0.0.1:1', typebotSlug: 's' })
          .expect(200)
      ).body;
      expect(typebotRow.secretHint).toBeNull();
      const row = await stored(df.id);
      expect([row.secret, row.secretHint]).toEqual([null, null]);
    });

    it('rotates the secret of n8n and webhook only; the new one is answered once and the old stops verifying', async () => {
      const a = await createTenant(t);
      const hook = await create(a, { type: 'webhook', name: 'Hook', urlN8N: 'http://127.0.0.1:1/h' });
      const rotated = (await t.http().post(`/queueIntegration/${hook.id}/secret`).set(admin(a)).expect(201)).body;
      expect(rotated).toEqual({ secret: expect.stringMatching(/^whsec_/), secretHint: expect.stringMatching(/^whsec_…/) });
      expect(rotated.secret).not.toBe(hook.secret);
      expect(t.app.get(SecretBox).open((await stored(hook.id)).secret!)).toBe(rotated.secret);
      expect((await t.http().get(`/queueIntegration/${hook.id}`).set(admin(a)).expect(200)).body.secretHint).toBe(rotated.secretHint);
      const bot = await create(a, { type: 'typebot', name: 'Bot', urlN8N: 'http://127.0.0.1:1', typebotSlug: 's' });
      expect((await t.http().post(`/queueIntegration/${bot.id}/secret`).set(admin(a)).expect(400)).body.error).toBe('ERR_QUEUE_INTEGRATION_NO_SECRET');
    });

    it('stores credentials sealed: neither the JSON nor the secret appears in the row, any answer or any event', async () => {
      const a = await createTenant(t);
      const socket = await connectSocket(t.url, a.adminToken);
      sockets.push(socket);
      const events = record<object>(socket, `company-${a.company.id}-queueIntegration`);
      const json = dialogflow.serviceAccountJson();
      const df = await create(a, { type: 'dialogflow', name: 'DF', projectName: 'fake-project', jsonContent: json });
      const hook = await create(a, { type: 'webhook', name: 'Hook', urlN8N: 'http://127.0.0.1:1/h' });
      const rotated = (await t.http().post(`/queueIntegration/${hook.id}/secret`).set(admin(a)).expect(201)).body;
      await until(() => events.length >= 3);
      const [raw] = await t.orm.em.fork().getConnection().execute(`select json_content, secret from queue_integrations where id = ?`, [df.id]);
      expect(raw.json_content).toMatch(/^v1:/);
      expect(raw.json_content).not.toContain('PRIVATE KEY');
      const [rawHook] = await t.orm.em.fork().getConnection().execute(`select secret from queue_integrations where id = ?`, [hook.id]);
      expect(rawHook.secret).toMatch(/^v1:/);
      expect(rawHook.secret).not.toContain(rotated.secret);
      const everything = JSON.stringify([
        events,
        (await t.http().get('/queueIntegration').set(admin(a))).body,
        (await t.http().get(`/queueIntegration/${hook.id}`).set(admin(a))).body,
      ]);
      for (const secret of [hook.secret, rotated.secret, 'PRIVATE KEY', dialogflow.clientEmail]) expect(everything).not.toContain(secret);
    });
  });

  describe('access and live list', () => {
    it('announces create, update and delete to admins only, with the GET shape', async () => {
      const a = await createTenant(t);
      const adminSocket = await connectSocket(t.url, a.adminToken);
      const userSocket = await connectSocket(t.url, a.userToken);
      sockets.push(adminSocket, userSocket);
      const events = record(adminSocket, `company-${a.company.id}-queueIntegration`);
      const overheard = record(userSocket, `company-${a.company.id}-queueIntegration`);
      const created = await create(a, { type: 'n8n', name: 'Ao vivo', urlN8N: 'http://127.0.0.1:1/h' });
      const read = (await t.http().get(`/queueIntegration/${created.id}`).set(admin(a)).expect(200)).body;
      const updated = (
        await t.http().put(`/queueIntegration/${created.id}`).set(admin(a)).send({ type: 'n8n', name: 'Ao vivo 2', urlN8N: 'http://127.0.0.1:1/h' }).expect(200)
      ).body;
      await t.http().delete(`/queueIntegration/${created.id}`).set(admin(a)).expect(204);
      await until(() => events.length >= 3);
      expect(events).toEqual([
        { action: 'create', queueIntegration: read },
        { action: 'update', queueIntegration: updated },
        { action: 'delete', integrationId: created.id },
      ]);
      await eventsDelivered(t, userSocket);
      expect(overheard).toEqual([]);
    });

    it('an attendant gets 403 on every route', async () => {
      const a = await createTenant(t);
      const hook = await create(a, { type: 'webhook', name: 'Hook', urlN8N: 'http://127.0.0.1:1/h' });
      const user = a.auth(a.userToken);
      const calls = [
        t.http().get('/queueIntegration').set(user),
        t.http().get(`/queueIntegration/${hook.id}`).set(user),
        t.http().post('/queueIntegration').set(user).send({ type: 'n8n', name: 'Meu', urlN8N: 'http://x.test' }),
        t.http().put(`/queueIntegration/${hook.id}`).set(user).send({ type: 'n8n', name: 'Meu', urlN8N: 'http://x.test' }),
        t.http().delete(`/queueIntegration/${hook.id}`).set(user),
        t.http().post(`/queueIntegration/${hook.id}/secret`).set(user),
        t.http().post('/queueIntegration/testSession').set(user).send({ projectName: 'p', jsonContent: '{}' }),
      ];
      for (const call of calls) expect((await call.expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    });

    it('answers ERR_PLAN_FEATURE_DISABLED when the plan has no integrations', async () => {
      const a = await createTenant(t, { useIntegrations: false });
      for (const call of [
        t.http().get('/queueIntegration').set(admin(a)),
        t.http().get('/queueIntegration/1').set(admin(a)),
        t.http().post('/queueIntegration').set(admin(a)).send({ type: 'n8n', name: 'Fluxo', urlN8N: 'http://x.test' }),
        t.http().put('/queueIntegration/1').set(admin(a)).send({ type: 'n8n', name: 'Fluxo', urlN8N: 'http://x.test' }),
        t.http().delete('/queueIntegration/1').set(admin(a)),
        t.http().post('/queueIntegration/1/secret').set(admin(a)),
        t.http().post('/queueIntegration/testSession').set(admin(a)).send({ projectName: 'p', jsonContent: '{}' }),
      ]) {
        expect((await call.expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
      }
    });

    it("company B gets 404 on every route for A's integration and never lists it", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const hook = await create(a, { type: 'webhook', name: 'Segredo de A', urlN8N: 'http://127.0.0.1:1/h' });
      const df = await create(a, { type: 'dialogflow', name: 'DF de A', projectName: 'fake-project', jsonContent: dialogflow.serviceAccountJson() });
      const body = { type: 'n8n', name: 'Tomado', urlN8N: 'http://x.test' };
      for (const call of [
        t.http().get(`/queueIntegration/${hook.id}`).set(admin(b)),
        t.http().put(`/queueIntegration/${hook.id}`).set(admin(b)).send(body),
        t.http().delete(`/queueIntegration/${hook.id}`).set(admin(b)),
        t.http().post(`/queueIntegration/${hook.id}/secret`).set(admin(b)),
        t.http().post('/queueIntegration/testSession').set(admin(b)).send({ projectName: 'fake-project', id: df.id }),
      ]) {
        expect((await call.expect(404)).body.error).toBe('ERR_QUEUE_INTEGRATION_NOT_FOUND');
      }
      expect((await t.http().get('/queueIntegration').query({ searchParam: 'de a' }).set(admin(b)).expect(200)).body).toEqual({
        queueIntegrations: [],
        count: 0,
        hasMore: false,
      });
      expect((await stored(hook.id)).name).toBe('Segredo de A');
      expect(dialogflow.calls.filter((c) => c.project === 'fake-project' && c.session.startsWith(`test-${b.admin.id}-`))).toEqual([]);
    });

    it("connections take an integrationId of the company only; deleting it clears the connection's and tickets'", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const mine = await create(a, { type: 'webhook', name: 'Hook', urlN8N: 'http://127.0.0.1:1/h' });
      const theirs = await create(b, { type: 'webhook', name: 'Hook B', urlN8N: 'http://127.0.0.1:1/h' });
      const w = await createWhatsapp(t.orm, a.company.id);
      const refused = await t.http().put(`/whatsapp/${w.id}`).set(admin(a)).send({ integrationId: theirs.id }).expect(400);
      expect(fieldsOf(refused.body)).toEqual({ integrationId: ['Unknown integration'] });
      const saved = (await t.http().put(`/whatsapp/${w.id}`).set(admin(a)).send({ integrationId: mine.id }).expect(200)).body;
      expect(saved.integrationId).toBe(mine.id);
      const queue = await createQueue(t.orm, a.company.id);
      await t.orm.em.fork().getConnection().execute('update queues set integration_id = ? where id = ?', [mine.id, queue.id]);
      const ticket = await createTicket(t.orm, a.company.id, { whatsappId: w.id, useIntegration: true, integrationId: mine.id });
      await t.http().delete(`/queueIntegration/${mine.id}`).set(admin(a)).expect(204);
      const em = t.orm.em.fork();
      expect((await em.findOneOrFail(Whatsapp, { id: w.id }, { filters: false })).integrationId).toBeNull();
      expect((await em.findOneOrFail(Ticket, { id: ticket.id }, { filters: false })).integrationId).toBeNull();
      const [q] = await em.getConnection().execute('select integration_id from queues where id = ?', [queue.id]);
      expect(q.integration_id).toBeNull();
    });
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    it("language '' on a non-dialogflow integration is read as absent", async () => {
      const s = await createTenant(t);
      const hook = await api(s).post('/queueIntegration').send({ type: 'webhook', name: 'Hook', urlN8N: 'http://127.0.0.1:1/h', language: '' }).expect(201);
      const n8n = await api(s).post('/queueIntegration').send({ type: 'n8n', name: 'Fluxo', urlN8N: 'http://127.0.0.1:1/n', language: null }).expect(201);
      await api(s).put(`/queueIntegration/${hook.body.id}`).send({ type: 'webhook', name: 'Hook 2', urlN8N: 'http://127.0.0.1:1/h', language: '' }).expect(200);
      expect(n8n.body.id).toBeGreaterThan(0);
      // Where it applies, a blank language is still refused.
      await api(s).post('/queueIntegration').send({ type: 'dialogflow', name: 'DF', projectName: 'p', jsonContent: '{}', language: '' }).expect(400);
    });
  });
});
