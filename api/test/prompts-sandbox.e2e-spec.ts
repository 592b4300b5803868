import type { CompanyId } from '../src/common/tenancy/company-id';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { TRANSFER_MARKER } from '../src/automation/prompts/prompts.rules';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, TestApp, until } from './harness';
import { createQueue, createSandboxConnection, createTenant, settleConversations } from './factories';
import { FAKE_SPEECH, OpenAiFake } from './fakes/openai-fake';

const PROMPT_TEXT = 'Você é a assistente virtual da Loja Exemplo. Responda com educação, em português, em até duas frases.';

/**
 * The AI prompt end to end through the sandbox phone network: a customer writes to a connection (or picks a queue)
 * with a prompt, the engine hands each message to the 'prompt' agent, the agent asks the local fake OpenAI and the
 * answer reaches the phone; asking for a person hands the ticket to people; a failing service does too.
 */
describe('prompts through the sandbox phone', () => {
  let t: TestApp;
  let fake: OpenAiFake;
  let network: SandboxNetwork;
  let seq = 0;

  beforeAll(async () => {
    fake = await new OpenAiFake().start();
    t = await createTestApp({ env: { AUTOMATION_SWEEP_MS: '3600000', INTEGRATION_TIMEOUT_MS: '800' } });
    network = t.app.get(SANDBOX_NETWORK);
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const settle = (companyId: CompanyId) => settleConversations(t, companyId);

  function phoneOn(w: Whatsapp) {
    const number = `5511966${String(++seq).padStart(6, '0')}`;
    const phone = network.phone(number, `Cliente ${seq}`);
    return {
      inbox: () => phone.inbox.filter((m) => m.whatsappId === w.id),
      texts: () => phone.inbox.filter((m) => m.whatsappId === w.id).map((m) => m.body),
      async say(body: string) {
        network.sendFromPhone(number, w.id, { body });
        await settle(w.companyId);
      },
      async speak(data: Buffer) {
        network.sendFromPhone(number, w.id, { type: 'audio', media: { data, mimetype: 'audio/ogg; codecs=opus', filename: 'audio.ogg' } });
        await settle(w.companyId);
      },
      ticket: () => t.orm.em.fork().findOneOrFail(Ticket, { contact: { number }, companyId: w.companyId }, { orderBy: { id: 'desc' }, filters: false }),
    };
  }

  async function promptCompany(extra: Record<string, unknown> = {}) {
    const tenant = await createTenant(t);
    const queue = await createQueue(t.orm, tenant.company.id, { name: 'Vendas' });
    const prompt = (
      await t
        .http()
        .post('/prompt')
        .set(tenant.auth(tenant.adminToken))
        .send({ name: 'Assistente', prompt: PROMPT_TEXT, apiKey: 'sk-sandbox', queueId: queue.id, baseUrl: fake.baseUrl, model: 'gpt-sandbox', ...extra })
        .expect(201)
    ).body as { id: number };
    return { ...tenant, queue, prompt };
  }

  it("a connection's prompt answers each message with the conversation so far, and hands off when asked for a person", async () => {
    const c = await promptCompany();
    const w = await createSandboxConnection(t, c.company.id, [c.queue.id]);
    await t.orm.em.fork().nativeUpdate(Whatsapp, { id: w.id }, { promptId: c.prompt.id }, { filters: false });
    const phone = phoneOn(w);

    fake.answer({ reply: 'Olá! Abrimos das 8h às 18h.' }, { reply: 'Entregamos em 2 dias.' });
    await phone.say('Qual o horário de vocês?');
    await until(() => phone.texts().length >= 1);
    expect(phone.texts()).toEqual(['Olá! Abrimos das 8h às 18h.']);
    expect((await phone.ticket()).promptId).toBe(c.prompt.id);

    await phone.say('E o prazo de entrega?');
    await until(() => phone.texts().length >= 2);
    expect(phone.texts()[1]).toBe('Entregamos em 2 dias.');
    const second = fake.chats()[1].json!;
    expect(second.model).toBe('gpt-sandbox');
    expect(fake.chats()[1].headers.authorization).toBe('Bearer sk-sandbox');
    expect(second.messages.slice(1)).toEqual([
      { role: 'user', content: 'Qual o horário de vocês?' },
      { role: 'assistant', content: 'Olá! Abrimos das 8h às 18h.' },
      { role: 'user', content: 'E o prazo de entrega?' },
    ]);

    fake.reset();
    fake.answer({ reply: `Claro! Vou chamar alguém da equipe.\n${TRANSFER_MARKER}` });
    await phone.say('Prefiro resolver com uma pessoa de verdade');
    await until(() => phone.texts().length >= 3);
    expect(phone.texts()[2]).toBe('Claro! Vou chamar alguém da equipe.');
    const handed = await phone.ticket();
    expect(handed.promptId).toBeNull();
    expect(handed.status).toBe('pending');

    // People answer from now on: the AI is not asked again.
    fake.reset();
    await phone.say('Alguém aí?');
    expect(fake.chats()).toEqual([]);
  }, 30_000);

  it('a prompt\'s queue (its "Setor", chosen on the prompt alone) answers once the menu picked the queue', async () => {
    // Issue 30: the queue is not edited; choosing it on the prompt is what activates the prompt there.
    const c = await promptCompany();
    const other = await createQueue(t.orm, c.company.id, { name: 'Financeiro' });
    const w = await createSandboxConnection(t, c.company.id, [c.queue.id, other.id]);
    await t.orm.em.fork().nativeUpdate(Whatsapp, { id: w.id }, { greetingMessage: 'Escolha um setor:' }, { filters: false });
    const phone = phoneOn(w);
    fake.answer({ reply: 'Oi! Sou a assistente de Vendas.' });
    await phone.say('Oi');
    expect(phone.texts()[0]).toContain('Vendas');
    const menuPick = phone.texts().length;
    await phone.say('Vendas');
    await until(() => phone.texts().includes('Oi! Sou a assistente de Vendas.'));
    expect(phone.texts().length).toBeGreaterThan(menuPick);
    expect((await phone.ticket()).promptId).toBe(c.prompt.id);
  }, 30_000);

  it('a failing AI service hands the ticket to people and says nothing', async () => {
    const c = await promptCompany();
    const w = await createSandboxConnection(t, c.company.id, [c.queue.id]);
    await t.orm.em.fork().nativeUpdate(Whatsapp, { id: w.id }, { promptId: c.prompt.id }, { filters: false });
    const phone = phoneOn(w);
    fake.answer({ status: 500, message: 'boom' });
    await phone.say('Olá');
    await until(async () => (await phone.ticket()).promptId === null);
    expect(phone.texts()).toEqual([]);
  }, 30_000);

  it('with a voice: an audio message is transcribed and the answer arrives as audio', async () => {
    const c = await promptCompany({ voice: 'nova' });
    const w = await createSandboxConnection(t, c.company.id, [c.queue.id]);
    await t.orm.em.fork().nativeUpdate(Whatsapp, { id: w.id }, { promptId: c.prompt.id }, { filters: false });
    const phone = phoneOn(w);
    fake.transcription = 'Vocês abrem no sábado?';
    fake.answer({ reply: 'Sim, das 9h às 13h.' });
    await phone.speak(FAKE_SPEECH);
    await until(() => phone.inbox().length >= 1);
    expect(phone.inbox()[0].type).toBe('audio');
    expect(fake.chats()[0].json!.messages.at(-1)).toEqual({ role: 'user', content: 'Vocês abrem no sábado?' });
    expect(fake.requests.find((r) => r.path === '/v1/audio/speech')!.json).toMatchObject({ voice: 'nova', input: 'Sim, das 9h às 13h.' });
  }, 30_000);
});
