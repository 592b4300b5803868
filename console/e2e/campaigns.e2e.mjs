// The campaigns page and the campaign report in Chromium against the real API (issue 12): with a sandbox connection
// and a contact list of 3 made through the API and quick sending intervals, the admin creates a campaign in the
// dialog scheduled for now, sees it listed, opens its report and watches it run to FINALIZADA with 3 delivered (100%),
// each sandbox phone getting its message once; a longer campaign is stopped and restarted from the list and still
// reaches everyone once. Screenshots of the list, the dialog and the report, light and dark, wide and narrow.
// Run by `npm run test:e2e -w console` (or `vite build && node --test e2e/campaigns.e2e.mjs`).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, launchBrowser, SHOT_THEMES, signInPage, startApi, startMailbox, until } from './harness.mjs';

/** Where the screenshots go (CAMPAIGNS_SHOTS to look at them elsewhere). */
const SHOTS = process.env.CAMPAIGNS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const SUPER = 'super@atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const FIRST = ['5511955550201', '5511955550202', '5511955550203'];
const SECOND = ['5511955550301', '5511955550302', '5511955550303', '5511955550304', '5511955550305', '5511955550306'];

let db;
let mailbox;
let api;
let browser;
/** The admin's API token, read from the signed-in page (a second login would end that session). */
let token;
/** The super user's token (reads the sandbox phones). */
let superToken;
let whatsapp;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  superToken = await apiLogin(api.url, SUPER);
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body) => apiOk(api.url, token, method, path, body);
const inbox = (number) => apiOk(api.url, superToken, 'GET', `/sandbox/phones/${number}/inbox`);

async function openPage(path, heading, { viewport = VIEWPORTS.wide, theme = 'light' } = {}) {
  const page = await signInPage(browser, api.url, ADMIN, { viewport, theme });
  token = JSON.parse(await page.evaluate(() => localStorage.getItem('token')));
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page;
}

const row = (page, name) => page.getByRole('row', { name: new RegExp(`^${name}`) });

/** Picks `option` in the select named `label`. */
async function choose(scope, page, label, option) {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A contact list with the given numbers, through the API. */
async function contactList(name, numbers) {
  const list = await call('POST', '/contact-lists', { name });
  for (const [i, number] of numbers.entries()) {
    await call('POST', '/contact-list-items', { name: `Contato ${i + 1}`, number, email: `c${i + 1}@example.com`, contactListId: list.id });
  }
  return list;
}

describe('campaigns in Chromium', { concurrency: false }, () => {
  let page;
  let campaignId;

  it('creates a campaign in the dialog, scheduled for now, and lists it', async () => {
    page = await openPage('/campaigns', /^Campanhas/);
    await page.getByText('Nenhuma campanha').waitFor();
    const made = await call('POST', '/whatsapp', { name: 'Campanhas e2e', provider: 'sandbox' });
    whatsapp = await until(
      async () => (await call('GET', '/whatsapp')).find((w) => w.id === made.id && w.status === 'CONNECTED'),
      'the new sandbox connection',
      30_000,
    );
    await contactList('Clientes e2e', FIRST);
    await call('POST', '/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 1, variables: [{ key: 'loja', value: 'Loja Centro' }] },
    });

    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova campanha' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Promoção e2e');
    await choose(dialog, page, /Conexão/, whatsapp.name);
    await choose(dialog, page, /Lista de Contatos/, 'Clientes e2e');
    assert.match(await dialog.getByRole('button', { name: /Lista de Tags/ }).innerText(), /Nenhuma/);
    await dialog.getByText(/Variáveis disponíveis: \{nome\}, \{numero\}, \{email\}, \{loja\}/).waitFor();
    await dialog.getByRole('textbox', { name: 'Mensagem 1' }).fill('Olá {nome}, oferta da {loja}!');
    // Now in the browser's time zone, to the minute (a time already past starts it at once).
    const now = await page.evaluate(() => {
      const d = new Date();
      const p = (n) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await dialog.locator('input[type="datetime-local"]').fill(now);
    // Attached after the save: a campaign that starts now is saved as a draft, gets its file, then is scheduled.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'oferta da semana.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByText('oferta_da_semana.png').waitFor();
    await page.screenshot({ path: `${SHOTS}campaigns-dialog-filled-light-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Campanha salva com sucesso!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const listed = row(page, 'Promoção e2e');
    await listed.waitFor();
    assert.match(await listed.innerText(), /Clientes e2e/);
    assert.match(await listed.innerText(), new RegExp(whatsapp.name));
    const [campaign] = (await call('GET', '/campaigns')).records;
    campaignId = campaign.id;
    assert.equal(campaign.message1, 'Olá {nome}, oferta da {loja}!');
    assert.equal(campaign.mediaName, 'oferta_da_semana.png');
    assert.notEqual(campaign.scheduledAt, null);
  });

  it('opens the report and watches it run to FINALIZADA: 3 valid, 3 delivered, 100%', async () => {
    await row(page, 'Promoção e2e').getByRole('link', { name: 'Relatório da campanha Promoção e2e' }).click();
    await page.waitForURL(new RegExp(`/campaign/${campaignId}/report$`));
    await page.getByRole('heading', { level: 1, name: 'Relatório da Promoção e2e' }).waitFor();
    await page.getByRole('status', { name: 'Status: Finalizada' }).waitFor({ timeout: 60_000 });
    const bar = page.getByRole('progressbar', { name: 'Entregues de válidos' });
    await until(
      async () => (await bar.getAttribute('aria-valuenow')) === '100',
      'delivered 100%',
      30_000,
      async () => bar.getAttribute('aria-valuenow'),
    );
    const card = (label) => page.locator('.atd-CampaignReport-card', { has: page.getByText(label, { exact: true }) }).locator('dd');
    assert.equal(await card('Contatos válidos').innerText(), '3');
    assert.equal(await card('Entregues').innerText(), '3');
    await page.screenshot({ path: `${SHOTS}campaigns-report-finished-light-wide.png` });
    // The per-recipient report: the three, each delivered (or read), and its CSV through the authenticated client.
    const recipients = page.getByRole('grid', { name: /Destinatários/ });
    await until(async () => (await recipients.getByRole('row').count()) === 4, 'three recipient rows', 15_000);
    // Read again with the report's last counts: all three past sending.
    await until(
      async () => (await recipients.getByText(/^(Entregue|Lido)$/).count()) === 3,
      'three recipients delivered or read',
      15_000,
      async () => recipients.innerText(),
    );
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar CSV' }).click()]);
    const csv = await new Promise((done, fail) =>
      download.createReadStream().then((stream) => {
        const parts = [];
        stream.on('data', (c) => parts.push(c));
        stream.on('end', () => done(Buffer.concat(parts).toString('utf8')));
        stream.on('error', fail);
      }, fail),
    );
    assert.equal(csv.charCodeAt(0), 0xfeff, 'UTF-8 with a BOM');
    assert.equal(csv.trim().split(/\r?\n/).length, 4, `a header and three recipients: ${csv}`);

    for (const [i, number] of FIRST.entries()) {
      const got = (await inbox(number)).filter((m) => m.whatsappId === whatsapp.id && m.body.includes('oferta da Loja Centro'));
      // The picture with the message as its caption, once, with the recipient's name and the company variable filled.
      assert.deepEqual(
        got.map((m) => [m.type, m.body, m.media?.mimetype]),
        [['image', `Olá Contato ${i + 1}, oferta da Loja Centro!`, 'image/png']],
      );
    }
    await page.locator('.atd-CampaignReport-back').click();
    await page.waitForURL(/\/campaigns$/);
    await row(page, 'Promoção e2e').getByText('Finalizada').waitFor();
  });

  it('stops a sending campaign from the list and restarts it; everyone gets it once', async () => {
    const list = await contactList('Lista longa e2e', SECOND);
    await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 5 } });
    const made = await call('POST', '/campaigns', {
      name: 'Campanha longa',
      whatsappId: whatsapp.id,
      contactListId: list.id,
      scheduledAt: new Date().toISOString(),
      message1: 'Aviso para {nome}',
    });
    const listed = row(page, 'Campanha longa');
    await listed.getByText('Em Andamento').waitFor({ timeout: 30_000 });
    await listed.getByRole('button', { name: 'Parar campanha Campanha longa' }).click();
    await page.getByText('Campanha interrompida').first().waitFor();
    await listed.getByText('Cancelada').waitFor();
    const stopped = await call('GET', `/campaigns/${made.id}`);
    assert.equal(stopped.campaign.status, 'CANCELADA');
    assert.ok(stopped.pending > 0, `some still pending when stopped (${JSON.stringify(stopped)})`);

    // A cancelled campaign opens with only its messages editable.
    await listed.getByRole('button', { name: 'Editar Campanha longa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar campanha' });
    await dialog.getByText('Campanha cancelada: só as mensagens podem ser alteradas.').waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: /^Nome/ }).getAttribute('readonly'), '');
    await page.waitForTimeout(400); // the dialog's opening animation
    await page.screenshot({ path: `${SHOTS}campaigns-dialog-messages-light-wide.png` });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await listed.getByRole('button', { name: 'Reiniciar campanha Campanha longa' }).click();
    await page.getByText('Campanha reiniciada').first().waitFor();
    await listed.getByText(/Em Andamento|Finalizada/).waitFor();
    await page.screenshot({ path: `${SHOTS}campaigns-list-light-wide.png` });

    // Its report follows the sends live, then settles at 100% once FINALIZADA.
    await listed.getByRole('link', { name: 'Relatório da campanha Campanha longa' }).click();
    await page.getByRole('heading', { level: 1, name: 'Relatório da Campanha longa' }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Entregues de válidos' });
    const seen = new Set();
    let shot = false;
    await until(
      async () => {
        seen.add(await bar.getAttribute('aria-valuenow'));
        if (!shot && (await page.getByRole('status', { name: 'Status: Em Andamento' }).count())) {
          shot = true;
          await page.screenshot({ path: `${SHOTS}campaigns-report-running-light-wide.png` });
        }
        return (await page.getByRole('status', { name: 'Status: Finalizada' }).count()) > 0 && (await bar.getAttribute('aria-valuenow')) === '100';
      },
      'the long campaign finished and delivered',
      90_000,
      async () => JSON.stringify([...seen]),
    );
    const partial = [...seen].filter((v) => v !== '0' && v !== '100');
    assert.ok(partial.length >= 1, `the report moved while sending, without a reload (seen ${JSON.stringify([...seen])})`);
    await page.locator('.atd-CampaignReport-back').click();
    await listed.getByText('Finalizada').waitFor({ timeout: 30_000 });
    for (const number of SECOND) {
      const got = (await inbox(number)).filter((m) => m.body.startsWith('Aviso para'));
      assert.equal(got.length, 1, `${number} got ${got.length}`);
    }
    await page.context().close();
  });

  it('screenshots: the list, the dialog and the report, light and dark, wide and narrow', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        const list = await openPage('/campaigns', /^Campanhas/, { viewport, theme });
        await row(list, 'Campanha longa').waitFor();
        await list.screenshot({ path: `${SHOTS}campaigns-${theme}-${size}.png` });
        await list.getByRole('button', { name: 'Adicionar' }).click();
        const dialog = list.getByRole('dialog', { name: 'Nova campanha' });
        await dialog.waitFor();
        await dialog.locator('label.atd-Switch', { hasText: 'Confirmação' }).click();
        await dialog.getByRole('textbox', { name: 'Mensagem de confirmação 1' }).waitFor();
        await list.screenshot({ path: `${SHOTS}campaigns-dialog-${theme}-${size}.png` });
        await list.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await list.goto(`/campaign/${campaignId}/report`);
        await list.getByRole('heading', { level: 1, name: 'Relatório da Promoção e2e' }).waitFor();
        await list
          .getByRole('grid', { name: /Destinatários/ })
          .getByRole('row')
          .nth(1)
          .waitFor();
        await list.screenshot({ path: `${SHOTS}campaigns-report-${theme}-${size}.png`, fullPage: true });
        await list.context().close();
      }
    }
  });
});
