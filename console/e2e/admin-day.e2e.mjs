// The admin's day, on the product as the README starts it (issue 30's proof), as journey.e2e.mjs runs the attendant's:
// the API's production build with the default settings (the sandbox network, whose QR codes and pairing codes are read
// by its phones on their own), a fresh database, the demo seed and the console served by the API. In Chromium, the
// company admin connects a new WhatsApp by QR code and a second by pairing code; builds a queue with a two-level
// chatbot menu and business hours that a sandbox customer answers from the phone (the ticket lands in that queue, on
// the admin's list); adds a user who signs in; turns on settings whose effect is read on the customers' phones: the
// rating asked on closing and answered (the dashboard shows it), the out-of-hours reply, calls rejected with the
// automatic message, group messages ignored. The platform owner adds a company already overdue, whose admin is held
// with 'Pague a fatura em aberto', finds the invoice, pays it with 'Simular pagamento' and is back in at once; then
// acts as the demo admin (the banner, the way back) and reads it all in the audit log. Last, a campaign with a file
// list whose text and captions reach every phone once, and its per-recipient report. Each step's screen goes to
// test-artifacts/admin-day/, light, and dark for the main ones (all of them with E2E_SHOTS=all). Run by
// `npm run test:e2e -w console` (which builds the API first: `npm run build -w api`).
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, DEMO_PASSWORD, launchBrowser, png, signInPage, startProduct, tokenOf, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/admin-day/', import.meta.url));
rmSync(ARTIFACTS, { recursive: true, force: true });
mkdirSync(ARTIFACTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const SUPER = 'super@atende.local';
const WIDE = { width: 1440, height: 900 };
/** The day's connection, queue and user. */
const STORE = 'Loja Centro';
const QUEUE = 'Pós-venda';
const USER = { name: 'Paula Nunes', email: 'paula@demo.atende.local' };
/** The sandbox customers: one answers the chatbot and rates; one writes out of hours. */
const CUSTOMER = { number: '5511977773001', name: 'Marcos Cliente' };
const LATE = { number: '5511977773002', name: 'Júlia Tarde' };
const isoDay = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** `YYYY-MM-DD` as the pt screens write it. */
const ptDate = (day) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** The company the platform owner adds already overdue (its admin's password: the demo's). */
const OVERDUE = { name: 'Ótica Vitória', email: 'vitoria@otica.example', due: isoDay(-3) };
/** The phone that links the second connection by pairing code; a caller; a group's member and the groups. */
const PAIRING_PHONE = '5511977773201';
const CALLER = { number: '5511977773003', name: 'Renata Ligação' };
const MEMBER = { number: '5511977773004', name: 'Sérgio Grupo' };
const GROUPS = { heard: '120363000000000101', ignored: '120363000000000102' };
/** The campaign's recipients (a contact list) and what each phone must receive, once. */
const RECIPIENTS = [
  { number: '5511977773101', name: 'Carla Lima' },
  { number: '5511977773102', name: 'Diego Rocha' },
  { number: '5511977773103', name: 'Elisa Prado' },
];
const CAMPAIGN = {
  name: 'Liquidação de verão',
  message: 'Olá {nome}! A liquidação de verão da Loja Centro começou.',
  listMessage: 'Veja o folheto e a tabela de preços:',
  files: [
    { name: 'folheto.png', mimeType: 'image/png', caption: 'Folheto da liquidação' },
    { name: 'precos.pdf', mimeType: 'application/pdf', caption: 'Tabela de preços' },
  ],
};
const TEXTS = {
  greeting: 'Olá! Você falou com a Loja Centro.',
  outOfHours: 'A Loja Centro está fechada agora. Voltamos amanhã às 9h.',
  rating: 'Como foi o seu atendimento na Loja Centro?',
  queueGreeting: 'Pós-venda da Loja Centro: escolha uma opção.',
  warranty: 'Sobre a garantia do seu produto:',
  extended: 'A garantia estendida cobre 12 meses; um atendente já vai falar com você.',
};
const FILES = {
  'folheto.png': png(120, 80, (x) => (x < 60 ? [255, 152, 0] : [255, 255, 255])),
  'precos.pdf': Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Tabela de preços\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
};
/** Today's weekday as the company's clock (America/Sao_Paulo, the demo's) names it on the hours editors. */
const TODAY = (() => {
  const en = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'long' }).format(new Date()).toLowerCase();
  const pt = {
    monday: 'Segunda-feira',
    tuesday: 'Terça-feira',
    wednesday: 'Quarta-feira',
    thursday: 'Quinta-feira',
    friday: 'Sexta-feira',
    saturday: 'Sábado',
    sunday: 'Domingo',
  };
  return { en, pt: pt[en] };
})();

let db;
let product;
let browser;
let superToken;
let adminToken;
let admin;
let storeId;
let shotNumber = 0;

before(async () => {
  db = await createDatabase({ empty: true });
  product = await startProduct({ databaseUrl: db.url });
  browser = await launchBrowser();
  superToken = await apiLogin(product.url, SUPER);
});

after(async () => {
  await browser?.close();
  await product?.stop();
  await db?.drop();
});

const call = (method, path, body, token = adminToken) => apiOk(product.url, token, method, path, body);
const phoneSends = (who, body) => call('POST', `/sandbox/phones/${who.number}/messages`, { whatsappId: storeId, name: who.name, body }, superToken);
/** What the phone received from the day's connection. */
const phoneInbox = async (who) => (await call('GET', `/sandbox/phones/${who.number}/inbox`, undefined, superToken)).filter((m) => m.whatsappId === storeId);
/** Waits until the phone has a message from the connection matching `pattern`; answers it. */
const phoneGets = (who, pattern, what) =>
  until(
    async () => (await phoneInbox(who)).find((m) => pattern.test(m.body)),
    `${what} on ${who.name}'s phone`,
    15_000,
    async () => `(inbox: ${JSON.stringify((await phoneInbox(who)).map((m) => m.body))})`,
  );

/**
 * The page as it is into the artifacts: light, and dark too for the screens flagged `dark` (every screen with
 * E2E_SHOTS=all; the pair costs seconds on a busy CI machine). The top bar's theme button is pressed from script:
 * under an open dialog the rest of the page is inert to the pointer.
 */
const ALL_SHOTS = process.env.E2E_SHOTS === 'all';
async function shots(page, step, { dark = ALL_SHOTS } = {}) {
  shotNumber += 1;
  const name = `${String(shotNumber).padStart(2, '0')}-${step}`;
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-light.png`) });
  if (!dark) return;
  const theme = (label) => page.getByRole('button', { name: label }).evaluate((button) => button.click());
  await theme('Tema escuro');
  await page.getByRole('button', { name: 'Tema claro' }).waitFor({ state: 'attached' });
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-dark.png`) });
  await theme('Tema claro');
  await page.getByRole('button', { name: 'Tema escuro' }).waitFor({ state: 'attached' });
}

const ticketList = (page) => page.locator('.atd-TicketsManager');
const row = (page, name) =>
  ticketList(page)
    .locator('.atd-TicketListItem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const bubble = (page, text) => page.locator('.atd-Message', { hasText: text }).last();
const tab = (page, name) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/** Opens a page from the drawer, as a person does. */
async function drawer(page, link, heading) {
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Fills an HH:MM field of an hours editor as a person types it. */
async function typeTime(field, hhmm) {
  await field.fill('');
  await field.pressSequentially(hhmm.replace(':', ''));
  assert.equal(await field.inputValue(), hhmm);
}

/** The number a chatbot menu gives an entry (`*2* - Garantia`). */
function menuNumber(menu, title) {
  const line = menu.body.split('\n').find((l) => l.endsWith(`- ${title}`));
  assert.ok(line, `${title} in the menu: ${menu.body}`);
  return /^\*(\d+)\*/.exec(line)[1];
}

describe("the admin's day on the product as the README starts it", { concurrency: false }, () => {
  it('the admin adds a WhatsApp connection and connects it by QR code on the sandbox network', async () => {
    admin = await signInPage(browser, product.url, ADMIN, { viewport: WIDE, theme: 'light' });
    admin.setDefaultTimeout(15_000);
    adminToken = await tokenOf(admin);
    await drawer(admin, 'Conexões', 'Conexões');
    await admin.getByRole('button', { name: 'Adicionar WhatsApp' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Adicionar WhatsApp' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(STORE);
    await dialog.getByRole('button', { name: /Provedor/ }).click();
    await admin.getByRole('option', { name: 'Sandbox (simulado)' }).click();
    const queues = dialog.getByRole('group', { name: /^Filas/ });
    await queues.getByText('Suporte', { exact: true }).click();
    await queues.getByText('Vendas', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).fill(TEXTS.greeting);
    await dialog.getByRole('textbox', { name: 'Mensagem de fora de expediente' }).fill(TEXTS.outOfHours);
    await dialog.getByRole('textbox', { name: 'Mensagem de avaliação' }).fill(TEXTS.rating);
    await shots(admin, 'connection-modal');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const tokenDialog = admin.getByRole('dialog', { name: 'Token da API de mensagens' });
    await tokenDialog.waitFor();
    assert.match(await tokenDialog.getByRole('textbox', { name: 'Token' }).inputValue(), /^atd_/);
    await tokenDialog.getByRole('button', { name: 'Pronto, guardei o token' }).click();
    // The README's sandbox: the QR code is read by a simulated phone on its own; the dialog closes once connected.
    const row = admin.getByRole('row', { name: new RegExp(STORE) });
    await admin.getByText(`${STORE} está conectado!`).first().waitFor();
    await row.getByText('Conectado').first().waitFor();
    await admin.getByRole('dialog', { name: `Conectar ${STORE}` }).waitFor({ state: 'detached' });
    const saved = (await call('GET', '/whatsapp')).find((w) => w.name === STORE);
    assert.equal(saved.status, 'CONNECTED');
    assert.equal(saved.provider, 'sandbox');
    storeId = saved.id;
    await shots(admin, 'connection-connected', { dark: true });
  });

  it('a second connection by pairing code: the code reaches the screen, the phone of that number types it, it connects', async () => {
    // The codes the console receives live (its socket), as the dialog shows them.
    const codes = [];
    admin.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        for (const m of String(payload).matchAll(/"pairingCode":"([^"]+)"/g)) codes.push(m[1]);
      }),
    );
    await admin.reload();
    await admin.getByRole('heading', { level: 1, name: 'Conexões' }).waitFor();
    const made = await call('POST', '/whatsapp', { name: 'Loja Shopping', provider: 'sandbox' });
    const row = admin.getByRole('row', { name: /Loja Shopping/ });
    await row.getByText('Conectado').first().waitFor();
    // What the dialog's 'Usar código de pareamento' form sends. On the README's install (SANDBOX_SCAN auto) a QR code is
    // read one step (30 ms) after it shows, too soon to press that button, so the request is the API call itself.
    await call('POST', `/whatsappsession/${made.id}`, { pairingNumber: PAIRING_PHONE });
    await row.getByText(`Número ${PAIRING_PHONE}`).waitFor();
    await row.getByText('Conectado').first().waitFor();
    const linked = (await call('GET', '/whatsapp')).find((w) => w.id === made.id);
    assert.equal(linked.status, 'CONNECTED');
    assert.equal(linked.number, PAIRING_PHONE);
    assert.ok(
      codes.some((c) => /^[1-9A-HJ-NP-TV-Z]{8}$/.test(c)),
      `a pairing code reached the console (${JSON.stringify(codes)})`,
    );
    await shots(admin, 'connection-paired');
  });

  it('a queue with a two-level chatbot menu and business hours; a customer answers it from the phone and lands in it', async () => {
    // Business hours by queue (settings), so the queue's own hours decide.
    await drawer(admin, 'Configurações', 'Configurações');
    await admin.getByRole('button', { name: /Gerenciamento de Expediente/ }).click();
    await admin.getByRole('option', { name: 'Fila' }).click();
    await admin.getByText('Operação atualizada com sucesso.').first().waitFor();

    await drawer(admin, 'Filas & Chatbot', 'Filas');
    await admin.getByRole('button', { name: 'Adicionar fila' }).first().click();
    const add = admin.getByRole('dialog', { name: 'Adicionar fila' });
    await add.getByRole('textbox', { name: /^Nome/ }).fill(QUEUE);
    await add.getByRole('textbox', { name: /^Mensagem de saudação/ }).fill(TEXTS.queueGreeting);
    await add.getByRole('button', { name: 'Salvar' }).click();
    // Seen once outside CI: the dialog stayed open after Salvar. What it then showed goes to the error and the
    // artifacts, so the next time says why.
    await add.waitFor({ state: 'detached' }).catch(async (e) => {
      await admin.screenshot({ path: join(ARTIFACTS, 'queue-dialog-stayed-open.png') }).catch(() => undefined);
      throw new Error(`the new queue's dialog stayed open, showing: ${await add.innerText().catch(() => '(gone)')}`, { cause: e });
    });
    await admin.getByRole('row', { name: new RegExp(QUEUE) }).waitFor();

    await admin.getByRole('button', { name: `Editar ${QUEUE}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Editar fila' });
    const tree = dialog.getByRole('region', { name: 'Opções do chatbot' });
    for (const [title, message] of [
      ['Troca', 'Informe o número do pedido.'],
      ['Garantia', TEXTS.warranty],
    ]) {
      await tree.getByRole('button', { name: 'Adicionar opção' }).click();
      const form = tree.getByRole('form', { name: 'Adicionar opção' });
      await form.getByRole('textbox', { name: 'Título' }).fill(title);
      await form.getByRole('textbox', { name: /^Mensagem/ }).fill(message);
      await form.getByRole('button', { name: 'Salvar opção' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await tree.getByRole('button', { name: 'Garantia', exact: true }).click();
    for (const [title, message] of [
      ['De fábrica', 'A garantia de fábrica vale 90 dias.'],
      ['Estendida', TEXTS.extended],
    ]) {
      await tree.getByRole('button', { name: 'Adicionar opção dentro de Garantia' }).click();
      const form = tree.getByRole('form', { name: 'Adicionar opção' });
      await form.getByRole('textbox', { name: 'Título' }).fill(title);
      await form.getByRole('textbox', { name: /^Mensagem/ }).fill(message);
      await form.getByRole('button', { name: 'Salvar opção' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await tree.locator('.atd-QueueOptions-optionTitle', { hasText: '2.2 Estendida' }).waitFor();
    await shots(admin, 'queue-chatbot-options');
    // Open all of today (the company's clock): the customer below is answered whatever the hour CI runs at.
    await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
    await typeTime(dialog.getByRole('textbox', { name: `Início de ${TODAY.pt}` }), '00:00');
    await typeTime(dialog.getByRole('textbox', { name: `Fim de ${TODAY.pt}` }), '23:59');
    await shots(admin, 'queue-business-hours');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const queue = (await call('GET', '/queue')).find((q) => q.name === QUEUE);
    assert.deepEqual(
      queue.schedules.find((s) => s.weekdayEn === TODAY.en),
      { ...queue.schedules.find((s) => s.weekdayEn === TODAY.en), startTime: '00:00', endTime: '23:59' },
    );

    // The connection serves the new queue too.
    await drawer(admin, 'Conexões', 'Conexões');
    await admin.getByRole('button', { name: `Editar ${STORE}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Editar WhatsApp' });
    await edit
      .getByRole('group', { name: /^Filas/ })
      .getByText(QUEUE, { exact: true })
      .click();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await until(async () => (await call('GET', '/whatsapp')).find((w) => w.id === storeId).queues.some((q) => q.name === QUEUE), 'the queue on the connection');

    // The admin joins the queue (the ticket lists filter by one's own queues).
    await drawer(admin, 'Usuários', 'Usuários');
    await admin.getByRole('button', { name: 'Editar Admin Demo' }).click();
    const me = admin.getByRole('dialog', { name: 'Editar usuário' });
    await me
      .getByRole('group', { name: /^Filas/ })
      .getByText(QUEUE, { exact: true })
      .click();
    await me.getByRole('button', { name: 'Salvar' }).click();
    await me.waitFor({ state: 'detached' });

    // The customer writes: the greeting and the queue menu, then the queue's options, then Garantia's.
    await phoneSends(CUSTOMER, 'Oi, boa tarde! Meu fone parou de funcionar.');
    const queueMenu = await phoneGets(CUSTOMER, /Pós-venda$/m, 'the queue menu');
    assert.ok(queueMenu.body.startsWith(TEXTS.greeting), queueMenu.body);
    await phoneSends(CUSTOMER, menuNumber(queueMenu, QUEUE));
    const options = await phoneGets(CUSTOMER, /- Garantia$/m, "the queue's options");
    assert.match(options.body, /\*1\* - Troca\n\*2\* - Garantia/);
    await phoneSends(CUSTOMER, menuNumber(options, 'Garantia'));
    const warranty = await phoneGets(CUSTOMER, /- Estendida$/m, "Garantia's options");
    assert.match(warranty.body, /\*1\* - De fábrica\n\*2\* - Estendida/);
    await phoneSends(CUSTOMER, menuNumber(warranty, 'Estendida'));
    await phoneGets(CUSTOMER, /garantia estendida cobre 12 meses/, "the leaf's message");

    // The admin's list: the customer waits in Pós-venda.
    await admin.goto('/tickets');
    await tab(admin, 'Aguardando').click();
    const waiting = row(admin, CUSTOMER.name);
    await waiting.waitFor();
    await waiting.getByText(QUEUE).first().waitFor();
    // Opened before accepting: the conversation with the bot, read only.
    await ticketList(admin).getByRole('button', { name: CUSTOMER.name, exact: true }).click();
    await bubble(admin, 'garantia estendida cobre 12 meses').waitFor();
    const [ticket] = (await call('GET', `/tickets?searchParam=${CUSTOMER.number}&showAll=true`)).tickets;
    assert.equal(ticket.status, 'pending');
    assert.equal(ticket.queue?.name, QUEUE);
    await shots(admin, 'customer-waits-in-queue', { dark: true });
  });

  let paula;
  it("a user is added to the queue and signs in; the customer's ticket waits on their list", async () => {
    await drawer(admin, 'Usuários', 'Usuários');
    await admin.getByRole('button', { name: 'Adicionar usuário' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(USER.name);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(USER.email);
    await dialog.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
    await dialog
      .getByRole('group', { name: /^Filas/ })
      .getByText(QUEUE, { exact: true })
      .click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('row', { name: new RegExp(`^${USER.name}`) }).waitFor();
    await shots(admin, 'user-added');

    paula = await signInPage(browser, product.url, USER.email, { viewport: WIDE, theme: 'light' });
    paula.setDefaultTimeout(15_000);
    await paula.waitForURL(/\/tickets/);
    await tab(paula, 'Aguardando').click();
    await row(paula, CUSTOMER.name).waitFor();
    await shots(paula, 'user-signed-in');
  });

  it("rating: closing asks the customer's phone, the customer answers 3 and the dashboard shows it", async () => {
    await drawer(admin, 'Configurações', 'Configurações');
    await admin.getByText('Avaliações', { exact: true }).click();
    await until(async () => (await admin.getByRole('switch', { name: 'Avaliações' }).isChecked()) === true, 'ratings on');
    await admin.getByText('Operação atualizada com sucesso.').first().waitFor();

    await row(paula, CUSTOMER.name)
      .getByRole('button', { name: `Aceitar: ${CUSTOMER.name}` })
      .click();
    await paula.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const composer = paula.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Oi Marcos! A sua garantia estendida está ativa, já registrei a troca.');
    await composer.press('Enter');
    await phoneGets(CUSTOMER, /já registrei a troca/, "the attendant's reply");
    await paula.getByRole('button', { name: 'Finalizar', exact: true }).click();
    await paula.waitForURL(/\/tickets$/);
    const ask = await phoneGets(CUSTOMER, new RegExp(TEXTS.rating.replace('?', '\\?')), 'the rating request');
    assert.match(ask.body, /\*1\* - Insatisfeito\n\*2\* - Satisfeito\n\*3\* - Muito satisfeito/);
    await phoneSends(CUSTOMER, '3');
    await phoneGets(CUSTOMER, /Obrigado pela sua avaliação!/, 'the thanks');

    await drawer(admin, 'Dashboard', 'Dashboard');
    const attendant = admin.getByRole('grid', { name: 'Atendentes' }).getByRole('row').filter({ hasText: USER.name });
    await attendant.getByRole('img', { name: '3 de 3 estrelas' }).waitFor();
    await attendant.scrollIntoViewIfNeeded();
    await shots(admin, 'rating-on-dashboard', { dark: true });
    await paula.context().close();
  });

  it('out of hours: with the company closed today, a new customer gets the out-of-hours message and no menu', async () => {
    await drawer(admin, 'Configurações', 'Configurações');
    await admin.getByRole('button', { name: /Gerenciamento de Expediente/ }).click();
    await admin.getByRole('option', { name: 'Empresa' }).click();
    await admin.getByText('Operação atualizada com sucesso.').first().waitFor();
    await admin.getByRole('tab', { name: 'Horários' }).click();
    await typeTime(admin.getByRole('textbox', { name: `Início de ${TODAY.pt}` }), '00:00');
    await typeTime(admin.getByRole('textbox', { name: `Fim de ${TODAY.pt}` }), '00:00');
    await admin.getByRole('button', { name: 'Salvar horários' }).click();
    await admin.getByText('Horários atualizados com sucesso.').first().waitFor();
    await shots(admin, 'company-closed-today');

    await phoneSends(LATE, 'Vocês estão abertos?');
    const reply = await phoneGets(LATE, /fechada agora/, 'the out-of-hours message');
    assert.equal(reply.body, TEXTS.outOfHours);
    // The ticket waits for people, out of any queue; no menu followed the reply.
    await admin.goto('/tickets');
    await tab(admin, 'Aguardando').click();
    await row(admin, LATE.name).waitFor();
    await ticketList(admin).getByRole('button', { name: LATE.name, exact: true }).click();
    await bubble(admin, 'fechada agora').waitFor();
    await shots(admin, 'out-of-hours-waiting', { dark: true });
    assert.deepEqual(
      (await phoneInbox(LATE)).map((m) => m.body),
      [TEXTS.outOfHours],
    );
    await call('PUT', '/settings/scheduleType', { value: 'queue' });
  });
  it('calls rejected: with "Aceitar chamadas" off, a call from a phone is declined and the phone gets the automatic message', async () => {
    await drawer(admin, 'Configurações', 'Configurações');
    const calls = admin.getByRole('switch', { name: 'Aceitar chamadas' });
    assert.equal(await calls.isChecked(), true);
    await admin.getByText('Aceitar chamadas', { exact: true }).click();
    await until(async () => (await calls.isChecked()) === false, 'calls off');
    await admin.getByText('Operação atualizada com sucesso.').first().waitFor();
    await shots(admin, 'calls-off');
    const answered = await call('POST', `/sandbox/phones/${CALLER.number}/calls`, { whatsappId: storeId }, superToken);
    assert.equal(answered.status, 'rejected');
    await phoneGets(CALLER, /As chamadas de voz e vídeo estão desabilitas para esse WhatsApp/, 'the automatic message');
  });

  it('groups: a group message opens a ticket while groups are heard, and none once "Ignorar mensagens de grupos" is on', async () => {
    const sendToGroup = (groupId, body) =>
      call('POST', `/sandbox/phones/${MEMBER.number}/messages`, { whatsappId: storeId, name: MEMBER.name, groupId, body }, superToken);
    const groupTickets = async () => {
      const lists = await Promise.all(['pending', 'open'].map((status) => call('GET', `/tickets/groups?showAll=true&status=${status}`)));
      return lists.flatMap((l) => l.tickets);
    };
    const ignore = admin.getByRole('switch', { name: 'Ignorar mensagens de grupos' });
    // The default ignores groups; heard first, so the switch's effect shows.
    assert.equal(await ignore.isChecked(), true);
    await admin.getByText('Ignorar mensagens de grupos', { exact: true }).click();
    await until(async () => (await ignore.isChecked()) === false, 'groups heard');
    await admin.getByText('Operação atualizada com sucesso.').first().waitFor();
    const before = (await groupTickets()).length;
    await sendToGroup(GROUPS.heard, 'Bom dia, grupo da loja!');
    await until(async () => (await groupTickets()).length === before + 1, 'the heard group ticket');

    await admin.getByText('Ignorar mensagens de grupos', { exact: true }).click();
    await until(async () => (await ignore.isChecked()) === true, 'groups ignored');
    await admin.getByText('Operação atualizada com sucesso.').first().waitFor();
    await shots(admin, 'groups-ignored');
    // Each answered once the network handed it over (stored, or dropped): nothing opened for the ignored group.
    await sendToGroup(GROUPS.ignored, 'Promoção no grupo, alguém quer?');
    await sendToGroup(GROUPS.heard, 'Ainda aqui?');
    const after = await groupTickets();
    assert.equal(after.length, before + 1, `group tickets: ${JSON.stringify(after.map((t) => t.contact?.name))}`);
    assert.doesNotMatch(JSON.stringify(after), /Ainda aqui|alguém quer/, "the heard group's ticket was not updated either");
    await admin.goto('/tickets');
    await tab(admin, 'Grupos').click();
    await tab(admin, 'Aguardando').click();
    await ticketList(admin).locator('.atd-TicketListItem', { hasText: 'Bom dia, grupo da loja!' }).waitFor();
    assert.equal(
      await ticketList(admin)
        .locator('.atd-TicketListItem', { hasText: /alguém quer|Ainda aqui/ })
        .count(),
      0,
    );
    await shots(admin, 'groups-list', { dark: true });
  });

  let root;
  it('an overdue company sees "Pague a fatura em aberto", finds its invoice on /financeiro, pays it by Pix and is back in at once', async () => {
    // The platform owner adds a company whose due date passed three days ago.
    root = await signInPage(browser, product.url, SUPER, { viewport: WIDE, theme: 'light' });
    root.setDefaultTimeout(15_000);
    // A user has one session: the browser's sign-in ended the API's, so the sandbox is driven with this one.
    superToken = await tokenOf(root);
    await drawer(root, 'Configurações', 'Configurações');
    await root.getByRole('tab', { name: 'Empresas' }).click();
    await root.getByRole('button', { name: 'Adicionar empresa' }).click();
    const add = root.getByRole('dialog', { name: 'Adicionar empresa' });
    await add.getByRole('textbox', { name: /^Nome/ }).fill(OVERDUE.name);
    await add.getByRole('textbox', { name: /^Telefone/ }).fill('5581999990000');
    await add.getByRole('textbox', { name: /^E-mail/ }).fill(OVERDUE.email);
    await add.getByLabel(/^Senha do administrador/).fill(DEMO_PASSWORD);
    await add.getByRole('button', { name: /Plano/ }).click();
    await root.getByRole('option', { name: 'Básico' }).click();
    await add.getByLabel(/^Data de vencimento/).fill(OVERDUE.due);
    await add.getByRole('button', { name: 'Salvar' }).click();
    await add.waitFor({ state: 'detached' });
    await root.getByRole('row', { name: new RegExp(`^${OVERDUE.name}`) }).waitFor();

    const owner = await signInPage(browser, product.url, OVERDUE.email, { viewport: WIDE, theme: 'light' });
    owner.setDefaultTimeout(15_000);
    const held = owner.getByText(`A assinatura da empresa venceu em ${ptDate(OVERDUE.due)}. Pague a fatura em aberto`, { exact: false });
    await held.first().waitFor();
    await shots(owner, 'overdue-held', { dark: true });
    await owner.getByRole('link', { name: 'Ir para Financeiro' }).click();
    await owner.waitForURL((url) => url.pathname === '/financeiro');
    // The invoice it is asked to pay is there at once (no hourly job to wait for).
    const pay = owner.getByRole('button', { name: /^Pagar a fatura \d+$/ });
    await pay.first().waitFor();
    assert.equal(await pay.count(), 1);
    await shots(owner, 'overdue-invoice');
    await pay.click();
    const checkout = owner.getByRole('dialog', { name: /^Pagar a fatura \d+$/ });
    await checkout.getByRole('textbox', { name: /^Nome completo/ }).fill('Vitória Almeida');
    await checkout.getByRole('button', { name: 'Próximo' }).click();
    await checkout.getByRole('radiogroup', { name: /^Plano/ }).waitFor();
    await checkout.getByRole('button', { name: 'Próximo' }).click();
    await checkout.getByText('Total estimado').waitFor();
    await checkout.getByRole('button', { name: 'Gerar Pix' }).click();
    const sandboxNote = checkout.getByRole('note', { name: 'Ambiente de teste' });
    await checkout.getByRole('img', { name: /^QR code do Pix/ }).waitFor();
    await shots(owner, 'overdue-pix');
    await sandboxNote.getByRole('button', { name: 'Simular pagamento' }).click();
    await owner.locator('.atd-Toast', { hasText: /Sua licença foi renovada até/ }).waitFor();
    // Back in at once: home is the dashboard again, on the same session.
    await owner.waitForURL((url) => url.pathname === '/');
    await owner.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(await held.count(), 0);
    const me = await apiOk(product.url, await tokenOf(owner), 'GET', '/auth/me');
    assert.equal(me.company.subscriptionExpired, false);
    assert.ok(me.company.dueDate > OVERDUE.due, `the due date moved on from ${OVERDUE.due} (now ${me.company.dueDate})`);
    await shots(owner, 'overdue-paid-back-in');
    await owner.context().close();
  });

  it("the super user acts as the company's admin: the banner says so, and the way back returns to the super user", async () => {
    await drawer(root, 'Configurações', 'Configurações');
    await root.getByRole('tab', { name: 'Empresas' }).click();
    await root.getByRole('button', { name: 'Acessar como Empresa Demo' }).click();
    await root.getByRole('alertdialog', { name: 'Acessar como Empresa Demo?' }).getByRole('button', { name: 'Escolher usuário' }).click();
    const picker = root.getByRole('dialog', { name: 'Acessar como: Empresa Demo' });
    await picker.getByRole('button', { name: 'Entrar como Admin Demo' }).click();
    await root.waitForURL((url) => url.pathname === '/');
    const banner = root.getByText(/^Você está acessando como Admin Demo \(Empresa Demo\) — /);
    await banner.waitFor();
    await root.getByText('Olá, Admin Demo!').first().waitFor();
    assert.equal((await apiOk(product.url, await tokenOf(root), 'GET', '/auth/me')).email, ADMIN);
    await shots(root, 'impersonation-banner', { dark: true });
    // The company admin's own session is untouched.
    assert.equal((await call('GET', '/auth/me')).email, ADMIN);

    await root.getByRole('button', { name: 'Voltar para minha conta' }).click();
    await banner.waitFor({ state: 'detached' });
    await root.waitForURL((url) => url.pathname === '/');
    superToken = await tokenOf(root);
    const me = await apiOk(product.url, superToken, 'GET', '/auth/me');
    assert.equal(me.email, SUPER);
    assert.equal(me.impersonatorId ?? null, null);
    await shots(root, 'impersonation-back');
  });

  it("the audit log shows the impersonation and the day's administrative writes, and filters by action", async () => {
    await drawer(root, 'Auditoria', /^Auditoria/);
    const table = root.getByRole('grid', { name: 'Registros de auditoria' });
    const actions = () => table.locator('code').allTextContents();
    const day = [
      'impersonation.end',
      'impersonation.start',
      'company.create',
      'setting.update',
      'user.create',
      'queue-option.create',
      'queue.create',
      'connection.create',
    ];
    await until(
      async () => {
        const seen = new Set(await actions());
        return day.every((a) => seen.has(a));
      },
      "the day's actions in the audit log",
      15_000,
      async () => JSON.stringify(await actions()),
    );
    // Who acted: the way back was taken by the super user as the admin.
    await table
      .getByRole('row')
      .filter({ hasText: 'impersonation.end' })
      .getByText(/como Admin Demo/)
      .waitFor();
    await table.getByRole('row').filter({ hasText: 'user.create' }).getByText('Admin Demo').first().waitFor();
    await shots(root, 'audit-log', { dark: true });
    await root.getByRole('textbox', { name: /^Ação/ }).fill('impersonation.');
    await until(
      async () => (await actions()).join() === 'impersonation.end,impersonation.start',
      'only the impersonation in the filtered log',
      10_000,
      async () => JSON.stringify(await actions()),
    );
    await shots(root, 'audit-log-impersonation');
    await root.context().close();
  });

  it("a campaign with a file list reaches every phone once: the text, the list's message and each file with its caption", async () => {
    // The file list, from its page.
    await drawer(admin, 'Lista de arquivos', /^Listas de arquivos/);
    await admin.getByRole('button', { name: 'Adicionar' }).click();
    const files = admin.getByRole('dialog', { name: 'Adicionar lista de arquivos' });
    await files.getByRole('textbox', { name: /^Nome/ }).fill('Folheto de verão');
    await files.getByRole('textbox', { name: /^Mensagem/ }).fill(CAMPAIGN.listMessage);
    for (const [i, file] of CAMPAIGN.files.entries()) {
      await files.getByRole('button', { name: 'Adicionar arquivo' }).click();
      await files.getByRole('textbox', { name: `Descrição do arquivo ${i + 1}` }).fill(file.caption);
      await files.locator('input[type="file"]').nth(i).setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: FILES[file.name] });
      await files.getByText(file.name).waitFor();
    }
    await shots(admin, 'file-list');
    await files.getByRole('button', { name: 'OK' }).click();
    await files.waitFor({ state: 'detached' });
    await admin
      .getByRole('row', { name: /^Folheto de verão/ })
      .getByText('2 arquivos')
      .waitFor();

    // The recipients' list and quick sending intervals (what this step is not about) through the API.
    const list = await call('POST', '/contact-lists', { name: 'Clientes VIP' });
    for (const r of RECIPIENTS) await call('POST', '/contact-list-items', { name: r.name, number: r.number, contactListId: list.id });
    await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });

    await drawer(admin, 'Campanhas', /^Campanhas/);
    await admin.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nova campanha' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(CAMPAIGN.name);
    const choose = async (label, option) => {
      await dialog.getByRole('button', { name: label }).click();
      await admin.getByRole('option', { name: option, exact: true }).click();
    };
    await choose(/Conexão/, STORE);
    await choose(/Lista de Contatos/, 'Clientes VIP');
    await choose(/Lista de Arquivos/, 'Folheto de verão');
    await dialog.getByRole('textbox', { name: 'Mensagem 1' }).fill(CAMPAIGN.message);
    // Now, to the minute in the browser's time zone: a time already past starts it at once.
    const now = await admin.evaluate(() => {
      const d = new Date();
      const p = (n) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await dialog.locator('input[type="datetime-local"]').fill(now);
    await shots(admin, 'campaign-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin
      .getByRole('row', { name: new RegExp(`^${CAMPAIGN.name}`) })
      .getByRole('link', { name: `Relatório da campanha ${CAMPAIGN.name}` })
      .click();
    await admin.getByRole('heading', { level: 1, name: `Relatório da ${CAMPAIGN.name}` }).waitFor();
    await admin.getByRole('status', { name: 'Status: Finalizada' }).waitFor({ timeout: 45_000 });

    // Each phone: the text, the list's message, the picture and the PDF with their captions, once each.
    for (const r of RECIPIENTS) {
      const expected = [
        ['chat', CAMPAIGN.message.replace('{nome}', r.name), undefined],
        ['chat', CAMPAIGN.listMessage, undefined],
        ['image', CAMPAIGN.files[0].caption, CAMPAIGN.files[0].mimeType],
        ['application', CAMPAIGN.files[1].caption, CAMPAIGN.files[1].mimeType],
      ];
      const got = await until(
        async () => {
          const inbox = await phoneInbox(r);
          return inbox.length >= expected.length ? inbox : null;
        },
        `the campaign on ${r.name}'s phone`,
        15_000,
        async () => JSON.stringify(await phoneInbox(r)),
      );
      // Once each, in this order (a recipient's messages leave one after another).
      assert.deepEqual(
        got.map((m) => [m.type, m.body, m.media?.mimetype]),
        expected,
        `${r.name}'s phone`,
      );
    }
    // The per-recipient report, opened now that every phone has it (its table is read once, not kept live): each
    // number, delivered.
    await admin.reload();
    const recipients = admin.getByRole('grid', { name: /^Destinatários/ });
    for (const r of RECIPIENTS) {
      await recipients
        .getByRole('row')
        .filter({ hasText: `+${r.number}` })
        .getByText('Entregue')
        .waitFor();
    }
    await recipients.scrollIntoViewIfNeeded();
    await shots(admin, 'campaign-report', { dark: true });
  });
});
