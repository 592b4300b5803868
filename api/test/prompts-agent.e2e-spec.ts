import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { APIConnectionError } from 'openai';
import { asCompanyId } from '../src/common/tenancy/company-id';
import type { AgentIo, AgentMedia, AgentTurn } from '../src/automation/agents/agent';
import { AgentRegistry } from '../src/automation/agents/agent-registry';
import { PromptAgent } from '../src/automation/prompts/prompt.agent';
import { TRANSFER_MARKER } from '../src/automation/prompts/prompts.rules';
import { Message } from '../src/ticket/messages/message.entity';
import type { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, TestApp } from './harness';
import { createContact, createMessage, createQueue, createTenant, createTicket } from './factories';
import { FAKE_SPEECH, OpenAiFake } from './fakes/openai-fake';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const PROMPT_TEXT = 'Você é a assistente virtual da Loja Exemplo. Responda com educação, em português, em até duas frases.';
const KEY = 'sk-test-0123456789abcdef';

describe("prompts: the 'prompt' agent against a fake OpenAI", () => {
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
  async function setup() {
    const tenant = await createTenant(t);
    const queue = await createQueue(t.orm, tenant.company.id, { name: 'Vendas' });
    return { ...tenant, queue };
  }
  const create = async (x: Tenant, body: Record<string, unknown>) => (await t.http().post('/prompt').set(admin(x)).send(body).expect(201)).body;
  const valid = (queueId: number, extra: Record<string, unknown> = {}) => ({ name: 'Assistente', prompt: PROMPT_TEXT, apiKey: KEY, queueId, ...extra });

  describe("the 'prompt' agent", () => {
    const agent = () => t.app.get(PromptAgent);

    class RecordingIo implements AgentIo {
      readonly calls: (['text', string] | ['media', AgentMedia] | ['handOff', string] | ['close'])[] = [];
      sendText(body: string) {
        this.calls.push(['text', body]);
        return Promise.resolve();
      }
      sendMedia(media: AgentMedia) {
        this.calls.push(['media', media]);
        return Promise.resolve();
      }
      handOff(reason: string) {
        this.calls.push(['handOff', reason]);
        return Promise.resolve();
      }
      close() {
        this.calls.push(['close']);
        return Promise.resolve();
      }
    }

    /** A company with a prompt pointing at the fake, a ticket on it and a conversation so far. */
    async function conversation(extra: Record<string, unknown> = {}, history: [string, boolean][] = []) {
      const a = await setup();
      const prompt = await create(a, valid(a.queue.id, { baseUrl: fake.baseUrl, maxTokens: 150, temperature: 0.3, model: 'gpt-test', ...extra }));
      const contact = await createContact(t.orm, a.company.id, { name: 'Maria' });
      const ticket = await createTicket(t.orm, a.company.id, { contactId: contact.id, queueId: a.queue.id, promptId: prompt.id });
      for (const [body, fromMe] of history) await createMessage(t.orm, ticket, body, fromMe);
      return { ...a, prompt, contact, ticket };
    }
    const turnFor = (ticket: Ticket, message: Message, contact: { id: number; name: string; number: string }): AgentTurn => ({
      companyId: asCompanyId(ticket.companyId),
      ticketId: ticket.id,
      ticketUuid: ticket.uuid,
      whatsappId: 0,
      queueId: null,
      contact: { ...contact, email: null },
      message: { id: message.id, body: message.body, mediaType: message.mediaType, mediaPath: message.media.path, createdAt: message.createdAt },
      first: false,
    });

    it('is registered as kind prompt', () => {
      expect(t.app.get(AgentRegistry).get('prompt')).toBe(agent());
    });

    it("sends the prompt, the ticket's last maxMessages messages and the model settings, with the key, and sends the reply", async () => {
      const c = await conversation({ maxMessages: 4 }, [
        ['Mensagem antiga que não cabe', false],
        ['Olá, quero saber sobre entregas', false],
        ['Entregamos em todo o Brasil.', true],
        ['E o prazo?', false],
      ]);
      const last = await createMessage(t.orm, c.ticket, 'Para São Paulo?', false);
      fake.answer({ reply: 'Para São Paulo, o prazo é de 2 dias úteis.' });
      const io = new RecordingIo();
      await agent().respond(turnFor(c.ticket, last, c.contact), io);

      expect(io.calls).toEqual([['text', 'Para São Paulo, o prazo é de 2 dias úteis.']]);
      const [req] = fake.chats();
      expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(req.json).toMatchObject({ model: 'gpt-test', max_tokens: 150, temperature: 0.3 });
      const messages = req.json!.messages as { role: string; content: string }[];
      expect(messages[0].role).toBe('system');
      expect(messages[0].content).toContain(PROMPT_TEXT);
      expect(messages[0].content).toContain(TRANSFER_MARKER);
      expect(messages.slice(1)).toEqual([
        { role: 'user', content: 'Olá, quero saber sobre entregas' },
        { role: 'assistant', content: 'Entregamos em todo o Brasil.' },
        { role: 'user', content: 'E o prazo?' },
        { role: 'user', content: 'Para São Paulo?' },
      ]);
    });

    it("never reads another company's messages", async () => {
      const c = await conversation({}, [['Primeira', false]]);
      const other = await conversation({}, [['Segredo da outra empresa', false]]);
      const last = await createMessage(t.orm, c.ticket, 'Oi', false);
      fake.answer({ reply: 'Olá!' });
      // A turn naming the other company's ticket under company A finds no prompt there: it throws.
      await expect(agent().respond({ ...turnFor(other.ticket, last, c.contact), companyId: asCompanyId(c.company.id) }, new RecordingIo())).rejects.toThrow(
        /has no prompt/,
      );
      await agent().respond(turnFor(c.ticket, last, c.contact), new RecordingIo());
      expect(JSON.stringify(fake.chats()[0].json)).not.toContain('Segredo');
    });

    // A customer asking for a person while the assistant forgets the marker: prompts.rules.spec.ts (readReply).
    it('hands off after the reply, without the marker, when the assistant says so', async () => {
      const c = await conversation();
      const last = await createMessage(t.orm, c.ticket, 'Quero cancelar meu pedido', false);
      fake.answer({ reply: `Claro, vou te transferir para um atendente.\n${TRANSFER_MARKER}` });
      const io = new RecordingIo();
      await agent().respond(turnFor(c.ticket, last, c.contact), io);
      expect(io.calls).toEqual([
        ['text', 'Claro, vou te transferir para um atendente.'],
        ['handOff', 'customer asked for a person'],
      ]);
    });

    it('throws on a service error or a timeout and sends nothing (the engine hands the ticket to people)', async () => {
      const c = await conversation();
      const last = await createMessage(t.orm, c.ticket, 'Oi', false);
      fake.answer({ status: 401, message: 'Incorrect API key provided' });
      const io = new RecordingIo();
      await expect(agent().respond(turnFor(c.ticket, last, c.contact), io)).rejects.toThrow(/401/);
      fake.reset();
      // INTEGRATION_TIMEOUT_MS is 800 here: each attempt (one retry) gives up long before the fake's 5 s answer.
      fake.answer({ delayMs: 5000, reply: 'tarde demais' });
      const started = Date.now();
      await expect(agent().respond(turnFor(c.ticket, last, c.contact), io)).rejects.toBeInstanceOf(APIConnectionError);
      expect(Date.now() - started).toBeLessThan(4500);
      fake.reset();
      fake.answer({ reply: '' });
      await expect(agent().respond(turnFor(c.ticket, last, c.contact), io)).rejects.toThrow(/answered nothing/);
      expect(io.calls).toEqual([]);
    }, 20_000);

    it('with a voice: transcribes an audio message and answers with speech in that voice', async () => {
      const c = await conversation({ voice: 'nova', voiceKey: 'voice-key-123' }, [['Oi', false]]);
      const rel = 'messages/2026-11/recebido.ogg';
      const file = join(t.config.mediaDir, `company${c.company.id}`, rel);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, FAKE_SPEECH);
      const audio = await createMessage(t.orm, c.ticket, '', false);
      const em = t.orm.em.fork({ disableContextResolution: true });
      await em.nativeUpdate(Message, { id: audio.id }, { mediaType: 'audio', media: { path: rel } }, { filters: false });
      audio.mediaType = 'audio';
      audio.media.path = rel;
      fake.transcription = 'Qual o horário de funcionamento?';
      fake.answer({ reply: 'Abrimos das 8h às 18h.' });
      const io = new RecordingIo();
      await agent().respond(turnFor(c.ticket, audio, c.contact), io);

      const transcription = fake.requests.find((r) => r.path === '/v1/audio/transcriptions')!;
      expect(transcription.headers.authorization).toBe('Bearer voice-key-123');
      expect(transcription.raw.toString('latin1')).toContain('whisper-1');
      const chat = fake.chats()[0].json!;
      expect(chat.messages.at(-1)).toEqual({ role: 'user', content: 'Qual o horário de funcionamento?' });
      const speech = fake.requests.find((r) => r.path === '/v1/audio/speech')!;
      expect(speech.json).toMatchObject({ voice: 'nova', input: 'Abrimos das 8h às 18h.', model: 'tts-1', response_format: 'opus' });
      expect(io.calls).toEqual([['media', { data: FAKE_SPEECH, fileName: 'resposta.ogg' }]]);
    });
  });
});
