// System announcements in Chromium against the real API (issue 14): the super user publishes one with priority 1 and
// an image, edits it and sees it in the table; the demo company's admin, signed in in another browser context, sees
// the bell's badge appear live, opens it and reads it; turning it inactive takes it out of that bell; the admin
// opening /announcements gets the spec's toast and lands on /. Screenshots light and dark, wide and narrow.
// Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf } from './harness.mjs';

const SHOTS = process.env.ANNOUNCEMENTS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const SUPER = 'super@atende.local';
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
/** A 24x24 PNG (a red square): real bytes, so the API's type check and the bell's image both work. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGO4o6ZGFcQwatCoQaMGjRo0atCoQQNvEAAd/5ofEnN82gAAAABJRU5ErkJggg==', 'base64');

let db;
let mailbox;
let api;
let browser;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const row = (page, title) => page.getByRole('row', { name: new RegExp(`^${title}`) });
const bell = (page, count) => page.getByRole('button', { name: count ? `Avisos do sistema (${count})` : 'Avisos do sistema', exact: true });

describe('announcements in Chromium', { concurrency: false }, () => {
  it('super user publishes, edits and deactivates; the demo admin’s bell follows live; the page redirects the admin', async () => {
    const admin = await signInPage(browser, api.url, ADMIN);
    await bell(admin).waitFor();

    const sup = await signInPage(browser, api.url, SUPER);
    const superToken = await tokenOf(sup);
    await sup.goto('/announcements');
    await sup.getByRole('heading', { level: 1, name: /^Informativos/ }).waitFor();
    await sup.getByText('Nenhum informativo').waitFor();

    // Add: the spec's required fields first, then priority 1 with an image.
    await sup.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = sup.getByRole('dialog', { name: 'Novo informativo' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    assert.equal(await dialog.getByText('Obrigatório').count(), 2);
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Manutenção programada');
    await dialog.getByRole('textbox', { name: /^Texto/ }).fill('O sistema ficará fora do ar no domingo, das 2h às 4h, para uma atualização.');
    await dialog.getByRole('button', { name: /Prioridade/ }).click();
    await sup.getByRole('option', { name: 'Alta' }).click();
    await sup.locator('input[type="file"]').setInputFiles({ name: 'manutencao.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Prévia de manutencao.png' }).waitFor();
    await sup.waitForTimeout(300);
    await sup.screenshot({ path: `${SHOTS}announcements-add-light-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await sup.getByText('Informativo salvo com sucesso.').waitFor();
    await row(sup, 'Manutenção programada').getByText('manutencao.png').waitFor();
    await row(sup, 'Manutenção programada').getByText('Alta').waitFor();

    // The admin's bell: the badge appears without a reload; opening it shows the notice and its image.
    await bell(admin, 1).waitFor();
    await bell(admin, 1).click();
    const popover = admin.getByRole('dialog', { name: 'Avisos do sistema' });
    await popover.getByText('Manutenção programada').waitFor();
    await popover.getByRole('link', { name: 'Abrir manutencao.png' }).locator('img').waitFor();
    assert.equal(await popover.getByRole('img', { name: 'Prioridade 1' }).count(), 1);
    await admin.waitForTimeout(300);
    await admin.screenshot({ path: `${SHOTS}announcements-bell-light-wide.png` });
    await admin.keyboard.press('Escape');
    await bell(admin).waitFor();

    // Edit: the new title reaches the table and the admin's list.
    await row(sup, 'Manutenção programada').getByRole('button', { name: 'Editar Manutenção programada' }).click();
    const edit = sup.getByRole('dialog', { name: 'Editar informativo' });
    await edit.getByRole('img', { name: 'Prévia de manutencao.png' }).waitFor();
    await edit.getByRole('textbox', { name: /^Título/ }).fill('Manutenção no domingo');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await row(sup, 'Manutenção no domingo').getByText('Ativo').waitFor();
    await sup.screenshot({ path: `${SHOTS}announcements-list-light-wide.png` });
    const { records } = await apiOk(api.url, superToken, 'GET', '/announcements');
    assert.deepEqual(
      records.map((r) => [r.title, r.priority, r.status, r.mediaName]),
      [['Manutenção no domingo', 1, true, 'manutencao.png']],
    );

    // Inactive: it leaves the admin's open bell live.
    await bell(admin).click();
    await popover.getByText('Manutenção no domingo').waitFor();
    await row(sup, 'Manutenção no domingo').getByRole('button', { name: 'Editar Manutenção no domingo' }).click();
    await edit.getByRole('switch', { name: 'Ativo' }).click({ force: true });
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await row(sup, 'Manutenção no domingo').getByText('Inativo').waitFor();
    await popover.getByText('Nenhum aviso de sistema.').waitFor();
    await admin.keyboard.press('Escape');

    // The page is the super users': the admin gets the spec's toast and lands on / a second later.
    await admin.goto('/announcements');
    await admin.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').first().waitFor();
    await admin.waitForURL((url) => url.pathname === '/');
    await admin.context().close();
    await sup.context().close();
  });

  it('dark and narrow: the table as cards, the dialog and the bell fit a phone', async () => {
    const sup = await signInPage(browser, api.url, SUPER, { theme: 'dark' });
    const token = await tokenOf(sup);
    await apiOk(api.url, token, 'POST', '/announcements', { title: 'Novo relatório', text: 'O painel mostra o tempo médio de espera por setor.', priority: 2 });
    await apiOk(api.url, token, 'POST', '/announcements', { title: 'Dicas de uso', text: 'Use respostas rápidas digitando / no campo de mensagem.' });
    await sup.goto('/announcements');
    await row(sup, 'Dicas de uso').waitFor();
    await sup.screenshot({ path: `${SHOTS}announcements-list-dark-wide.png` });
    await sup.setViewportSize(VIEWPORTS.narrow);
    await sup.waitForTimeout(300);
    await sup.screenshot({ path: `${SHOTS}announcements-list-dark-narrow.png` });
    await sup.getByRole('button', { name: 'Adicionar' }).click();
    await sup.getByRole('dialog', { name: 'Novo informativo' }).waitFor();
    await sup.waitForTimeout(300);
    await sup.screenshot({ path: `${SHOTS}announcements-add-dark-narrow.png` });
    await sup.context().close();

    const admin = await signInPage(browser, api.url, ADMIN, { viewport: VIEWPORTS.narrow, theme: 'dark' });
    await bell(admin, 2).click();
    const popover = admin.getByRole('dialog', { name: 'Avisos do sistema' });
    await popover.getByText('Dicas de uso').waitFor();
    await admin.waitForTimeout(300);
    await admin.screenshot({ path: `${SHOTS}announcements-bell-dark-narrow.png` });
    await admin.context().close();

    const light = await signInPage(browser, api.url, SUPER, { viewport: VIEWPORTS.narrow, theme: 'light' });
    await light.goto('/announcements');
    await row(light, 'Dicas de uso').waitFor();
    await light.screenshot({ path: `${SHOTS}announcements-list-light-narrow.png` });
    await light.context().close();
  });
});
