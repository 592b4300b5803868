// An attendant's day, on the product as the README starts it (issue 29: the guard that was missing): the API's
// production build with the default settings and data layout (a `.data` dot folder, MEDIA_DIR under it), a fresh
// database on the CI PostgreSQL, the demo seed and the console served by the API. In Chromium it asserts what a person
// sees: the attendant online within 5 s, the demo's day, a customer's words in the pending list and read before
// accepting, images that render (naturalWidth > 0) and a PDF that downloads with its bytes, ticks that reach delivered
// and read, a quick reply's image and filled variables, links that open, a voice note that plays, a tag applied from
// the ticket in the list and its filter, a returning customer's earlier ticket, a setting that changes the attendant's
// screen without a reload. Each step's screen goes light and dark to test-artifacts/journey/. Run by
// `npm run test:e2e -w console` (which builds the API first: `npm run build -w api`).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, launchBrowser, png, signInPage, startProduct, tokenOf, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/journey/', import.meta.url));
rmSync(ARTIFACTS, { recursive: true, force: true });
mkdirSync(ARTIFACTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const ANA = 'ana@demo.atende.local';
const WIDE = { width: 1440, height: 900 };
/** The new customer of the day, and the demo's own (api/src/database/seeders/demo/conversations.ts). */
const PHONE = '5511977779001';
const NAME = 'Lúcia Nova';
const DEMO = { pending: 'Mariana Costa', media: 'Rafael Lima', returning: 'Beatriz Souza', group: 'Parceiros Atende' };

let db;
let product;
let browser;
let superToken;
let adminToken;
let whatsappId;
let admin;
let ana;
let shotNumber = 0;

before(async () => {
  db = await createDatabase({ empty: true });
  product = await startProduct({ databaseUrl: db.url });
  browser = await launchBrowser();
  superToken = await apiLogin(product.url, 'super@atende.local');
});

after(async () => {
  await browser?.close();
  await product?.stop();
  await db?.drop();
});

const call = (method, path, body, token = adminToken) => apiOk(product.url, token, method, path, body);
const phoneSends = (message) => call('POST', `/sandbox/phones/${PHONE}/messages`, { whatsappId, name: NAME, ...message }, superToken);
const phoneInbox = () => call('GET', `/sandbox/phones/${PHONE}/inbox`, undefined, superToken);

/** The page as it is, light then dark (the top bar's theme button), into the artifacts. */
async function shots(page, step) {
  shotNumber += 1;
  const name = `${String(shotNumber).padStart(2, '0')}-${step}`;
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-light.png`) });
  await page.getByRole('button', { name: 'Tema escuro' }).click();
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-dark.png`) });
  await page.getByRole('button', { name: 'Tema claro' }).click();
}

const ticketList = (page) => page.locator('.atd-TicketsManager');
const row = (page, name) =>
  ticketList(page)
    .locator('.atd-TicketListItem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const tab = (page, name) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const composer = (page) => page.getByRole('textbox', { name: 'Mensagem' });
const bubble = (page, text) => page.locator('.atd-Message', { hasText: text }).last();
/** Waits until the image has loaded and has pixels: what a person sees, not an <img> that failed. */
const rendered = (image, what) => until(() => image.evaluate((img) => img.complete && img.naturalWidth > 0).catch(() => false), `${what} to render`, 10_000);

/**
 * Ticks a react-aria checkbox in a popover as a person does (the box: its input is visually hidden inside the label),
 * then closes the popover (it makes the rest of the page inert while open).
 */
async function tick(popover, name) {
  const box = popover.getByRole('checkbox', { name });
  await popover.locator('.atd-Checkbox').filter({ hasText: name }).click();
  // Checked once the change is saved (the tags are the server's).
  await until(() => box.isChecked(), `${name} ticked`, 5000);
  await popover.page().keyboard.press('Escape');
  await popover.waitFor({ state: 'detached' });
}

/** Opens a ticket from the attendant's 'Atendendo' list. */
async function openFromList(page, name) {
  // A popover a failed step left open makes the rest of the page inert.
  if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
  await tab(page, 'Abertas').click();
  await tab(page, 'Atendendo').click();
  await ticketList(page).getByRole('button', { name, exact: true }).click();
  await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  await page.locator('.atd-ChatHeader', { hasText: name }).waitFor();
}

/** Clicks a download button; answers the bytes the browser saved. */
async function download(page, buttonName) {
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: buttonName }).last().click();
  return readFileSync(await (await saving).path());
}

/** A small RGB PNG (the customer's photo and the attendant's picture): one colour per half. */
const halves = (width, height, left, right) => png(width, height, (x) => (x < width / 2 ? left : right));

const LABEL_PHOTO = halves(160, 120, [30, 136, 229], [250, 250, 250]);
const EXCHANGE_PICTURE = halves(200, 140, [0, 168, 107], [255, 214, 0]);
/** One second of a 440 Hz tone, 8 kHz 16-bit mono WAV: a voice note the browser can play. */
function toneWav() {
  const rate = 8000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i += 1) samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const EXCHANGE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    `% Etiqueta de troca ${Date.now()}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  'latin1',
);

describe("an attendant's day on the product as the README starts it", { concurrency: false }, () => {
  it('the admin and the attendant sign in; the admin sees the attendant online within 5 s', async () => {
    admin = await signInPage(browser, product.url, ADMIN, { viewport: WIDE, theme: 'light' });
    // A step whose feature is missing fails in seconds, not at playwright's 30 s default.
    admin.setDefaultTimeout(10_000);
    adminToken = await tokenOf(admin);
    whatsappId = await until(
      async () => (await call('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED')?.id,
      'the sandbox connection',
    );
    await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const anaRow = admin.getByRole('grid', { name: 'Atendentes' }).getByRole('row').filter({ hasText: 'Ana Atendente' });
    await anaRow.waitFor();

    ana = await signInPage(browser, product.url, ANA, { viewport: WIDE, theme: 'light', contextOptions: { acceptDownloads: true } });
    const signedIn = Date.now();
    ana.setDefaultTimeout(10_000);
    // The admin's open dashboard turns her row Online by itself (the `user` event): no reload, which on a busy
    // machine costs seconds of its own.
    await until(
      async () => /Online/.test((await anaRow.textContent({ timeout: 1000 }).catch(() => '')) ?? ''),
      'Ana online on the dashboard',
      5000,
      async () => `(row: ${await anaRow.textContent({ timeout: 1000 }).catch(() => 'none')})`,
    );
    assert.ok(Date.now() - signedIn <= 5500, `online ${Date.now() - signedIn} ms after signing in`);
    await shots(admin, 'admin-sees-ana-online');
  });

  it("the attendant's screen shows the demo's day: her open tickets and the customer's question waiting", async () => {
    await ana.goto('/tickets');
    await tab(ana, 'Atendendo').click();
    await row(ana, DEMO.media).waitFor();
    await row(ana, DEMO.returning).waitFor();
    await shots(ana, 'demo-open-tickets');
    await tab(ana, 'Grupos').click();
    await row(ana, DEMO.group).waitFor();
    await shots(ana, 'demo-group');
    await tab(ana, 'Abertas').click();
    await tab(ana, 'Aguardando').click();
    await row(ana, DEMO.pending)
      .getByText(/Meu pedido #4821 ainda não chegou/)
      .waitFor();
    await shots(ana, 'demo-pending-question');
  });

  it("a customer writes text and a photo from a sandbox phone; the pending row appears live with the customer's words", async () => {
    // Ana stays on 'Aguardando': the row must arrive without a reload.
    await ana.evaluate(() => (window.__journeyPage = 'not reloaded'));
    await phoneSends({ body: 'Oi, boa tarde!' });
    await until(async () => (await phoneInbox()).some((m) => /Suporte/.test(m.body)), "the connection's menu on the phone");
    await phoneSends({ body: '1' });
    await until(async () => (await phoneInbox()).some((m) => /Você está no Suporte/.test(m.body)), "Suporte's greeting on the phone");
    await phoneSends({ body: 'Etiqueta do tênis', mediaBase64: LABEL_PHOTO.toString('base64'), mimetype: 'image/png', filename: 'etiqueta.png' });
    await phoneSends({ body: 'Comprei um tênis 41 e veio 39. Vocês trocam?' });
    await row(ana, NAME)
      .getByText(/veio 39/)
      .waitFor();
    assert.equal(await ana.evaluate(() => window.__journeyPage), 'not reloaded');
    await shots(ana, 'pending-row-live');
  });

  it("the attendant opens the pending row and reads the customer's words before accepting", async () => {
    await ticketList(ana).getByRole('button', { name: NAME, exact: true }).click();
    await bubble(ana, 'veio 39').waitFor();
    assert.equal(await composer(ana).count(), 0, 'read only: no composer before accepting');
    await shots(ana, 'pending-read-only');
  });

  it('the attendant accepts; the photo the customer sent renders', async () => {
    await row(ana, NAME)
      .getByRole('button', { name: `Aceitar: ${NAME}` })
      .click();
    await ana.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await composer(ana).waitFor();
    await rendered(ana.getByRole('img', { name: 'Etiqueta do tênis' }), "the customer's photo");
    await shots(ana, 'accepted-photo-received');
  });

  it('replies with text, a picture and a PDF; the picture renders, the PDF downloads with its bytes', async () => {
    await composer(ana).fill('Claro, Lúcia! Vou gerar a troca agora.');
    await composer(ana).press('Enter');
    await bubble(ana, 'Vou gerar a troca agora').waitFor();
    await ana
      .getByRole('region', { name: 'Enviar mensagem' })
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'troca.png', mimeType: 'image/png', buffer: EXCHANGE_PICTURE },
        { name: 'etiqueta-troca.pdf', mimeType: 'application/pdf', buffer: EXCHANGE_PDF },
      ]);
    await ana.getByText('etiqueta-troca.pdf').first().waitFor();
    await ana.getByRole('button', { name: 'Enviar arquivos' }).click();
    const sentImage = ana.locator('.atd-Message[data-from-me] .atd-Media-image img').last();
    await sentImage.waitFor();
    await rendered(sentImage, 'the picture sent');
    const bytes = await download(ana, 'Baixar etiqueta-troca.pdf');
    assert.ok(bytes.equals(EXCHANGE_PDF), `the PDF downloaded has ${bytes.length} bytes, ${EXCHANGE_PDF.length} were sent`);
    await shots(ana, 'sent-picture-and-pdf');
  });

  it("the reply's tick reaches delivered, then read when the phone opens the chat", async () => {
    const reply = bubble(ana, 'Vou gerar a troca agora');
    await reply.getByRole('img', { name: 'Entregue' }).waitFor({ timeout: 10_000 });
    await shots(ana, 'tick-delivered');
    await until(async () => (await phoneInbox()).some((m) => m.media?.filename === 'etiqueta-troca.pdf'), 'the PDF on the phone');
    await call('POST', `/sandbox/phones/${PHONE}/read`, { whatsappId }, superToken);
    await reply.getByRole('img', { name: 'Lida' }).waitFor({ timeout: 10_000 });
    await shots(ana, 'tick-read');
  });

  it('a quick reply with an image shows its variables filled and sends both', async () => {
    await composer(ana).fill('/catalogo');
    await ana.getByRole('option', { name: /catalogo/ }).click();
    // The reply's image waits among the files to send; its text, filled, is their caption.
    const files = ana.getByRole('list', { name: 'Arquivos para enviar' });
    await files.getByText('catalogo.png').waitFor();
    const caption = ana.getByRole('textbox', { name: 'Adicione uma legenda (opcional)' });
    await until(
      async () => (await caption.inputValue()).includes(`${NAME}, segue o nosso catálogo`),
      'the name filled in the caption',
      5000,
      async () => `(caption: ${JSON.stringify(await caption.inputValue().catch(() => 'none'))})`,
    );
    assert.doesNotMatch(await caption.inputValue(), /\{\{/);
    await shots(ana, 'quick-reply-filled');
    await ana.getByRole('button', { name: 'Enviar arquivos' }).click();
    const inbox = await until(
      async () => {
        const messages = await phoneInbox();
        return messages.some((m) => m.media?.mimetype === 'image/png' && m.media.filename !== 'troca.png') &&
          messages.some((m) => m.body.includes(`${NAME}, segue o nosso catálogo`))
          ? messages
          : null;
      },
      "the catalogue's image and text on the phone",
      10_000,
      async () => JSON.stringify((await phoneInbox()).slice(-3)),
    );
    assert.ok(!inbox.some((m) => m.body.includes('{{')), 'no variable reached the customer');
    await rendered(ana.locator('.atd-Message[data-from-me] .atd-Media-image img').last(), "the catalogue's image in the chat");
    await shots(ana, 'quick-reply-sent');
  });

  it('a link the customer sends opens; WhatsApp formatting shows', async () => {
    const link = `${product.url}/health`;
    await phoneSends({ body: `Achei o comprovante aqui: ${link} *obrigada*` });
    const message = bubble(ana, 'Achei o comprovante');
    await message.waitFor();
    await message.locator('strong', { hasText: 'obrigada' }).waitFor();
    const opening = ana.context().waitForEvent('page');
    await message.getByRole('link', { name: link }).click();
    const opened = await opening;
    await opened.waitForLoadState();
    assert.equal(opened.url(), link);
    await opened.close();
    await shots(ana, 'link-and-formatting');
  });

  it("the customer's voice note plays", async () => {
    await phoneSends({ mediaBase64: toneWav().toString('base64'), mimetype: 'audio/wav', filename: 'audio.wav' });
    const note = ana.locator('.atd-Message:not([data-from-me])').last().getByRole('group', { name: 'Mensagem de voz' });
    await note.getByRole('button', { name: 'Reproduzir áudio' }).click();
    await until(async () => (await note.locator('audio').evaluate((a) => a.currentTime)) > 0.2, 'the voice note to play', 5000);
    await shots(ana, 'voice-note-playing');
  });

  it('a tag applied from the ticket shows in the list and filters it', async () => {
    // The ticket's tag row under the chat header: a chooser of every tag of the company.
    await ana.getByRole('button', { name: 'Escolher as etiquetas do atendimento' }).click();
    await tick(ana.getByRole('dialog', { name: 'Escolher as etiquetas do atendimento' }), 'VIP');
    await ana.getByRole('grid', { name: 'Etiquetas do atendimento' }).getByRole('row', { name: 'VIP' }).waitFor();
    await row(ana, NAME).getByText('VIP', { exact: true }).waitFor();
    await shots(ana, 'tag-on-row');
    // The search tab's tag filter lists the tagged tickets only.
    await tab(ana, 'Busca').click();
    await ana.getByRole('button', { name: /^Etiquetas/ }).click();
    await tick(ana.getByRole('dialog', { name: 'Etiquetas' }), 'VIP');
    await row(ana, NAME).waitFor();
    await row(ana, DEMO.returning).waitFor();
    await until(async () => (await row(ana, DEMO.media).count()) === 0, 'the untagged ticket to leave the filtered list', 5000);
    await shots(ana, 'tag-filter');
  });

  it("a returning customer's conversation shows the earlier ticket and its separator", async () => {
    await openFromList(ana, DEMO.returning);
    await ana.getByText('Como faço para trocar o tamanho de uma camiseta?').waitFor();
    await ana
      .getByText(/Ticket: \d+ encerrado em/)
      .first()
      .waitFor();
    await shots(ana, 'returning-customer-history');
  });

  it("the demo's open ticket with media shows the customer's photo and downloads the invoice", async () => {
    await openFromList(ana, DEMO.media);
    await rendered(ana.getByRole('img', { name: 'Foto da caixa' }), "the demo customer's photo");
    const bytes = await download(ana, 'Baixar nota-fiscal-4790.pdf');
    // The very file the seed stored under the default MEDIA_DIR (.data/media: a dot folder), read from the disk.
    const company = readdirSync(product.mediaDir).find((d) => /^company\d+$/.test(d) && existsSync(join(product.mediaDir, d, 'messages')));
    const messagesDir = join(product.mediaDir, company, 'messages');
    const invoice = readdirSync(messagesDir)
      .flatMap((month) => readdirSync(join(messagesDir, month)).map((f) => join(messagesDir, month, f)))
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => readFileSync(f))
      .find((b) => b.includes('Nota fiscal'));
    assert.ok(invoice && bytes.equals(invoice), 'the invoice downloaded is the stored file');
    await shots(ana, 'demo-media-ticket');
  });

  it("a setting the admin changes changes the attendant's screen without a reload", async () => {
    await ana.goto('/tickets');
    // The demo has the groups tab on (its group shows there); the admin turns it off.
    await tab(ana, 'Grupos').waitFor();
    await ana.evaluate(() => (window.__journeyPage = 'not reloaded'));
    await call('PUT', '/settings/groupsTab', { value: 'disabled' });
    await tab(ana, 'Grupos').waitFor({ state: 'detached', timeout: 5000 });
    assert.equal(await ana.evaluate(() => window.__journeyPage), 'not reloaded');
    await shots(ana, 'groups-tab-off-live');
    await call('PUT', '/settings/groupsTab', { value: 'enabled' });
    await tab(ana, 'Grupos').waitFor({ timeout: 5000 });
    assert.equal(await ana.evaluate(() => window.__journeyPage), 'not reloaded');
  });
});
