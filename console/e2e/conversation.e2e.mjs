// An attendant's conversation in Chromium against the real API and the sandbox phones (issue 29): a pending row shows
// what the customer wrote and opens read only; after accepting, a reply's tick turns delivered and read as the phone
// acks (never stuck on the clock); closing lands on the list; a returning customer's new ticket shows the earlier one
// with its separator; searching the conversation jumps to and marks the message (older pages loaded); the list's
// search tab opens the ticket at the match; pin and mark unread. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin as harnessLogin, apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/conversation/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const WIDE = { width: 1440, height: 860 };
const PHONE = '5511955550029';
const NAME = 'Renata Retorno';
const OTHER_PHONE = '5511955550030';
const OTHER_NAME = 'Otávio Outro';

let db;
let mailbox;
let api;
let browser;
let admin;
let token;
let superToken;
let whatsappId;
let firstTicketId;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  superToken = await harnessLogin(api.url, 'super@atende.local');
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body, as = token) => apiOk(api.url, as, method, path, body);
const phoneSends = (body, number = PHONE, name = NAME) => call('POST', `/sandbox/phones/${number}/messages`, { whatsappId, body, name }, superToken);
const phoneInbox = (number = PHONE) => call('GET', `/sandbox/phones/${number}/inbox`, undefined, superToken);
const shot = (name) => admin.screenshot({ path: `${ARTIFACTS}${name}.png` });

const manager = () => admin.locator('.atd-TicketsManager').first();
const tab = (name) => admin.getByRole('tab', { name: new RegExp(`^${name}`) });
const row = (name) =>
  manager()
    .getByRole('listitem')
    .filter({ has: admin.getByRole('button', { name, exact: true }) });
const bubble = (text) => admin.locator('.atd-Message', { hasText: text }).first();
const composer = () => admin.getByRole('textbox', { name: 'Mensagem' });

async function connectedSandbox() {
  for (let i = 0; i < 120; i += 1) {
    const sandbox = (await call('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED');
    if (sandbox) return sandbox.id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the sandbox connection did not connect');
}

async function ticketsOf(number) {
  const { contacts } = await call('GET', `/contacts?searchParam=${number}`);
  const contact = contacts.find((c) => c.number === number);
  const all = [];
  for (const status of ['open', 'pending', 'closed']) all.push(...(await call('GET', `/tickets?showAll=true&status=${status}&searchParam=${number}`)).tickets);
  return all.filter((t) => t.contactId === contact?.id).sort((a, b) => b.id - a.id);
}

describe('the conversation in Chromium', { concurrency: false }, () => {
  it("a pending row shows the customer's words, not the bot's greeting, and opens the conversation read only", async () => {
    admin = await signInPage(browser, api.url, ADMIN, { viewport: WIDE });
    await admin.goto('/tickets');
    token = JSON.parse(await admin.evaluate(() => localStorage.getItem('token')));
    whatsappId = await connectedSandbox();
    // A close is not followed by a rating question here (a returning message starts a new ticket).
    await call('PUT', '/settings/userRating', { key: 'userRating', value: 'disabled' });

    await tab('Aguardando').click();
    await phoneSends('Quero saber do pedido 555, ele não chegou');
    await row(NAME).waitFor();
    // Whatever the bot answered (greeting, menu), the row previews what the customer wrote.
    await until(async () => (await phoneInbox()).length > 0 || null, 'the bot answering the phone', 5_000).catch(() => null);
    await admin.waitForTimeout(500);
    await row(NAME).getByText('Quero saber do pedido 555, ele não chegou').waitFor();

    await row(NAME).getByRole('button', { name: NAME, exact: true }).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await bubble('Quero saber do pedido 555').waitFor();
    const note = admin.getByRole('note');
    await note.getByText('Somente leitura: aceite o atendimento para responder.').waitFor();
    assert.equal(await composer().count(), 0, 'no composer before accepting');
    assert.equal(await admin.getByText('Aceite o atendimento para abri-lo').count(), 0);
    await shot('pending-read-only-light-wide');
  });

  it("after accepting, each reply's tick turns delivered, then read when the phone reads it (never left on the clock)", async () => {
    await admin.getByRole('note').getByRole('button', { name: 'Aceitar' }).click();
    await composer().waitFor();
    const replies = ['Vou verificar o pedido 555', 'Um momento, por favor', 'Já localizei o envio'];
    for (const text of replies) {
      await composer().fill(text);
      await composer().press('Enter');
    }
    await until(async () => ((await phoneInbox()).filter((m) => replies.includes(m.body)).length === 3 ? true : null), 'the replies on the phone');
    for (const text of replies) {
      // The phone has them: each bubble shows delivered (the POST answer's ack 0 must not win over the socket's acks).
      await bubble(text).getByRole('img', { name: 'Entregue' }).waitFor({ timeout: 10_000 });
      assert.equal(await bubble(text).getByRole('img', { name: 'Aguardando envio' }).count(), 0);
    }
    await shot('ticks-delivered-light-wide');
    await call('POST', `/sandbox/phones/${PHONE}/read`, { whatsappId }, superToken);
    for (const text of replies) await bubble(text).getByRole('img', { name: 'Lida' }).waitFor();
    await shot('ticks-read-light-wide');
  });

  it('closing lands on the ticket list, and the closed row shows no unread badge', async () => {
    firstTicketId = (await ticketsOf(PHONE))[0].id;
    await phoneSends('Obrigada!');
    await admin.getByRole('button', { name: 'Finalizar', exact: true }).click();
    await admin.waitForURL(/\/tickets$/);
    await tab('Resolvidos').click();
    await row(NAME).waitFor();
    const closed = await call('GET', `/tickets/${firstTicketId}`);
    assert.equal(closed.status, 'closed');
    assert.equal(closed.unreadMessages, 0);
    assert.equal(await row(NAME).locator('.atd-Badge').count(), 0);
    await shot('closed-list-light-wide');
  });

  it("a returning customer's new ticket shows the earlier ticket and its separator", async () => {
    await phoneSends('Voltei: agora quero trocar o produto');
    for (let i = 1; i <= 22; i += 1) await phoneSends(`Detalhe ${i} da troca`);
    const [latest] = await until(async () => {
      const tickets = await ticketsOf(PHONE);
      return tickets[0] && tickets[0].id !== firstTicketId ? tickets : null;
    }, 'a new ticket for the returning customer');
    await admin.goto(`/tickets/${latest.uuid}`);
    await bubble('Detalhe 22 da troca').waitFor();
    // Scrolled up to the older page, the earlier ticket's messages and the separator between the tickets show.
    const log = admin.getByRole('log', { name: 'Histórico de mensagens' });
    const separator = admin.getByRole('separator', { name: new RegExp(`^Ticket: ${firstTicketId} encerrado em`) });
    await until(
      async () => {
        await log.evaluate((el) => (el.scrollTop = 0));
        return (await separator.count()) > 0 ? true : null;
      },
      'the ticket-change separator',
      20_000,
    );
    await separator.scrollIntoViewIfNeeded();
    await admin
      .getByText(new RegExp(`^Ticket: ${latest.id} iniciado em`))
      .first()
      .waitFor();
    await bubble('Já localizei o envio').waitFor();
    await shot('history-separator-light-wide');
    await admin.getByRole('button', { name: 'Tema escuro' }).click();
    await shot('history-separator-dark-wide');
    await admin.getByRole('button', { name: 'Tema claro' }).click();
  });

  it('searching the conversation jumps to the message, loading older pages, and marks it', async () => {
    await admin.reload();
    await bubble('Detalhe 22 da troca').waitFor();
    assert.equal(await bubble('Quero saber do pedido 555').count(), 0, 'the old message is not loaded yet');
    await admin.getByRole('button', { name: 'Pesquisar na conversa' }).click();
    await admin.getByRole('searchbox', { name: 'Pesquisar mensagens' }).fill('pedido 555');
    await admin.getByText('1 de 2').waitFor();
    const newest = bubble('Vou verificar o pedido 555');
    await until(async () => ((await newest.getAttribute('data-highlighted')) === 'true' ? true : null), 'the newest match marked');
    assert.ok(await newest.isVisible());
    await admin.getByRole('searchbox', { name: 'Pesquisar mensagens' }).press('Enter');
    await admin.getByText('2 de 2').waitFor();
    const older = bubble('Quero saber do pedido 555');
    await until(async () => ((await older.getAttribute('data-highlighted')) === 'true' ? true : null), 'the older match marked');
    assert.ok(await older.isVisible());
    await shot('conversation-search-light-wide');
    await admin.getByRole('button', { name: 'Tema escuro' }).click();
    await shot('conversation-search-dark-wide');
    await admin.getByRole('button', { name: 'Tema claro' }).click();
  });

  it("the list's search tab opens the ticket at the matching message", async () => {
    await admin.goto('/tickets');
    await tab('Busca').click();
    // The tab lists every ticket until the (debounced) search is asked for: wait for the searched list.
    const searched = admin.waitForResponse((response) => response.url().includes('searchParam=trocar'));
    await admin.getByRole('searchbox', { name: 'Buscar atendimento e mensagens' }).fill('trocar');
    await searched;
    // Until the searched list renders, the rows are the whole list's, where the contact's first (closed) ticket,
    // which holds no 'trocar', may come first: wait for the one ticket that matched.
    await until(async () => ((await row(NAME).count()) === 1 ? true : null), 'the searched list (one ticket of the contact)');
    await row(NAME).getByRole('button', { name: NAME, exact: true }).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    assert.equal(await admin.getByRole('searchbox', { name: 'Pesquisar mensagens' }).inputValue(), 'trocar');
    const match = bubble('Voltei: agora quero trocar o produto');
    await until(async () => ((await match.getAttribute('data-highlighted')) === 'true' ? true : null), 'the matching message marked');
    assert.ok(await match.isVisible());
    await shot('list-search-opens-at-match-light-wide');
  });

  it('pins a conversation to the top of the list and marks one unread', async () => {
    await phoneSends('Oi, sou outro cliente', OTHER_PHONE, OTHER_NAME);
    await admin.goto('/tickets');
    await tab('Aguardando').click();
    await row(OTHER_NAME).waitFor();
    await row(NAME).waitFor();
    const names = () =>
      manager()
        .getByRole('listitem')
        .evaluateAll((items) => items.map((li) => li.querySelector('[role="button"]')?.getAttribute('aria-label')));
    // The list's last (oldest) row goes to the top once pinned, and stays there after a reload (stored per user).
    const before = await names();
    const target = before.at(-1);
    assert.ok(before.length > 1 && before[0] !== target, JSON.stringify(before));
    await admin.getByRole('button', { name: `Opções do atendimento: ${target}` }).click();
    await admin.getByRole('menuitem', { name: 'Fixar no topo' }).click();
    await until(async () => ((await names())[0] === target ? true : null), 'the pinned ticket on top');
    await row(target).getByRole('img', { name: 'Fixado' }).waitFor();
    await admin.reload();
    await tab('Aguardando').click();
    await until(async () => ((await names())[0] === target ? true : null), 'still on top after a reload');
    await shot('pinned-light-wide');

    // Accepted and read, then marked unread by the attendant: the row shows the mark until they open it again.
    await admin.getByRole('button', { name: `Aceitar: ${OTHER_NAME}` }).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await bubble('Oi, sou outro cliente').waitFor();
    const other = (await ticketsOf(OTHER_PHONE))[0];
    await until(async () => ((await call('GET', `/tickets/${other.id}`)).unreadMessages === 0 ? true : null), 'the conversation read');
    await admin.goto('/tickets');
    await tab('Atendendo').click();
    await row(OTHER_NAME).waitFor();
    assert.equal(await row(OTHER_NAME).getByText('Marcada como não lida').count(), 0);
    await admin.getByRole('button', { name: `Opções do atendimento: ${OTHER_NAME}` }).click();
    await admin.getByRole('menuitem', { name: 'Marcar como não lida' }).click();
    await row(OTHER_NAME).getByText('Marcada como não lida').waitFor();
    await shot('marked-unread-light-wide');
    await row(OTHER_NAME).getByRole('button', { name: OTHER_NAME, exact: true }).click();
    await bubble('Oi, sou outro cliente').waitFor();
    await until(
      async () => ((await call('GET', '/tickets/marks')).some((m) => m.ticketId === other.id && m.unread) ? null : true),
      'the mark cleared by opening',
    );
    await row(OTHER_NAME).getByText('Marcada como não lida').waitFor({ state: 'detached' });
  });
});
