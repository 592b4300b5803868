// The settings' Empresas tab (super users) in Chromium against the real API. The super user lists the companies,
// adds one with the modal (its admin then logs in with the e-mail and password given), edits it, moves its due date
// with '+ Vencimento', sees the due-date tints and the 'Vencida' badge on companies due soon or overdue, opens the
// console as the new company's admin with 'Acessar como' (an impersonated session) and deletes the company.
// Screenshots light and dark of the list and the modal. Run by `node --test e2e/companies.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiCall, apiLogin, apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const SHOTS = process.env.COMPANIES_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const SUPER = 'super@atende.local';
const NEW_COMPANY = { name: 'Empresa E2E', email: 'admin@e2e.atende.local', password: 'Segredo#2026', phone: '11 3333-4444' };
const RENAMED = { name: 'Empresa E2E Editada', phone: '11 98888-7777' };

let db;
let mailbox;
let api;
let browser;
let rootToken;

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

const call = (method, path, body) => apiOk(api.url, rootToken, method, path, body);
const pad = (n) => String(n).padStart(2, '0');
/** Today + `days` as YYYY-MM-DD in this machine's zone (the browser's, which the row tints count from). */
function isoDay(days) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** Calendar months, clamped to the month's last day (the API's '+ Vencimento'). */
function addMonths(iso, months) {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${ny}-${pad(nm)}-${pad(Math.min(d, last))}`;
}
/** dd/MM/yy, as the table shows a due date in pt-BR. */
const shown = (iso) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
const findCompany = async (name) => (await call('GET', `/companies?searchParam=${encodeURIComponent(name)}`)).companies.find((c) => c.name === name);
const row = (page, name) => page.getByRole('row', { name: new RegExp(`^${name}\\b`) });

async function openCompaniesTab(page) {
  await page.goto('/settings');
  await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
  await page.getByRole('tab', { name: 'Empresas' }).click();
  await page.getByRole('grid', { name: 'Empresas da plataforma' }).waitFor();
  await row(page, 'Empresa Demo').waitFor();
}

/** Waits for the page's running CSS animations (a dialog's opening) to end, so a screenshot shows where they end. */
const settled = (page) => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

async function search(page, text) {
  const box = page.getByRole('searchbox', { name: 'Pesquisar' });
  await box.fill(text);
}

describe('the Empresas tab in Chromium', { concurrency: false }, () => {
  let root;
  let company;
  let plans;

  it('lists the companies and adds one with the modal; its admin logs in with the e-mail and password', async () => {
    root = await signInPage(browser, api.url, SUPER, { theme: 'light' });
    rootToken = await tokenOf(root);
    plans = await call('GET', '/plans/all');
    const basic = plans.find((p) => p.name === 'Básico');
    await openCompaniesTab(root);
    // The seeded companies: the platform's own (marked, not deletable) and the demo.
    const own = row(root, 'Atende');
    await own.getByText('sua empresa').waitFor();
    assert.equal(await own.getByRole('button', { name: 'Excluir Atende' }).count(), 0);
    await row(root, 'Empresa Demo').getByRole('button', { name: 'Excluir Empresa Demo' }).waitFor();
    await root.screenshot({ path: `${SHOTS}companies-list-light-pt-wide.png` });

    const due = isoDay(20);
    await root.getByRole('button', { name: 'Adicionar empresa' }).click();
    const dialog = root.getByRole('dialog', { name: 'Adicionar empresa' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(NEW_COMPANY.name);
    await dialog.getByRole('textbox', { name: /^Telefone/ }).fill(NEW_COMPANY.phone);
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(NEW_COMPANY.email);
    await dialog.getByLabel(/^Senha do administrador/).fill(NEW_COMPANY.password);
    await dialog.getByRole('button', { name: /Plano/ }).click();
    await root.getByRole('option', { name: 'Básico' }).click();
    await dialog.getByRole('button', { name: /Recorrência/ }).click();
    await root.getByRole('option', { name: 'Trimestral' }).click();
    await dialog.getByLabel(/^Data de vencimento/).fill(due);
    await settled(root);
    await root.screenshot({ path: `${SHOTS}companies-modal-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await root.getByText('Operação realizada com sucesso!').first().waitFor();
    const added = row(root, NEW_COMPANY.name);
    await added.waitFor();
    for (const text of [NEW_COMPANY.email, 'Básico', 'Ativa', 'Trimestral', shown(due)]) await added.getByText(text, { exact: true }).waitFor();

    company = await findCompany(NEW_COMPANY.name);
    assert.ok(company, 'GET /companies has the new company');
    assert.equal(company.email, NEW_COMPANY.email);
    assert.equal(company.phone, NEW_COMPANY.phone);
    assert.equal(company.planId, basic.id);
    assert.equal(company.recurrence, 'TRIMESTRAL');
    assert.equal(company.dueDate, due);
    assert.equal(company.status, true);
    assert.equal(company.campaignsEnabled, false);

    const adminToken = await apiLogin(api.url, NEW_COMPANY.email, NEW_COMPANY.password);
    const admin = await apiOk(api.url, adminToken, 'GET', '/auth/me');
    assert.equal(admin.companyId, company.id);
    assert.equal(admin.profile, 'admin');
    assert.equal(admin.email, NEW_COMPANY.email);
  });

  it('edits the name and the phone: the list and the API follow', async () => {
    const oldRow = root.getByRole('row', { name: `${NEW_COMPANY.name} ${NEW_COMPANY.email}` });
    assert.equal(await oldRow.count(), 1);
    await root.getByRole('button', { name: `Editar ${NEW_COMPANY.name}` }).click();
    const dialog = root.getByRole('dialog', { name: 'Editar empresa' });
    const name = dialog.getByRole('textbox', { name: /^Nome/ });
    assert.equal(await name.inputValue(), NEW_COMPANY.name);
    // No password on an edit.
    assert.equal(await dialog.getByLabel(/^Senha do administrador/).count(), 0);
    await name.fill(RENAMED.name);
    await dialog.getByRole('textbox', { name: /^Telefone/ }).fill(RENAMED.phone);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(root, RENAMED.name).waitFor();
    assert.equal(await oldRow.count(), 0, 'the old name is gone');
    const edited = await call('GET', `/companies/${company.id}`);
    assert.equal(edited.name, RENAMED.name);
    assert.equal(edited.phone, RENAMED.phone);
    // The rest is kept.
    assert.equal(edited.email, NEW_COMPANY.email);
    assert.equal(edited.recurrence, 'TRIMESTRAL');
    assert.equal(edited.dueDate, company.dueDate);
    company = edited;
  });

  it("'+ Vencimento' asks first (current and new date), then moves the due date one recurrence period (three months); 'Desfazer' sets it back", async () => {
    const before = (await call('GET', `/companies/${company.id}`)).dueDate;
    const expected = addMonths(before, 3);
    const line = row(root, RENAMED.name);
    await line.getByText(shown(before), { exact: true }).waitFor();
    await root.getByRole('button', { name: `+ Vencimento de ${RENAMED.name}` }).click();
    const confirm = root.getByRole('alertdialog', { name: `Estender o vencimento de ${RENAMED.name}?` });
    await confirm.getByText(`O vencimento passa de ${shown(before)} para ${shown(expected)}`, { exact: false }).waitFor();
    await root.screenshot({ path: `${SHOTS}companies-extend-confirm.png` });
    await confirm.getByRole('button', { name: 'Estender vencimento' }).click();
    await root
      .getByText(`Novo vencimento: ${shown(expected)}`)
      .first()
      .waitFor();
    await line.getByText(shown(expected), { exact: true }).waitFor();
    assert.equal(await line.getByText(shown(before), { exact: true }).count(), 0);
    await until(async () => (await call('GET', `/companies/${company.id}`)).dueDate === expected, `the due date ${expected} in the API`);
    await root.screenshot({ path: `${SHOTS}companies-extend-undo-toast.png` });
    // The success toast's 'Desfazer' sets the previous date back, then again forward for the steps that follow.
    await root.getByRole('button', { name: 'Desfazer' }).click();
    await line.getByText(shown(before), { exact: true }).waitFor();
    await until(async () => (await call('GET', `/companies/${company.id}`)).dueDate === before, `the due date ${before} back in the API`);
    await root.getByRole('button', { name: `+ Vencimento de ${RENAMED.name}` }).click();
    await root.getByRole('alertdialog').getByRole('button', { name: 'Estender vencimento' }).click();
    await line.getByText(shown(expected), { exact: true }).waitFor();
  });

  it("tints the rows due soon or overdue and marks the overdue ones 'Vencida'", async () => {
    const basic = plans.find((p) => p.name === 'Básico');
    const cases = [
      { name: 'E2E Vencida 2d', dueDate: isoDay(-2), tone: 'orange', note: 'há 2 dia(s)' },
      { name: 'E2E Vencida 4d', dueDate: isoDay(-4), tone: 'red', note: 'há 4 dia(s)' },
      { name: 'E2E Vence 5d', dueDate: isoDay(5), tone: 'yellow', note: 'em 5 dia(s)' },
    ];
    for (const c of cases) await call('POST', '/companies', { name: c.name, planId: basic.id, dueDate: c.dueDate, recurrence: 'MENSAL', status: true });
    await search(root, 'E2E');
    for (const c of cases) {
      const line = row(root, c.name);
      await line.waitFor();
      await line.getByText(shown(c.dueDate), { exact: true }).waitFor();
      await line.getByText(c.note, { exact: true }).waitFor();
      assert.equal(await line.locator('[data-due-tone]').getAttribute('data-due-tone'), c.tone, `${c.name}'s tint`);
      const overdue = line.getByText('Vencida', { exact: true });
      if (c.dueDate < isoDay(0)) assert.equal(await overdue.isVisible(), true, `${c.name} says 'Vencida'`);
      else assert.equal(await overdue.count(), 0, `${c.name} is not overdue`);
    }
    // The tint is the row's background; a row far from its due date keeps the plain one.
    const background = (name) => row(root, name).evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = await background(RENAMED.name);
    for (const c of cases) assert.notEqual(await background(c.name), plain, `${c.name} is tinted`);
    assert.equal(await row(root, RENAMED.name).locator('[data-due-tone]').count(), 0);
    assert.equal(await row(root, 'Empresa Demo').count(), 0, 'the search left the demo out');
    await root.screenshot({ path: `${SHOTS}companies-due-tints-light-pt-wide.png` });
    await search(root, '');
    await row(root, 'Empresa Demo').waitFor();
  });

  it("'Acessar como' opens the console as the company's admin, in an impersonated session", async () => {
    const superUser = await call('GET', '/auth/me');
    await root.getByRole('button', { name: `Acessar como ${RENAMED.name}` }).click();
    await root
      .getByRole('alertdialog', { name: `Acessar como ${RENAMED.name}?` })
      .getByRole('button', { name: 'Escolher usuário' })
      .click();
    const picker = root.getByRole('dialog', { name: `Acessar como: ${RENAMED.name}` });
    // The admin was created with the company's name at the time.
    const adminRow = picker.getByRole('row', { name: new RegExp(`^${NEW_COMPANY.name}\\b`) });
    await adminRow.getByText(NEW_COMPANY.email, { exact: true }).waitFor();
    await settled(root);
    await root.screenshot({ path: `${SHOTS}companies-impersonate-light-pt-wide.png` });
    await adminRow.getByRole('button', { name: `Entrar como ${NEW_COMPANY.name}` }).click();
    await root.waitForURL((url) => url.pathname === '/');
    await picker.waitFor({ state: 'detached' });
    await root.getByText(`Olá, ${NEW_COMPANY.name}!`).waitFor();
    await root.getByText(`Bem-vindo a ${RENAMED.name}!`, { exact: false }).waitFor();
    await root.screenshot({ path: `${SHOTS}companies-impersonated-home-light-pt-wide.png` });
    assert.equal(await root.evaluate(() => localStorage.getItem('impersonated')), 'true');
    const token = await tokenOf(root);
    assert.notEqual(token, rootToken);
    const me = await apiOk(api.url, token, 'GET', '/auth/me');
    assert.equal(me.email, NEW_COMPANY.email);
    assert.equal(me.companyId, company.id);
    assert.equal(me.impersonatorId, superUser.id);
    // The admin's console: no super-user tabs in the settings.
    await root.goto('/settings');
    await root.getByRole('tab', { name: 'Opções' }).waitFor();
    assert.equal(await root.getByRole('tab', { name: 'Empresas' }).count(), 0);
    await root.context().close();
  });

  it('deletes a company after the confirmation: gone from the list, 404 from the API', async () => {
    root = await signInPage(browser, api.url, SUPER, { theme: 'light' });
    rootToken = await tokenOf(root);
    await openCompaniesTab(root);
    await row(root, RENAMED.name).waitFor();
    await root.getByRole('button', { name: `Excluir ${RENAMED.name}` }).click();
    const confirm = root.getByRole('alertdialog', { name: `Excluir a empresa ${RENAMED.name}?` });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(root, RENAMED.name).waitFor({ state: 'detached' });
    await row(root, 'Empresa Demo').waitFor();
    const gone = await apiCall(api.url, rootToken, 'GET', `/companies/${company.id}`);
    assert.equal(gone.status, 404);
    assert.equal(await findCompany(RENAMED.name), undefined);
    await root.context().close();
  });

  it('screenshots dark: the list with its tints and the modal', async () => {
    const dark = await signInPage(browser, api.url, SUPER, { theme: 'dark' });
    await openCompaniesTab(dark);
    await dark.screenshot({ path: `${SHOTS}companies-list-dark-pt-wide.png` });
    await search(dark, 'E2E');
    await row(dark, 'E2E Vencida 2d').waitFor();
    await row(dark, 'Empresa Demo').waitFor({ state: 'detached' });
    await dark.screenshot({ path: `${SHOTS}companies-due-tints-dark-pt-wide.png` });
    await dark.getByRole('button', { name: 'Adicionar empresa' }).click();
    const dialog = dark.getByRole('dialog', { name: 'Adicionar empresa' });
    await dialog.getByRole('button', { name: /Plano/ }).waitFor();
    await settled(dark);
    await dark.screenshot({ path: `${SHOTS}companies-modal-dark-pt-wide.png` });
    // Saving empty shows the rules on the fields.
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Obrigatório').first().waitFor();
    await dark.screenshot({ path: `${SHOTS}companies-modal-errors-dark-pt-wide.png` });
    await dark.context().close();
  });
});
