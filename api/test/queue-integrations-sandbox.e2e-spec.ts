import type { CompanyId } from '../src/common/tenancy/company-id';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { DialogflowGateway } from '../src/automation/queue-integrations/dialogflow.gateway';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, TestApp, until } from './harness';
import { createQueue, createSandboxConnection, createTenant, settleConversations } from './factories';
import { verifySignature, WebhookFake } from './fakes/webhook-fake';
import { TypebotFake } from './fakes/typebot-fake';
import { DialogflowFake } from './fakes/dialogflow-fake';

/**
 * Queue integrations end to end through the sandbox phone network: a customer writes to a connection with an
 * integration; the engine gives each message to the integration's agent, which talks to a local fake of the service,
 * and the answers reach the phone.
 */
describe('queue integrations through the sandbox phone', () => {
  let t: TestApp;
  let network: SandboxNetwork;
  let webhook: WebhookFake;
  let typebot: TypebotFake;
  let dialogflow: DialogflowFake;
  let seq = 0;

  beforeAll(async () => {
    webhook = await new WebhookFake().start();
    typebot = await new TypebotFake().start();
    dialogflow = await new DialogflowFake().start();
    t = await createTestApp({ env: { AUTOMATION_SWEEP_MS: '3600000' } });
    network = t.app.get(SANDBOX_NETWORK);
    t.app.get(DialogflowGateway).endpoint = { host: '127.0.0.1', port: dialogflow.port, protocol: 'http' };
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([webhook.stop(), typebot.stop(), dialogflow.stop()]);
  });

  const settle = (companyId: CompanyId) => settleConversations(t, companyId);

  function phoneOn(w: Whatsapp) {
    const number = `5511955${String(++seq).padStart(6, '0')}`;
    const phone = network.phone(number, `Cliente ${seq}`);
    return {
      number,
      texts: () => phone.inbox.filter((m) => m.whatsappId === w.id).map((m) => m.body),
      async say(body: string) {
        network.sendFromPhone(number, w.id, { body });
        await settle(w.companyId);
      },
      ticket: () => t.orm.em.fork().findOneOrFail(Ticket, { contact: { number }, companyId: w.companyId }, { orderBy: { id: 'desc' }, filters: false }),
    };
  }

  async function connectionWith(body: Record<string, unknown>) {
    const tenant = await createTenant(t);
    const queue = await createQueue(t.orm, tenant.company.id, { name: 'Vendas' });
    const integration = (await t.http().post('/queueIntegration').set(tenant.auth(tenant.adminToken)).send(body).expect(201)).body as {
      id: number;
      secret?: string;
    };
    const w = await createSandboxConnection(t, tenant.company.id, [queue.id]);
    await t.http().put(`/whatsapp/${w.id}`).set(tenant.auth(tenant.adminToken)).send({ integrationId: integration.id }).expect(200);
    return { tenant, w, integration };
  }

  it('webhook: the signed delivery is answered and the reply reaches the phone; handOff gives the ticket to people', async () => {
    const { w, integration } = await connectionWith({ type: 'webhook', name: 'Hook', urlN8N: webhook.url });
    webhook.secret = integration.secret!;
    webhook.deliveries.length = 0;
    webhook.answer(
      { status: 200, body: { reply: 'Recebemos sua mensagem!' } },
      { status: 200, body: { replies: ['Um atendente vai falar com você.'], handOff: true } },
    );
    const phone = phoneOn(w);
    await phone.say('Oi, quero um orçamento');
    await until(() => phone.texts().includes('Recebemos sua mensagem!'), 15_000);
    expect(verifySignature(integration.secret!, webhook.deliveries[0])).toBe(true);
    expect(webhook.deliveries[0].json).toMatchObject({ event: 'message', contact: { number: phone.number }, message: { body: 'Oi, quero um orçamento' } });
    expect((await phone.ticket()).useIntegration).toBe(true);

    await phone.say('Pode ser hoje?');
    await until(() => phone.texts().includes('Um atendente vai falar com você.'), 15_000);
    const ticket = await until(async () => {
      const tk = await phone.ticket();
      return tk.useIntegration ? null : tk;
    });
    expect(ticket.integrationId).toBeNull();
    expect(ticket.status).toBe('pending');
    webhook.secret = null;
  }, 40_000);

  it('typebot: the flow starts, offers numbered options and follows the chosen one', async () => {
    const { w } = await connectionWith({ type: 'typebot', name: 'Typebot', urlN8N: typebot.url, typebotSlug: 'vendas', typebotDelayMessage: 0 });
    const phone = phoneOn(w);
    await phone.say('Olá');
    await until(() => phone.texts().length >= 3, 15_000);
    expect(phone.texts()).toEqual(['Olá, *bem-vindo*!', 'Escolha uma opção:', '1 - Vendas\n2 - Suporte']);
    await phone.say('2');
    await until(() => phone.texts().includes('Você disse: Suporte'), 15_000);
    expect(typebot.calls.at(-1)).toMatchObject({ kind: 'continue', body: { message: 'Suporte' } });
  }, 40_000);

  it("dialogflow: each message is a detectIntent in the ticket's session; the end of the conversation hands off", async () => {
    dialogflow.answers.set('oi', { texts: ['Olá! Em que posso ajudar?'], intent: 'Welcome' });
    dialogflow.answers.set('obrigado, tchau', { texts: ['Até logo!'], intent: 'Goodbye', endInteraction: true });
    const { w } = await connectionWith({
      type: 'dialogflow',
      name: 'DF',
      projectName: 'fake-project',
      language: 'pt-BR',
      jsonContent: dialogflow.serviceAccountJson(),
    });
    const phone = phoneOn(w);
    await phone.say('Oi');
    await until(() => phone.texts().includes('Olá! Em que posso ajudar?'), 15_000);
    const ticket = await phone.ticket();
    expect(dialogflow.calls.at(-1)).toMatchObject({ session: ticket.uuid, text: 'Oi', languageCode: 'pt-BR', authorized: true });
    await phone.say('Obrigado, tchau');
    await until(() => phone.texts().includes('Até logo!'), 15_000);
    expect((await phone.ticket()).useIntegration).toBe(false);
  }, 40_000);
});
