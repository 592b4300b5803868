// The attendance workspace in Chromium against the real API and the sandbox provider (issue 8): a phone's message
// arrives live, an attendant accepts, answers (text, quick reply, file), sees the acks turn to read, edits, adds a
// note, transfers and closes; a new ticket from a contact. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin as harnessLogin, apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const ANA = 'ana@demo.atende.local';
const WIDE = { width: 1366, height: 800 };
const PHONE = '5511977770001';
const PHONE_NAME = 'Joana Cliente';

let db;
let mailbox;
let api;
let browser;
/** The API as the signed-in admin page (its own session: a second login would end it) and as the super user (sandbox). */
let token;
let superToken;
let whatsappId;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  superToken = await apiLogin('super@atende.local');
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

async function connectedSandbox() {
  for (let i = 0; i < 120; i += 1) {
    const sandbox = (await call('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED');
    if (sandbox) return sandbox.id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the sandbox connection did not connect');
}

const apiLogin = (email) => harnessLogin(api.url, email);
const call = (method, path, body, as = token) => apiOk(api.url, as, method, path, body);

const phoneSends = (body, number = PHONE, name = PHONE_NAME) => call('POST', `/sandbox/phones/${number}/messages`, { whatsappId, body, name }, superToken);
const phoneInbox = (number = PHONE) => call('GET', `/sandbox/phones/${number}/inbox`, undefined, superToken);

/** A signed-in page; desktop notifications are recorded in window.__notifications. */
async function signedInPage(email, viewport = WIDE) {
  const page = await signInPage(browser, api.url, email, {
    viewport,
    initScript: () => {
      window.__notifications = [];
      class RecordingNotification {
        static permission = 'granted';
        static requestPermission = () => Promise.resolve('granted');
        constructor(title, options = {}) {
          window.__notifications.push({ title, body: options.body ?? '' });
          this.onclick = null;
        }
        close() {}
      }
      window.Notification = RecordingNotification;
    },
  });
  await page.goto('/tickets');
  return page;
}

const ticketList = (page) => page.getByRole('region', { name: 'Atendimentos' }).or(page.locator('.atd-TicketsManager')).first();
const subTab = (page, name) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const tab = (page, name) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const composer = (page) => page.getByRole('textbox', { name: 'Mensagem' });
/** The number on the 'Aguardando' tab's badge, read from its label ('2 atendimentos'; 0 without a badge). */
const pendingCount = async (page) => {
  const label = subTab(page, 'Aguardando').locator('.atd-visually-hidden');
  return (await label.count()) ? Number(/\d+/.exec((await label.first().textContent()) ?? '')?.[0] ?? 0) : 0;
};

async function ticketOf(number) {
  const { contacts } = await call('GET', `/contacts?searchParam=${number}`);
  const contact = contacts.find((c) => c.number === number);
  const { tickets } = await call('GET', `/tickets?showAll=true&status=open&searchParam=${number}`);
  const pending = await call('GET', `/tickets?showAll=true&status=pending&searchParam=${number}`);
  return [...tickets, ...pending.tickets].find((t) => t.contactId === contact?.id);
}

describe('attendance in Chromium', { concurrency: false }, () => {
  let admin;

  it("a phone's message appears live in pending, with the badge and a desktop notification", async () => {
    admin = await signedInPage(ADMIN);
    token = JSON.parse(await admin.evaluate(() => localStorage.getItem('token')));
    whatsappId = await connectedSandbox();
    await subTab(admin, 'Aguardando').click();
    // The demo seed leaves a customer's question waiting in each queue; the new one adds to them.
    await ticketList(admin).getByText('Mariana Costa').first().waitFor();
    const pendingBefore = await pendingCount(admin);
    await phoneSends('Olá, preciso de ajuda com meu pedido');
    await ticketList(admin).getByText(PHONE_NAME).first().waitFor();
    // The row's preview is the last message: the phone's, or the chatbot's greeting when the connection has one.
    await ticketList(admin)
      .getByText(/Olá, preciso de ajuda com meu pedido|Olá/)
      .first()
      .waitFor();
    await until(
      async () => (await pendingCount(admin)) === pendingBefore + 1,
      'the pending badge to count the new ticket',
      5000,
      async () => `(saw ${await pendingCount(admin)}, before ${pendingBefore})`,
    );
    const notifications = await until(() => admin.evaluate(() => window.__notifications), 'a desktop notification');
    assert.ok(
      notifications.some((n) => `${n.title} ${n.body}`.includes('Olá, preciso de ajuda')),
      JSON.stringify(notifications),
    );
    await admin.screenshot({ path: `${ARTIFACTS}tickets-pending-light-wide.png` });
  });

  it('accept, then reply with text, a quick reply and a file; the phone receives them and the acks turn to read', async () => {
    await call('POST', '/quick-messages', { shortcode: 'prazo', message: 'O prazo de entrega é de 3 dias úteis.' });
    await admin.getByRole('button', { name: `Aceitar: ${PHONE_NAME}` }).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await composer(admin).waitFor();

    await composer(admin).fill('Bom dia! Vou verificar agora.');
    await composer(admin).press('Enter');
    // In the history itself (the list row's preview shows the same text).
    await admin.locator('.atd-Message', { hasText: 'Bom dia! Vou verificar agora.' }).first().waitFor();

    await composer(admin).fill('/pra');
    await admin.getByRole('option', { name: /prazo/ }).click();
    await assert.doesNotReject(async () => assert.match(await composer(admin).inputValue(), /3 dias úteis/));
    await composer(admin).press('Enter');

    await admin
      .getByRole('region', { name: 'Enviar mensagem' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'recibo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await admin.getByText('recibo.pdf').first().waitFor();
    await admin.screenshot({ path: `${ARTIFACTS}composer-file-light-wide.png` });
    await admin.getByRole('button', { name: 'Enviar arquivos' }).click();
    await admin.locator('.atd-Message', { hasText: 'recibo.pdf' }).first().waitFor();

    // The phone's inbox also holds the chatbot's greeting: wait for the three replies themselves.
    const inbox = await until(
      async () => {
        const messages = await phoneInbox();
        const arrived =
          messages.some((m) => m.body?.includes('Vou verificar agora')) &&
          messages.some((m) => m.body?.includes('3 dias úteis')) &&
          messages.some((m) => m.media?.filename?.includes('recibo'));
        return arrived ? messages : null;
      },
      'the three replies on the phone',
      15_000,
      async () => JSON.stringify(await phoneInbox()),
    );
    const bodies = inbox.map((m) => m.body).join(' | ');
    assert.match(bodies, /Vou verificar agora/);
    assert.match(bodies, /3 dias úteis/);
    assert.ok(
      inbox.some((m) => m.media?.filename?.includes('recibo')),
      JSON.stringify(inbox),
    );

    await call('POST', `/sandbox/phones/${PHONE}/read`, { whatsappId }, superToken);
    await admin.getByRole('img', { name: 'Lida' }).first().waitFor();
    await admin.screenshot({ path: `${ARTIFACTS}chat-light-wide.png` });
  });

  it('edits an own message within the window; the phone sees the edit', async () => {
    const bubble = admin.locator('.atd-Message', { hasText: 'Bom dia! Vou verificar agora.' }).first();
    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    await admin.getByRole('menuitem', { name: 'Editar' }).click();
    await composer(admin).fill('Bom dia! Já estou verificando.');
    await composer(admin).press('Enter');
    await admin.getByText('Bom dia! Já estou verificando.').first().waitFor();
    await until(async () => (await phoneInbox()).some((m) => m.edited && m.body.includes('Já estou verificando')), 'the edit on the phone');
  });

  it('adds a contact note', async () => {
    await admin.getByRole('button', { name: 'Dados do contato' }).first().click();
    await admin.getByRole('textbox', { name: 'Nova observação' }).fill('Cliente prefere contato à tarde');
    await admin.getByRole('button', { name: 'Adicionar observação' }).click();
    await admin.getByText('Observação adicionada com sucesso!').waitFor();
    await admin.getByText('Cliente prefere contato à tarde').first().waitFor();
    await admin.getByRole('button', { name: 'Fechar dados do contato' }).click();
  });

  it("a transfer to another queue removes the ticket from a plain user's list", async () => {
    const ticket = await ticketOf(PHONE);
    const queues = await call('GET', '/queue');
    const suporte = queues.find((q) => q.name === 'Suporte');
    const vendas = queues.find((q) => q.name === 'Vendas');
    // Ana (Suporte) gets it pending in her queue, then the admin transfers it to Vendas in the UI.
    await call('PUT', `/tickets/${ticket.id}`, { queueId: suporte.id, userId: null, status: 'pending' });
    const ana = await signedInPage(ANA);
    await subTab(ana, 'Aguardando').click();
    await ticketList(ana).getByText(PHONE_NAME).first().waitFor();

    await admin.goto(`/tickets/${ticket.uuid}`);
    await admin.getByRole('button', { name: 'Opções do ticket' }).click();
    await admin.getByRole('menuitem', { name: 'Transferir' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Transferir Ticket' });
    await dialog.getByRole('button', { name: /Fila/ }).click();
    await admin.getByRole('option', { name: vendas.name }).click();
    await dialog.getByRole('button', { name: 'Transferir' }).click();
    await admin.waitForURL(/\/tickets$/);

    await ticketList(ana).getByText(PHONE_NAME).first().waitFor({ state: 'detached' });
    await ana.context().close();
  });

  it('close moves the ticket to the closed tab', async () => {
    const ticket = await ticketOf(PHONE);
    await call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: (await call('GET', '/auth/me')).id });
    await admin.goto(`/tickets/${ticket.uuid}`);
    await admin.getByRole('button', { name: 'Finalizar', exact: true }).click();
    await admin.waitForURL(/\/tickets$/);
    await tab(admin, 'Resolvidos').click();
    await ticketList(admin).getByText(PHONE_NAME).first().waitFor();
  });

  it('a new ticket from a contact opens its conversation', async () => {
    await call('POST', '/contacts', { name: 'Carlos Novo', number: '5511966660002' });
    await tab(admin, 'Abertas').click();
    await admin.getByRole('button', { name: 'Novo' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Criar Ticket' });
    await dialog.getByRole('combobox', { name: 'Contato' }).fill('Carlos');
    await admin.getByRole('option', { name: /Carlos Novo/ }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await admin.getByText('Diga olá para seu novo contato!').waitFor();
    await composer(admin).fill('Olá Carlos!');
    await composer(admin).press('Enter');
    await until(async () => (await phoneInbox('5511966660002')).some((m) => m.body.includes('Olá Carlos')), 'the message on the phone');
    await admin.screenshot({ path: `${ARTIFACTS}new-ticket-chat-light-wide.png` });
    await admin.context().close();
  });
});
