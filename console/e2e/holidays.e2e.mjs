// The holidays tab of the settings page in Chromium against the real API. An admin opens /settings, tab 'Feriados',
// adds a holiday on a day of the calendar with a PNG (previewed, then uploaded to /media-upload), sees its chip, edits
// it, sees the error state (titled 'Erro de Envio'; saving again puts it back to PENDENTE) and the sent state (read
// only; the API refuses changes with 409), and deletes it. The send itself belongs to automation, which is not built:
// the states are set in the database, as the sender would. Screenshots light and dark, pt and en, wide and narrow.
// Run by `node --test e2e/holidays.e2e.mjs` after `vite build`; it needs the settings page with its 'Feriados' tab.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiCall, apiOk, createDatabase, launchBrowser, SHOT_LOCALES, SHOT_THEMES, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const SHOTS = process.env.HOLIDAYS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 860 }, narrow: { width: 390, height: 844 } };
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M/wHwAEBgIApD5fRAAAAABJRU5ErkJggg==', 'base64');

let db;
let sql;
let mailbox;
let api;
let browser;
let session;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  // CONSOLE_DIR: a console built elsewhere (console/dist by default).
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port, env: process.env.CONSOLE_DIR ? { CONSOLE_DIR: process.env.CONSOLE_DIR } : {} });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await sql?.end();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body) => apiOk(api.url, session, method, path, body);
const holidayNamed = async (name) => (await call('GET', `/holidays?searchParam=${encodeURIComponent(name)}`)).holidays.find((h) => h.name === name);
/** What the sender (automation, not built yet) writes when a holiday's message goes out or fails. */
const markSent = (id) => sql.query(`update holidays set status = 'ENVIADA', sent_at = now() where id = $1`, [id]);
const markFailed = (id) => sql.query(`update holidays set status = 'ERRO' where id = $1`, [id]);

/** A day of the current month, as the calendar (the browser, on this machine's clock) shows it. */
const pad = (n) => String(n).padStart(2, '0');
const now = new Date();
const DAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-15`;
const OTHER_DAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-20`;

/** /settings, tab 'Feriados' (en: 'Holidays'). */
async function openTab(page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: /^(Feriados|Holidays)$/ }).click();
  await page.locator('.atd-Holidays-grid').waitFor();
}

describe('the holidays tab in Chromium', { concurrency: false }, () => {
  let page;
  const dayCell = (day) => page.locator('td', { has: page.locator(`button[data-date="${day}"]`) });

  it('opens the Feriados tab of the settings page on the current month', async () => {
    page = await signInPage(browser, api.url, ADMIN);
    session = await tokenOf(page);
    await openTab(page);
    await page.getByRole('heading', { name: 'Feriados' }).first().waitFor();
    assert.equal(await page.locator('button[aria-current="date"]').count(), 1);
  });

  it('adds a holiday on a day with an image: the preview, the upload, the chip', async () => {
    await page.locator(`button[data-date="${DAY}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar feriado' });
    assert.equal(await dialog.getByLabel(/^Data/).inputValue(), DAY);
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Dia da Empresa');
    await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Oi');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Mensagem muito curta').waitFor();
    await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Hoje é o Dia da Empresa: voltamos amanhã às 9h.');
    await page.locator('input[type="file"]').setInputFiles({ name: 'empresa.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Prévia de empresa.png' }).waitFor();
    await page.waitForTimeout(300); // the dialog's entry transition
    await page.screenshot({ path: `${SHOTS}holidays-modal-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Operação realizada com sucesso!').first().waitFor();
    await dayCell(DAY).getByRole('button', { name: 'Dia da Empresa, Pendente' }).waitFor();
    const saved = await until(async () => {
      const h = await holidayNamed('Dia da Empresa');
      return h?.mediaName ? h : null;
    }, 'the uploaded image');
    assert.equal(saved.dateHoliday, DAY);
    assert.equal(saved.mediaName, 'empresa.png');
    assert.equal(saved.status, 'PENDENTE');
  });

  it('edits it: another day and message', async () => {
    await dayCell(DAY).getByRole('button', { name: 'Dia da Empresa, Pendente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar feriado' });
    await dialog.getByText('empresa.png').waitFor();
    await dialog.getByLabel(/^Data/).fill(OTHER_DAY);
    await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Dia da Empresa: sem atendimento hoje.');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await dayCell(OTHER_DAY).getByRole('button', { name: 'Dia da Empresa, Pendente' }).waitFor();
    const saved = await holidayNamed('Dia da Empresa');
    assert.equal(saved.dateHoliday, OTHER_DAY);
    assert.equal(saved.body, 'Dia da Empresa: sem atendimento hoje.');
  });

  it("shows a failed send as 'Erro de Envio'; saving again puts it back to PENDENTE", async () => {
    const holiday = await holidayNamed('Dia da Empresa');
    await markFailed(holiday.id);
    await openTab(page);
    await dayCell(OTHER_DAY).getByRole('button', { name: 'Dia da Empresa, Erro de envio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erro de Envio' });
    await dialog.getByText('O envio deste feriado falhou. Salve de novo para tentar outra vez.').waitFor();
    await page.waitForTimeout(300); // the dialog's entry transition
    await page.screenshot({ path: `${SHOTS}holidays-error-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await until(async () => (await holidayNamed('Dia da Empresa')).status === 'PENDENTE', 'the holiday back to PENDENTE');
  });

  it('shows a sent holiday read-only with when it went out; the API refuses changes', async () => {
    const holiday = await holidayNamed('Dia da Empresa');
    await markSent(holiday.id);
    await openTab(page);
    await dayCell(OTHER_DAY).getByRole('button', { name: 'Dia da Empresa, Enviado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feriado enviado' });
    await dialog.getByText(/^Mensagem enviada em .*Um feriado enviado não pode mais ser alterado\.$/).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Salvar' }).count(), 0);
    assert.equal(await dialog.getByRole('textbox').count(), 0);
    await page.waitForTimeout(300); // the dialog's entry transition
    await page.screenshot({ path: `${SHOTS}holidays-sent-light-pt-wide.png` });
    const refused = await apiCall(api.url, session, 'PUT', `/holidays/${holiday.id}`, { name: 'Outro' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, 'ERR_HOLIDAY_ALREADY_SENT');
  });

  it('deletes it after the confirmation', async () => {
    const dialog = page.getByRole('dialog', { name: 'Feriado enviado' });
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog', { name: 'Excluir o feriado Dia da Empresa?' }).getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Feriado excluído.').first().waitFor();
    await dayCell(OTHER_DAY)
      .getByRole('button', { name: /^Dia da Empresa,/ })
      .waitFor({ state: 'detached' });
    assert.equal(await holidayNamed('Dia da Empresa'), undefined);
    await page.context().close();
  });

  it('screenshots light and dark, pt and en, wide and narrow', async () => {
    // A month with each state: pending, failed and sent.
    const at = (d) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(d)}`;
    const pending = await call('POST', '/holidays', { name: 'Confraternização', dateHoliday: at(10), body: 'Confraternização da equipe: sem atendimento.' });
    const failed = await call('POST', '/holidays', { name: 'Feriado municipal', dateHoliday: at(18), body: 'Feriado municipal: voltamos amanhã.' });
    const sent = await call('POST', '/holidays', { name: 'Inventário', dateHoliday: at(3), body: 'Inventário anual: sem atendimento hoje.' });
    await call('POST', '/holidays', { name: 'Plantão reduzido', dateHoliday: at(18), body: 'Atendemos só até o meio-dia.' });
    await markFailed(failed.id);
    await markSent(sent.id);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        for (const locale of SHOT_LOCALES) {
          const shot = await signInPage(browser, api.url, ADMIN, { viewport, theme });
          if (locale === 'en') await shot.evaluate(() => localStorage.setItem('language', 'en'));
          await openTab(shot);
          await shot.getByRole('button', { name: locale === 'en' ? 'Confraternização, Pending' : 'Confraternização, Pendente', exact: true }).waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}holidays-${theme}-${locale}-${size}.png`, fullPage: true });
          // The day's corner: its middle holds the holiday's chip, which opens the holiday instead.
          await shot.locator(`button[data-date="${pending.dateHoliday}"]`).click({ position: { x: 6, y: 6 } });
          await shot.getByRole('dialog').waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}holidays-add-${theme}-${locale}-${size}.png` });
          await shot.context().close();
        }
      }
    }
  });
});
