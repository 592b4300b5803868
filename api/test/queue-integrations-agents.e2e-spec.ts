import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { TypebotSession } from '../src/automation/queue-integrations/queue-integration.entity';
import { AgentRegistry } from '../src/automation/agents/agent-registry';
import type { AgentIo, AgentMedia, AgentTurn } from '../src/automation/agents/agent';
import { DialogflowGateway } from '../src/automation/queue-integrations/dialogflow.gateway';
import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, sleep, TestApp, until } from './harness';
import { createContact, createTenant, createTicket, createWhatsapp } from './factories';
import { verifySignature, WebhookFake } from './fakes/webhook-fake';
import { choice, image, plain, richText, textInput, TypebotFake } from './fakes/typebot-fake';
import { DialogflowFake } from './fakes/dialogflow-fake';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));

/** An AgentIo that records what the agent did, with the time of each call. */
class RecordingIo implements AgentIo {
  readonly texts: string[] = [];
  readonly media: AgentMedia[] = [];
  readonly times: number[] = [];
  handedOff: string | null = null;
  closed = false;
  async sendText(body: string) {
    this.texts.push(body);
    this.times.push(Date.now());
  }
  async sendMedia(media: AgentMedia) {
    this.media.push(media);
    this.times.push(Date.now());
  }
  async handOff(reason: string) {
    this.handedOff = reason;
  }
  async close() {
    this.closed = true;
  }
}

describe('queue integrations: the webhook, n8n, typebot and dialogflow agents', () => {
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

  /** A turn as the engine makes it, for a ticket answered by `integrationId`. */
  async function turnFor(a: Tenant, integrationId: number, body: string, first = false, ticket?: Ticket): Promise<AgentTurn & { ticket: Ticket }> {
    let tk = ticket;
    if (!tk) {
      const whatsapp = await createWhatsapp(t.orm, a.company.id);
      const contact = await createContact(t.orm, a.company.id, { name: 'Maria', number: `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` });
      tk = await createTicket(t.orm, a.company.id, { whatsappId: whatsapp.id, contactId: contact.id, useIntegration: true, integrationId });
    }
    const row = await t.orm.em.fork().findOneOrFail(Ticket, { id: tk.id }, { populate: ['contact', 'whatsapp'], filters: false });
    return {
      ticket: tk,
      companyId: a.company.id,
      ticketId: tk.id,
      ticketUuid: row.uuid,
      whatsappId: row.whatsapp!.id,
      queueId: null,
      contact: { id: row.contact.id, name: row.contact.$.name, number: row.contact.$.number, email: row.contact.$.email ?? null },
      message: { id: `M${randomBytes(6).toString('hex')}`, body, mediaType: 'chat', mediaPath: null, createdAt: new Date() },
      first,
    };
  }
  const agent = (kind: 'webhook' | 'n8n' | 'typebot' | 'dialogflow') => t.app.get(AgentRegistry).get(kind)!;

  describe('webhook and n8n agents', () => {
    it('POSTs each message signed, with an idempotency key, retries with backoff on 500, then posts the reply back', async () => {
      const a = await createTenant(t);
      const hook = await create(a, { type: 'webhook', name: 'Hook', urlN8N: webhook.url });
      webhook.secret = hook.secret;
      webhook.deliveries.length = 0;
      webhook.answer({ status: 500 }, { status: 503 }, { status: 200, body: { reply: 'Recebido!', replies: ['Um', 'Dois'], handOff: true } });
      const turn = await turnFor(a, hook.id, 'Quero comprar', true);
      const io = new RecordingIo();
      await agent('webhook').respond(turn, io);
      await agent('webhook').respond(turn, io); // a repeated turn is not queued twice
      await until(() => webhook.deliveries.length >= 3, 15_000);
      const [d1, d2, d3] = webhook.deliveries;
      for (const d of [d1, d2, d3]) {
        expect(verifySignature(hook.secret, d)).toBe(true);
        expect(d.headers['idempotency-key']).toBe(`${hook.id}:${turn.message.id}`);
        expect(d.raw).toBe(d1.raw);
      }
      expect(verifySignature('whsec_wrong', d1)).toBe(false);
      expect(d2.at - d1.at).toBeGreaterThanOrEqual(900);
      expect(d3.at - d2.at).toBeGreaterThanOrEqual(1800);
      expect(d1.json).toEqual({
        event: 'message',
        integration: { id: hook.id, type: 'webhook', name: 'Hook' },
        company: { id: a.company.id },
        ticket: { id: turn.ticketId, uuid: turn.ticketUuid, whatsappId: turn.whatsappId, first: true },
        contact: turn.contact,
        message: { id: turn.message.id, body: 'Quero comprar', mediaType: 'chat', hasMedia: false, createdAt: turn.message.createdAt.toISOString() },
        queue: null,
      });
      // The answer is stored on the ticket as the bot, then people get the ticket.
      const bodies = await until(async () => {
        const rows = await t.orm.em.fork().find(Message, { ticket: turn.ticketId, fromMe: true }, { filters: false, orderBy: { createdAt: 'asc' } });
        return rows.length >= 3 ? rows : null;
      });
      expect(bodies.map((m) => [m.body, m.source])).toEqual([
        ['Recebido!', 'bot'],
        ['Um', 'bot'],
        ['Dois', 'bot'],
      ]);
      const ticket = await until(async () => {
        const tk = await t.orm.em.fork().findOneOrFail(Ticket, { id: turn.ticketId }, { filters: false });
        return tk.useIntegration ? null : tk;
      });
      expect(ticket.integrationId).toBeNull();
      await sleep(300);
      expect(webhook.deliveries).toHaveLength(3);
      expect(io.texts).toEqual([]); // the turn itself answers nothing: the job does
    }, 30_000);

    it('n8n: a 4xx is final (no retry); a late answer to a ticket people took is dropped', async () => {
      const a = await createTenant(t);
      const flow = await create(a, { type: 'n8n', name: 'Fluxo', urlN8N: webhook.url });
      webhook.secret = flow.secret;
      webhook.deliveries.length = 0;
      webhook.answer({ status: 410 });
      const turn = await turnFor(a, flow.id, 'Olá');
      await agent('n8n').respond(turn, new RecordingIo());
      await until(() => webhook.deliveries.length >= 1);
      await sleep(1500);
      expect(webhook.deliveries).toHaveLength(1);

      webhook.deliveries.length = 0;
      webhook.answer({ status: 200, body: { reply: 'tarde demais' } });
      const taken = await turnFor(a, flow.id, 'Oi');
      await t.orm.em.fork().getConnection().execute(`update tickets set user_id = ?, status = 'open' where id = ?`, [a.admin.id, taken.ticketId]);
      await agent('n8n').respond(taken, new RecordingIo());
      await until(() => webhook.deliveries.length >= 1);
      await sleep(500);
      expect(await t.orm.em.fork().count(Message, { ticket: taken.ticketId, fromMe: true }, { filters: false })).toBe(0);
    }, 20_000);

    it('a receiver checking signatures refuses a forged one (the fake is a fair receiver)', async () => {
      const a = await createTenant(t);
      const hook = await create(a, { type: 'webhook', name: 'Hook', urlN8N: webhook.url });
      webhook.secret = 'whsec_not_this_one';
      webhook.deliveries.length = 0;
      webhook.answer({ status: 200, body: { reply: 'nunca' } });
      const turn = await turnFor(a, hook.id, 'Olá');
      await agent('webhook').respond(turn, new RecordingIo());
      await until(() => webhook.deliveries.length >= 1);
      await sleep(300);
      expect(await t.orm.em.fork().count(Message, { ticket: turn.ticketId, fromMe: true }, { filters: false })).toBe(0);
      webhook.secret = null;
    });
  });

  describe('typebot agent', () => {
    const makeBot = (a: Tenant, extra: object = {}) =>
      create(a, {
        type: 'typebot',
        name: 'Typebot',
        urlN8N: `${typebot.url}/`,
        typebotSlug: 'atendimento-abc',
        typebotDelayMessage: 150,
        typebotExpires: 1,
        typebotKeywordFinish: '#sair',
        typebotKeywordRestart: '#reiniciar',
        typebotRestartMessage: 'Vamos recomeçar.',
        typebotUnknownMessage: 'Não entendi, tente de novo.',
        ...extra,
      });

    it('starts with the contact as variables, formats rich text, numbers the choices with a delay between messages, maps a numbered answer', async () => {
      const a = await createTenant(t);
      const bot = await makeBot(a);
      const turn = await turnFor(a, bot.id, 'Oi', true);
      const io = new RecordingIo();
      await agent('typebot').respond(turn, io);
      const start = typebot.calls.filter((c) => c.kind === 'start').at(-1)!;
      expect(start.target).toBe('atendimento-abc');
      expect(start.body.prefilledVariables).toMatchObject({ number: turn.contact.number, pushName: 'Maria', ticketId: String(turn.ticketId) });
      expect(io.texts).toEqual(['Olá, *bem-vindo*!', 'Escolha uma opção:', '1 - Vendas\n2 - Suporte']);
      expect(io.times[1] - io.times[0]).toBeGreaterThanOrEqual(140);
      expect(io.times[2] - io.times[1]).toBeGreaterThanOrEqual(140);

      const io2 = new RecordingIo();
      await agent('typebot').respond({ ...turn, first: false, message: { ...turn.message, id: 'm2', body: '2' } }, io2);
      const cont = typebot.calls.at(-1)!;
      expect(cont.kind).toBe('continue');
      expect(cont.body).toEqual({ message: 'Suporte' });
      expect(io2.texts).toEqual(['Você disse: Suporte']);
      expect(io2.handedOff).toBeNull();
    });

    it('sends images as media, italics as _x_, and hands off when the flow ends', async () => {
      const a = await createTenant(t);
      const bot = await makeBot(a, { typebotDelayMessage: 0 });
      typebot.onStart = () => ({
        messages: [richText([{ text: 'Veja ' }, { text: 'isto', italic: true }]), image(`${typebot.url}/img.png`)],
        input: null,
      });
      try {
        const turn = await turnFor(a, bot.id, 'Oi', true);
        const io = new RecordingIo();
        await agent('typebot').respond(turn, io);
        expect(io.texts).toEqual(['Veja _isto_']);
        expect(io.media).toHaveLength(1);
        expect(io.media[0].fileName).toBe('img.png');
        expect(io.media[0].data.subarray(1, 4).toString()).toBe('PNG');
        expect(io.handedOff).toBe('typebot flow ended');
        expect(await t.orm.em.fork().count(TypebotSession, { ticketId: turn.ticketId }, { filters: false })).toBe(0);
      } finally {
        typebot.onStart = new TypebotFake().onStart;
      }
    });

    it('restart keyword, finish keyword, unknown message on errors and empty answers, expiry, a forgotten session', async () => {
      const a = await createTenant(t);
      const bot = await makeBot(a, { typebotDelayMessage: 0 });
      const turn = await turnFor(a, bot.id, 'Oi', true);
      const say = async (body: string) => {
        const io = new RecordingIo();
        await agent('typebot').respond({ ...turn, first: false, message: { ...turn.message, id: `m${Math.random()}`, body } }, io);
        return io;
      };
      await agent('typebot').respond(turn, new RecordingIo());
      const starts = () => typebot.calls.filter((c) => c.kind === 'start').length;
      const started = starts();

      // An error on continue: the unknown message, and the options again.
      typebot.onContinue = () => ({ status: 500 });
      expect((await say('9')).texts).toEqual(['Não entendi, tente de novo.', '1 - Vendas\n2 - Suporte']);
      // An empty answer: the unknown message.
      typebot.onContinue = () => ({ messages: [], input: choice('Vendas', 'Suporte') });
      expect((await say('talvez')).texts).toEqual(['Não entendi, tente de novo.', '1 - Vendas\n2 - Suporte']);
      typebot.onContinue = (m) => ({ messages: [plain(`Você disse: ${m}`)], input: textInput() });

      // Restart: the message, the session gone; the next message starts over.
      const restart = await say('#REINICIAR');
      expect(restart.texts).toEqual(['Vamos recomeçar.']);
      expect(await t.orm.em.fork().count(TypebotSession, { ticketId: turn.ticketId }, { filters: false })).toBe(0);
      await say('Oi de novo');
      expect(starts()).toBe(started + 1);

      // Expiry: a minute of silence, and the next message starts over.
      await t.orm.em
        .fork()
        .getConnection()
        .execute(`update typebot_sessions set last_activity_at = now() - interval '61 seconds' where ticket_id = ?`, [turn.ticketId]);
      const expired = await say('voltei');
      expect(starts()).toBe(started + 2);
      expect(expired.texts[0]).toBe('Olá, *bem-vindo*!');
      // Not yet expired: continues.
      await say('1');
      expect(typebot.calls.at(-1)).toMatchObject({ kind: 'continue', body: { message: 'Vendas' } });

      // Typebot forgot the session (404): start over.
      const session = await t.orm.em.fork().findOneOrFail(TypebotSession, { ticketId: turn.ticketId }, { filters: false });
      typebot.forgotten.add(session.sessionId);
      const forgotten = await say('oi?');
      expect(starts()).toBe(started + 3);
      expect(forgotten.texts[0]).toBe('Olá, *bem-vindo*!');

      // Finish: hand-off, session gone.
      const finish = await say('#sair');
      expect(finish.handedOff).toBe('typebot finish keyword');
      expect(await t.orm.em.fork().count(TypebotSession, { ticketId: turn.ticketId }, { filters: false })).toBe(0);
    });
  });

  describe('dialogflow agent and test session', () => {
    it("detectIntent through Google's client (REST) in the ticket's session and the integration's language; end of interaction hands off", async () => {
      const a = await createTenant(t);
      dialogflow.answers.set('oi', { texts: ['Olá! Como posso ajudar?', 'Escolha: vendas ou suporte'], intent: 'Welcome' });
      dialogflow.answers.set('tchau', { texts: ['Até logo!'], intent: 'Goodbye', endInteraction: true });
      const df = await create(a, { type: 'dialogflow', name: 'DF', projectName: 'fake-project', language: 'es', jsonContent: dialogflow.serviceAccountJson() });
      const turn = await turnFor(a, df.id, 'Oi', true);
      const io = new RecordingIo();
      await agent('dialogflow').respond(turn, io);
      expect(io.texts).toEqual(['Olá! Como posso ajudar?', 'Escolha: vendas ou suporte']);
      const call = dialogflow.calls.at(-1)!;
      expect(call).toMatchObject({ project: 'fake-project', session: turn.ticketUuid, text: 'Oi', languageCode: 'es', authorized: true });
      expect(io.handedOff).toBeNull();
      const bye = new RecordingIo();
      await agent('dialogflow').respond({ ...turn, first: false, message: { ...turn.message, id: 'm2', body: 'tchau' } }, bye);
      expect(bye.texts).toEqual(['Até logo!']);
      expect(bye.handedOff).toBe('dialogflow: end of conversation (Goodbye)');
    });

    it("testSession answers {ok, reply} from a real detectIntent 'Olá', or {ok: false, error}", async () => {
      const a = await createTenant(t);
      dialogflow.answers.set('olá', { texts: ['Oi, eu sou o bot de teste'], intent: 'Welcome' });
      const json = dialogflow.serviceAccountJson();
      const ok = await t
        .http()
        .post('/queueIntegration/testSession')
        .set(admin(a))
        .send({ projectName: 'fake-project', jsonContent: json, language: 'pt-BR' })
        .expect(200);
      expect(ok.body).toEqual({ ok: true, reply: 'Oi, eu sou o bot de teste' });
      expect(dialogflow.calls.at(-1)).toMatchObject({ text: 'Olá', languageCode: 'pt-BR', authorized: true });

      const unknown = await t
        .http()
        .post('/queueIntegration/testSession')
        .set(admin(a))
        .send({ projectName: 'no-such-project', jsonContent: json })
        .expect(200);
      expect(unknown.body).toEqual({ ok: false, error: expect.stringMatching(/not found/i) });
      const stranger = await t
        .http()
        .post('/queueIntegration/testSession')
        .set(admin(a))
        .send({ projectName: 'fake-project', jsonContent: DialogflowFake.strangerJson(dialogflow.port) })
        .expect(200);
      expect(stranger.body.ok).toBe(false);
      expect(stranger.body.error).toEqual(expect.any(String));
      const notJson = await t.http().post('/queueIntegration/testSession').set(admin(a)).send({ projectName: 'fake-project', jsonContent: 'nope' }).expect(200);
      expect(notJson.body).toEqual({ ok: false, error: 'The JSON content is not valid JSON' });

      // The dialog of a saved integration tests with the stored key (it never sees it).
      const df = await create(a, { type: 'dialogflow', name: 'DF', projectName: 'fake-project', jsonContent: json });
      const stored = await t
        .http()
        .post('/queueIntegration/testSession')
        .set(admin(a))
        .send({ projectName: 'fake-project', jsonContent: '', id: df.id })
        .expect(200);
      expect(stored.body).toEqual({ ok: true, reply: 'Oi, eu sou o bot de teste' });
      const missing = await t.http().post('/queueIntegration/testSession').set(admin(a)).send({ projectName: 'fake-project' }).expect(400);
      expect(fieldsOf(missing.body)).toEqual({ jsonContent: ['Required'] });
    });
  });
});
