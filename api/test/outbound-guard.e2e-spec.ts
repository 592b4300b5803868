import { createECDH, randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { CompanyId } from '../src/common/tenancy/company-id';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { QueueIntegration } from '../src/automation/queue-integrations/queue-integration.entity';
import { DialogflowGateway } from '../src/automation/queue-integrations/dialogflow.gateway';
import { Prompt } from '../src/automation/prompts/prompt.entity';
import { PushSubscription } from '../src/auth/push/push-subscription.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, TestApp, until } from './harness';
import { createQueue, createSandboxConnection, createTenant, settleConversations } from './factories';
import { image, plain, TypebotFake } from './fakes/typebot-fake';
import { DialogflowFake } from './fakes/dialogflow-fake';

/** A listener that records every request it gets and answers 200 (JSON, or a PNG-looking body). */
async function listen(host: string, handle?: (url: string, res: import('node:http').ServerResponse) => boolean) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    if (handle?.(req.url ?? '/', res)) return;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"reply":"leaked","choices":[{"message":{"content":"leaked"}}]}');
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    port,
    url: `http://${host}:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const pushKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

/**
 * Issue 28, item 4: every URL a company chooses for the server to call (webhook, n8n, typebot and the media it
 * names, Dialogflow's token URI, AI base URLs, push endpoints) is refused when it reaches loopback, private, link-local
 * or metadata addresses: 400 ERR_OUTBOUND_URL_FORBIDDEN on save, and at call time (rows saved before the guard, a
 * name that changed, a redirect) the call fails closed, is logged with the company and host, and the listener on
 * 127.0.0.1 records nothing. This app allows only 127.0.0.2 (OUTBOUND_ALLOW_CIDRS), where the "public" services of
 * the test live: the typebot fake and a host that redirects every request to the listener on 127.0.0.1.
 */
describe('outbound guard', () => {
  let t: TestApp;
  let network: SandboxNetwork;
  let loopback: Awaited<ReturnType<typeof listen>>;
  let bouncer: Awaited<ReturnType<typeof listen>>;
  let typebot: TypebotFake;
  let dialogflow: DialogflowFake;
  let warnings: string[];
  let seq = 0;

  beforeAll(async () => {
    loopback = await listen('127.0.0.1');
    // A "public" host that sends every request on to the listener on 127.0.0.1, keeping the method (307).
    bouncer = await listen('127.0.0.2', (url, res) => {
      res.writeHead(307, { location: `${loopback.url}${url}` }).end();
      return true;
    });
    typebot = await new TypebotFake().start('127.0.0.2');
    dialogflow = await new DialogflowFake().start();
    warnings = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    t = await createTestApp({
      env: { OUTBOUND_ALLOW_CIDRS: '127.0.0.2/32', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', AUTOMATION_SWEEP_MS: '3600000', INTEGRATION_TIMEOUT_MS: '3000' },
    });
    network = t.app.get(SANDBOX_NETWORK);
    // Dialogflow's API on an allowed test host (never Google's): the token exchange then goes to the key's token_uri.
    t.app.get(DialogflowGateway).endpoint = { host: '127.0.0.2', port: bouncer.port, protocol: 'http' };
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([loopback?.stop(), bouncer?.stop(), typebot?.stop(), dialogflow?.stop()]);
    jest.restoreAllMocks();
  });
  afterEach(() => {
    // The invariant of the whole file: nothing any company saved or triggered reached the listener on 127.0.0.1.
    expect(loopback.hits).toEqual([]);
  });

  /** The forbidden targets (10.x and 169.254.x are refused by address: nothing ever connects there). */
  const FORBIDDEN = () => [
    `http://127.0.0.1:${loopback.port}/hook`,
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    `http://[::1]:${loopback.port}/hook`,
    `http://[::ffff:127.0.0.1]:${loopback.port}/hook`,
    `http://localhost:${loopback.port}/hook`,
  ];

  const refused = (res: { status: number; body: unknown }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_OUTBOUND_URL_FORBIDDEN', fields: [{ field, messages: [expect.any(String)] }] });
  };

  const settle = (companyId: CompanyId) => settleConversations(t, companyId);

  function phoneOn(w: Whatsapp) {
    const number = `5511944${String(++seq).padStart(6, '0')}`;
    const phone = network.phone(number, `Cliente ${seq}`);
    return {
      inbox: () => phone.inbox.filter((m) => m.whatsappId === w.id),
      texts: () => phone.inbox.filter((m) => m.whatsappId === w.id).map((m) => m.body),
      async say(body: string) {
        network.sendFromPhone(number, w.id, { body });
        await settle(w.companyId);
      },
      ticket: () => t.orm.em.fork().findOneOrFail(Ticket, { contact: { number }, companyId: w.companyId }, { orderBy: { id: 'desc' }, filters: false }),
    };
  }

  /** Waits for the guard's warning about this company's call and answers it. */
  const warned = (companyId: CompanyId, what: string) =>
    until(() => warnings.find((w) => w.startsWith(`company ${companyId}: ${what}`) && w.includes('refused')), 15_000);

  describe('saving a URL the server would call: 400 ERR_OUTBOUND_URL_FORBIDDEN naming the field, nothing stored', () => {
    it.each(['webhook', 'n8n', 'typebot'] as const)('%s integration URL (create and update)', async (type) => {
      const a = await createTenant(t);
      const extra = type === 'typebot' ? { typebotSlug: 'bot' } : {};
      for (const url of FORBIDDEN()) {
        refused(
          await t
            .http()
            .post('/queueIntegration')
            .set(a.auth(a.adminToken))
            .send({ type, name: 'Integração', urlN8N: url, ...extra }),
          'urlN8N',
        );
      }
      expect(await t.orm.em.fork().count(QueueIntegration, { companyId: a.company.id }, { filters: false })).toBe(0);
      const ok = await t
        .http()
        .post('/queueIntegration')
        .set(a.auth(a.adminToken))
        .send({ type, name: 'Integração ok', urlN8N: typebot.url, ...extra })
        .expect(201);
      for (const url of FORBIDDEN()) {
        refused(
          await t
            .http()
            .put(`/queueIntegration/${ok.body.id}`)
            .set(a.auth(a.adminToken))
            .send({ type, name: 'Integração ok', urlN8N: url, ...extra }),
          'urlN8N',
        );
      }
      const stored = await t.orm.em.fork().findOneOrFail(QueueIntegration, { id: ok.body.id }, { filters: false });
      expect(stored.urlN8N).toBe(typebot.url);
    });

    it("dialogflow key file's token_uri", async () => {
      const a = await createTenant(t);
      const json = (tokenUri: string) => JSON.stringify({ ...JSON.parse(dialogflow.serviceAccountJson()), token_uri: tokenUri });
      for (const url of FORBIDDEN()) {
        const res = await t
          .http()
          .post('/queueIntegration')
          .set(a.auth(a.adminToken))
          .send({ type: 'dialogflow', name: 'DF', projectName: 'fake-project', language: 'pt-BR', jsonContent: json(url) });
        refused(res, 'jsonContent');
      }
      expect(await t.orm.em.fork().count(QueueIntegration, { companyId: a.company.id }, { filters: false })).toBe(0);
    });

    it('AI prompt base URL (create and update)', async () => {
      const a = await createTenant(t);
      const queue = await createQueue(t.orm, a.company.id, { name: 'IA' });
      const body = (baseUrl: string) => ({
        name: 'Assistente',
        prompt: 'Você é a assistente da loja. Responda em até duas frases.',
        apiKey: 'sk-company-secret',
        queueId: queue.id,
        baseUrl,
      });
      for (const url of FORBIDDEN()) refused(await t.http().post('/prompt').set(a.auth(a.adminToken)).send(body(url)), 'baseUrl');
      expect(await t.orm.em.fork().count(Prompt, { companyId: a.company.id }, { filters: false })).toBe(0);
      const ok = await t
        .http()
        .post('/prompt')
        .set(a.auth(a.adminToken))
        .send(body(`${typebot.url}/v1`))
        .expect(201);
      for (const url of FORBIDDEN()) refused(await t.http().put(`/prompt/${ok.body.id}`).set(a.auth(a.adminToken)).send(body(url)), 'baseUrl');
    });

    it('push subscription endpoint', async () => {
      const a = await createTenant(t);
      for (const url of FORBIDDEN()) {
        const res = await t
          .http()
          .post('/subscribe')
          .set(a.auth(a.userToken))
          .send({ browserId: 'b1', pushSubscription: { endpoint: url, expirationTime: null, keys: pushKeys() } });
        refused(res, 'pushSubscription.endpoint');
      }
      expect(await t.orm.em.fork().count(PushSubscription, { companyId: a.company.id }, { filters: false })).toBe(0);
    });
  });

  describe('calling a URL saved before the guard, or one that leads elsewhere: refused before connecting, logged, never crashes', () => {
    async function integrationOn(body: Record<string, unknown>) {
      const tenant = await createTenant(t);
      const queue = await createQueue(t.orm, tenant.company.id, { name: 'Vendas' });
      const integration = (await t.http().post('/queueIntegration').set(tenant.auth(tenant.adminToken)).send(body).expect(201)).body as { id: number };
      const w = await createSandboxConnection(t, tenant.company.id, [queue.id]);
      await t.http().put(`/whatsapp/${w.id}`).set(tenant.auth(tenant.adminToken)).send({ integrationId: integration.id }).expect(200);
      return { tenant, w, integration };
    }
    const setUrl = (id: number, urlN8N: string) => t.orm.em.fork().nativeUpdate(QueueIntegration, { id }, { urlN8N }, { filters: false });

    it.each(['webhook', 'n8n'] as const)('%s delivery to a loopback URL', async (type) => {
      const { tenant, w, integration } = await integrationOn({ type, name: 'Hook', urlN8N: typebot.url });
      await setUrl(integration.id, `http://[::ffff:127.0.0.1]:${loopback.port}/hook`);
      await phoneOn(w).say('Oi, segue meu CPF');
      expect(await warned(tenant.company.id, `${type} integration ${integration.id}`)).toContain('[::ffff:7f00:1]');
    });

    it('webhook delivery to a "public" host that redirects to loopback: the redirect is not followed', async () => {
      const { tenant, w, integration } = await integrationOn({ type: 'webhook', name: 'Hook', urlN8N: `${bouncer.url}/hook` });
      bouncer.hits.length = 0;
      await phoneOn(w).say('Oi');
      // Deliveries never follow redirects (a 3xx is a failed delivery, retried): the signed body stays with the host named.
      await until(() => bouncer.hits.length >= 1, 15_000);
      expect(warnings.some((m) => m.startsWith(`company ${tenant.company.id}:`))).toBe(false);
      await setUrl(integration.id, typebot.url); // stop the retries
    });

    it('typebot chat API on a name that resolves to loopback: the agent fails and people take the ticket', async () => {
      const { tenant, w, integration } = await integrationOn({
        type: 'typebot',
        name: 'Bot',
        urlN8N: typebot.url,
        typebotSlug: 'vendas',
        typebotDelayMessage: 0,
      });
      await setUrl(integration.id, `http://localhost:${loopback.port}`);
      const phone = phoneOn(w);
      await phone.say('Olá');
      expect(await warned(tenant.company.id, `typebot integration ${integration.id}`)).toContain('localhost');
      const ticket = await until(async () => {
        const tk = await phone.ticket();
        return tk.useIntegration ? null : tk;
      });
      expect(ticket.status).toBe('pending');
    });

    it('typebot media on loopback, directly or through a redirect, is never fetched: the customer gets the link', async () => {
      const direct = `${loopback.url}/img.png`;
      const bounced = `${bouncer.url}/img.png`;
      typebot.onStart = () => ({ messages: [plain('Veja:'), image(direct), image(bounced)], input: { type: 'text input', options: {} } });
      try {
        const { tenant, w } = await integrationOn({ type: 'typebot', name: 'Bot', urlN8N: typebot.url, typebotSlug: 'vendas', typebotDelayMessage: 0 });
        bouncer.hits.length = 0;
        const phone = phoneOn(w);
        await phone.say('Olá');
        await until(() => phone.texts().length >= 3, 15_000);
        expect(phone.texts()).toEqual(['Veja:', direct, bounced]);
        expect(phone.inbox().every((m) => !m.media)).toBe(true);
        expect(bouncer.hits).toEqual(['GET /img.png']);
        const mine = warnings.filter((m) => m.startsWith(`company ${tenant.company.id}: typebot media`));
        expect(mine).toHaveLength(2);
      } finally {
        typebot.onStart = () => ({ messages: [plain('Olá')], input: { type: 'text input', options: {} } });
      }
    });

    it("AI prompt on a loopback base URL, and on a host that redirects there: the company's key never reaches loopback", async () => {
      const a = await createTenant(t);
      const queue = await createQueue(t.orm, a.company.id, { name: 'IA' });
      const prompt = (
        await t
          .http()
          .post('/prompt')
          .set(a.auth(a.adminToken))
          .send({
            name: 'Assistente',
            prompt: 'Você é a assistente da loja. Responda em até duas frases.',
            apiKey: 'sk-company-secret',
            queueId: queue.id,
            baseUrl: `${bouncer.url}/v1`,
            model: 'gpt-x',
          })
          .expect(201)
      ).body as { id: number };
      const w = await createSandboxConnection(t, a.company.id, [queue.id]);
      await t.orm.em.fork().nativeUpdate(Whatsapp, { id: w.id }, { promptId: prompt.id }, { filters: false });
      bouncer.hits.length = 0;
      await phoneOn(w).say('Qual o horário?');
      await warned(a.company.id, `prompt ${prompt.id}`);
      expect(bouncer.hits[0]).toBe('POST /v1/chat/completions');

      await t.orm.em.fork().nativeUpdate(Prompt, { id: prompt.id }, { baseUrl: `http://127.0.0.1:${loopback.port}/v1` }, { filters: false });
      warnings.length = 0;
      await phoneOn(w).say('E o prazo?');
      expect(await warned(a.company.id, `prompt ${prompt.id}`)).toContain('127.0.0.1');
    });

    it("Dialogflow's requests go through the guard too: the API host redirecting to loopback is refused", async () => {
      // The client signs its own access JWT (no token exchange at token_uri in this configuration; the save checks
      // token_uri all the same); every request it makes goes through the guard's fetch.
      const a = await createTenant(t);
      bouncer.hits.length = 0;
      const res = await t
        .http()
        .post('/queueIntegration/testSession')
        .set(a.auth(a.adminToken))
        .send({ projectName: 'fake-project', jsonContent: dialogflow.serviceAccountJson(), language: 'pt-BR' })
        .expect(200);
      expect(res.body).toEqual({ ok: false, error: `The server may not call 127.0.0.1:${loopback.port}: loopback address` });
      expect(bouncer.hits).toEqual([expect.stringMatching(/^POST \/v2\/projects\/fake-project\/agent\/sessions\/.*:detectIntent/)]);
      await warned(a.company.id, 'dialogflow');
    });

    it('push delivery to a loopback endpoint: not sent, counted as a failure, the subscription kept for the user to replace', async () => {
      const a = await createTenant(t);
      await t
        .http()
        .post('/subscribe')
        .set(a.auth(a.userToken))
        .send({ browserId: 'b1', pushSubscription: { endpoint: `${typebot.url}/push/1`, expirationTime: null, keys: pushKeys() } })
        .expect(201);
      await t.orm.em.fork().nativeUpdate(PushSubscription, { userId: a.user.id }, { endpoint: `http://127.0.0.1:${loopback.port}/push/1` }, { filters: false });
      await t.http().post('/notifications').set(a.auth(a.userToken)).send({ title: 'Oi', message: 'teste', userId: a.user.id }).expect(201);
      expect(await warned(a.company.id, 'push subscription')).toContain('127.0.0.1');
      const [sub] = await until(async () => {
        const subs = await t.orm.em.fork().find(PushSubscription, { userId: a.user.id }, { filters: false });
        return subs[0]?.failures ? subs : null;
      });
      expect(sub.failures).toBe(1);
      expect(sub.lastSuccessAt ?? null).toBeNull();
    });

    it('the process is still serving after all of it', async () => {
      const a = await createTenant(t);
      await t.http().get('/queueIntegration').set(a.auth(a.adminToken)).expect(200);
    });
  });
});
