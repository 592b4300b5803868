// The schedules page in Chromium against the real API (issue 12): create a schedule from the page and see it on the
// calendar, edit it, a schedule due in a few seconds is sent by the sandbox connection (the calendar shows it sent),
// and /schedules?contactId= opens the add modal for that contact. Screenshots light and dark, wide and narrow.
// Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, SHOT_LOCALES, SHOT_THEMES, signInPage, startApi, startMailbox, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
/** Where the screenshots go (SCHEDULES_SHOTS to look at them elsewhere). */
const SHOTS = process.env.SCHEDULES_SHOTS ?? `${ARTIFACTS}screens/`;
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };

let db;
let mailbox;
let api;
let browser;
/** The admin's API token, read from the signed-in page (a second login would end that session). */
let token;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  // A quick sweeper: the test also sees a schedule whose job it never queued itself.
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port, env: { SCHEDULE_SWEEP_MS: '2000' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body) => apiOk(api.url, token, method, path, body);
const pad = (n) => String(n).padStart(2, '0');
/** A time as the modal's datetime-local input takes it (the browser's zone is the test's). */
const localInput = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

async function schedulesPage(path = '/schedules', { viewport = VIEWPORTS.wide, theme = 'light' } = {}) {
  const page = await signInPage(browser, api.url, ADMIN, { viewport, theme });
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: /^Agendamentos \(\d+\)$/ }).waitFor();
  return page;
}

describe('schedules in Chromium', { concurrency: false }, () => {
  let page;
  let contact;

  it('creates a schedule from the page and shows it on the calendar at its time', async () => {
    page = await schedulesPage();
    token = JSON.parse(await page.evaluate(() => localStorage.getItem('token')));
    contact = await call('POST', '/contacts', { name: 'Rita Agendada', number: '5511955550101' });
    // The demo seed has a schedule of its own: the new one adds to it.
    const before = (await call('GET', '/schedules')).count;
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    assert.ok((await dialog.getByText('Obrigatório').count()) >= 2, "'Obrigatório' on the message and the contact");
    await dialog.getByRole('textbox', { name: /Mensagem/ }).fill('Oi!');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Mensagem muito curta').waitFor();
    await dialog.getByRole('textbox', { name: /Mensagem/ }).fill('Lembrete: sua consulta é amanhã às 10h.');
    // The contacts are searched as the user types (GET /contacts?searchParam=), not loaded whole.
    const searched = page.waitForRequest((r) => r.url().includes('/contacts?') && r.url().includes('searchParam=Rita'));
    await dialog.getByRole('combobox', { name: /Contato/ }).fill('Rita');
    await searched;
    await page.getByRole('option', { name: /Rita Agendada/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}schedules-add-search-light-wide.png` });
    await page.getByRole('option', { name: /Rita Agendada/ }).click();
    // Tomorrow at 10:00, whatever the clock says now.
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(10, 0, 0, 0);
    await dialog.getByLabel(/Data de envio/).fill(localInput(tomorrow));
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}schedules-add-light-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Agendamento salvo com sucesso!').waitFor();
    await page.getByRole('heading', { level: 1, name: `Agendamentos (${before + 1})` }).waitFor();
    const event = page.locator('.atd-ScheduleEvent', { hasText: 'Rita Agendada' });
    await event.first().waitFor();
    const saved = (await call('GET', '/schedules')).schedules.find((s) => s.contactId === contact.id);
    assert.equal(saved.body, 'Lembrete: sua consulta é amanhã às 10h.');
    assert.equal(saved.contactId, contact.id);
    assert.equal(new Date(saved.sendAt).getTime(), tomorrow.getTime());
    assert.equal(saved.status, 'PENDENTE');
  });

  it('edits it from the calendar', async () => {
    await page.getByRole('button', { name: 'Editar agendamento de Rita Agendada' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Editar agendamento' });
    await dialog.getByText('Pendente').waitFor();
    await dialog.getByRole('textbox', { name: /Mensagem/ }).fill('Lembrete: sua consulta foi para as 11h.');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await until(
      async () => (await call('GET', '/schedules')).schedules.find((s) => s.contactId === contact.id)?.body === 'Lembrete: sua consulta foi para as 11h.',
      'the edit saved',
    );
    // The week and agenda views show it too.
    await page.getByRole('tab', { name: 'Agenda' }).click();
    await page.locator('.atd-ScheduleEvent', { hasText: 'Rita Agendada' }).first().waitFor();
    await page.getByRole('tab', { name: 'Mês' }).click();
  });

  it('a schedule due in a few seconds is sent by the connection, and the calendar shows it sent', async () => {
    const soon = await call('POST', '/schedules', {
      body: 'Seu pedido saiu para entrega!',
      contactId: contact.id,
      sendAt: new Date(Date.now() + 3000).toISOString(),
    });
    const event = page.locator('.atd-ScheduleEvent', { hasText: 'Rita Agendada' });
    await until(async () => (await event.count()) === 2, 'the second schedule on the calendar (live)');
    await page.locator('.atd-ScheduleEvent[data-status="ENVIADA"]').first().waitFor({ timeout: 20_000 });
    const sent = await call('GET', `/schedules/${soon.id}`);
    assert.equal(sent.status, 'ENVIADA');
    assert.ok(sent.ticketId, 'sent in a ticket');
    const messages = await call('GET', `/messages/${sent.ticketId}`);
    assert.equal(messages.messages.filter((m) => m.body === 'Seu pedido saiu para entrega!').length, 1, 'exactly once');
    await page.getByRole('button', { name: 'Ver agendamento de Rita Agendada' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Agendamento enviado' });
    await dialog.getByText('Enviada', { exact: true }).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Salvar' }).count(), 0, 'no save for a sent schedule');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}schedules-sent-light-wide.png` });
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}schedules-month-light-wide.png` });
    await page.close();
  });

  it('/schedules?contactId= opens the add modal for that contact', async () => {
    const other = await call('POST', '/contacts', { name: 'Bruno Pelo Contato', number: '5511955550102' });
    const p = await schedulesPage(`/schedules?contactId=${other.id}`);
    const dialog = p.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('combobox', { name: /Contato/ }).inputValue(), 'Bruno Pelo Contato (5511955550102)');
    await p.waitForTimeout(300);
    await p.screenshot({ path: `${SHOTS}schedules-preset-light-wide.png` });
    const sendAt = await dialog.getByLabel(/Data de envio/).inputValue();
    const ahead = new Date(sendAt).getTime() - Date.now();
    assert.ok(ahead > 55 * 60_000 && ahead < 61 * 60_000, `default one hour ahead (${sendAt})`);
    await p.close();
  });

  it('the contact field searches as the user types: screenshots light and dark, pt and en', async () => {
    for (const theme of SHOT_THEMES) {
      for (const locale of SHOT_LOCALES) {
        const en = locale === 'en';
        const p = await signInPage(browser, api.url, ADMIN, { viewport: VIEWPORTS.wide, theme });
        if (en) await p.evaluate(() => localStorage.setItem('language', 'en'));
        await p.goto('/schedules');
        await p.getByRole('heading', { level: 1, name: en ? /^Schedules \(\d+\)$/ : /^Agendamentos \(\d+\)$/ }).waitFor();
        await p.getByRole('button', { name: en ? 'Add' : 'Adicionar' }).click();
        const dialog = p.getByRole('dialog', { name: en ? 'New schedule' : 'Novo agendamento' });
        const field = dialog.getByRole('combobox', { name: en ? /Contact/ : /Contato/ });
        await dialog.waitFor();
        await p.waitForTimeout(300); // the modal's entrance
        await field.fill('Ri');
        await p.getByText(en ? 'Type at least 3 characters' : 'Digite ao menos 3 caracteres').waitFor();
        await p.screenshot({ path: `${SHOTS}schedules-contact-short-${theme}-${locale}.png` });
        await field.fill('Rita');
        await p.getByRole('option', { name: /Rita Agendada/ }).waitFor();
        await p.waitForTimeout(200);
        await p.screenshot({ path: `${SHOTS}schedules-contact-search-${theme}-${locale}.png` });
        await p.context().close();
      }
    }
  });

  for (const theme of SHOT_THEMES) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`looks right in ${theme}, ${size}`, async () => {
        const p = await schedulesPage('/schedules', { viewport, theme });
        await p.locator('.atd-ScheduleEvent').first().waitFor();
        await p.waitForTimeout(300);
        await p.screenshot({ path: `${SHOTS}schedules-${theme}-${size}.png`, fullPage: true });
        await p.getByRole('tab', { name: 'Semana' }).click();
        await p.waitForTimeout(300);
        await p.screenshot({ path: `${SHOTS}schedules-week-${theme}-${size}.png` });
        await p.getByRole('button', { name: 'Adicionar' }).click();
        await p.getByRole('dialog', { name: 'Novo agendamento' }).waitFor();
        await p.waitForTimeout(300);
        await p.screenshot({ path: `${SHOTS}schedules-modal-${theme}-${size}.png` });
        await p.close();
      });
    }
  }
});
