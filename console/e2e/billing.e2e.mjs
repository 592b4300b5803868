// The billing screens in Chromium against the real API, on the sandbox Pix gateway (the API's default outside
// production). The demo company gets invoices in the database, as the issuing job would write them (it runs hourly):
// one open at its due date, one overdue, one paid. An admin opens /financeiro, sees the statuses (the overdue row
// tinted), pays the open one through 'Dados', 'Personalizar' and 'Revisar', sees the Pix QR code, clicks 'Simular
// pagamento', sees the renewal toast and the row 'Pago', and is back on '/' about 4 s later with the company's due date
// moved (GET /auth/me and the top bar). Then the subscription page. Screenshots of each view, light and dark.
// Run by `node --test e2e/billing.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const SHOTS = process.env.BILLING_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORT = { width: 1366, height: 860 };

let db;
let sql;
let mailbox;
let api;
let browser;
/** The invoices written for the demo company: { open, overdue, paid } ids, and its due date before paying. */
const ids = {};
let dueBefore;

const pad = (n) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` as the pt screens write it. */
const ptDate = (day) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const isoDay = (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({
    databaseUrl: db.url,
    smtpPort: mailbox.port,
    env: { PAYMENT_GATEWAY: 'sandbox', ...(process.env.CONSOLE_DIR ? { CONSOLE_DIR: process.env.CONSOLE_DIR } : {}) },
  });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  const { rows } = await sql.query(
    `select c.id, to_char(c.due_date, 'YYYY-MM-DD') as due, c.plan_id, p.name, p.value from companies c join plans p on p.id = c.plan_id where c.name = 'Empresa Demo'`,
  );
  const company = rows[0];
  dueBefore = company.due;
  const insert = async (due, status, paidAt = null) => {
    const detail = `Plano ${company.name} · 1 mês (vencimento ${ptDate(due)})`;
    const res = await sql.query(
      `insert into invoices (company_id, plan_id, detail, value, period_months, due_date, status, paid_at, created_at, updated_at)
       values ($1, $2, $3, $4, 1, $5, $6, $7, now(), now()) returning id`,
      [company.id, company.plan_id, detail, company.value, due, status, paidAt],
    );
    return res.rows[0].id;
  };
  const daysAgo = (n) => isoDay(new Date(Date.now() - n * 86_400_000));
  ids.paid = await insert(daysAgo(40), 'paid', new Date(Date.now() - 41 * 86_400_000));
  ids.overdue = await insert(daysAgo(5), 'open');
  ids.open = await insert(company.due, 'open');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await sql?.end();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

/** A row of the invoices table by its id (also behind the checkout dialog). */
const rowOf = (page, id) => page.locator('.atd-Invoices-table .atd-Table-row', { has: page.locator('.atd-Invoices-id', { hasText: new RegExp(`^${id}$`) }) });

async function openInvoices(page) {
  await page.goto('/financeiro');
  await page.getByRole('heading', { name: 'Faturas', level: 1 }).waitFor();
  await rowOf(page, ids.open).waitFor();
}

/** 'PAGAR' → 'Dados' filled → 'Personalizar' → 'Revisar'; screenshots of each step when `theme` is given. */
async function throughSteps(page, id, theme) {
  await rowOf(page, id)
    .getByRole('button', { name: `Pagar a fatura ${id}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Pagar a fatura ${id}` });
  await dialog.waitFor();
  assert.equal(
    await dialog
      .locator('[aria-current="step"]')
      .innerText()
      .then((t) => t.includes('Dados')),
    true,
  );
  assert.equal(await dialog.locator('input[name*="card" i], input[name*="cvv" i]').count(), 0);
  // A Pix charge needs no postal address: the payer's name is the one field (the check first: 'Próximo' with it empty).
  assert.equal(await dialog.locator('input').count(), 1);
  assert.equal(await dialog.getByRole('textbox', { name: /^Endereço|^Cidade|^CEP/ }).count(), 0);
  const payer = dialog.getByRole('textbox', { name: /^Nome completo/ });
  await payer.fill('');
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await dialog.getByText('O nome completo é obrigatório').waitFor();
  await payer.fill('Maria Silva');
  if (theme) await page.screenshot({ path: `${SHOTS}billing-checkout-data-${theme}.png` });
  // Enter goes on, as 'Próximo'.
  await payer.press('Enter');
  await dialog.getByRole('radiogroup', { name: /^Plano/ }).waitFor();
  assert.equal(await dialog.getByRole('radio', { name: /^Completo/ }).isChecked(), true);
  if (theme) await page.screenshot({ path: `${SHOTS}billing-checkout-plan-${theme}.png` });
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await dialog.getByText('Total estimado').waitFor();
  // The review names the payer; no address (Pix asks for none).
  await dialog.locator('.atd-Checkout-summary dd', { hasText: 'Maria Silva' }).waitFor();
  if (theme) await page.screenshot({ path: `${SHOTS}billing-checkout-review-${theme}.png` });
  return dialog;
}

describe('billing in Chromium', { concurrency: false }, () => {
  let page;

  it('lists the invoices: Em Aberto, Vencido (tinted), Pago; PAGAR only on open ones', async () => {
    page = await signInPage(browser, api.url, ADMIN, { viewport: VIEWPORT, theme: 'light' });
    await openInvoices(page);
    assert.equal(await rowOf(page, ids.open).locator('.atd-Invoices-status').innerText(), 'Em Aberto');
    assert.equal(await rowOf(page, ids.overdue).locator('.atd-Invoices-status').innerText(), 'Vencido');
    assert.equal(await rowOf(page, ids.paid).locator('.atd-Invoices-status').innerText(), 'Pago');
    assert.match(await rowOf(page, ids.open).locator('.atd-Invoices-value').innerText(), /^R\$\s199,90$/);
    assert.equal(await rowOf(page, ids.open).locator('.atd-Invoices-due').innerText(), ptDate(dueBefore));
    assert.equal(await rowOf(page, ids.paid).getByRole('button').count(), 0);
    const tint = (id) => rowOf(page, id).evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.notEqual(await tint(ids.overdue), await tint(ids.open), 'the overdue row is tinted');
    await page.screenshot({ path: `${SHOTS}billing-invoices-light.png` });
  });

  it('pays through the three steps, the Pix view, the sandbox payment; the renewal toast; home after ~4 s; the due date moved', async () => {
    const dialog = await throughSteps(page, ids.open, 'light');
    await dialog.getByRole('button', { name: 'Gerar Pix' }).click();
    await page.getByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento').waitFor();
    const qr = dialog.getByRole('img', { name: /^QR code do Pix de R\$\s199,90$/ });
    await qr.waitFor();
    assert.equal(await qr.getAttribute('width'), '256');
    assert.ok((await dialog.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue()).length > 20);
    await dialog.getByRole('button', { name: 'Copiar o código Pix' }).waitFor();
    const note = dialog.getByRole('note', { name: 'Ambiente de teste' });
    await page.screenshot({ path: `${SHOTS}billing-pix-light.png` });

    await note.getByRole('button', { name: 'Simular pagamento' }).click();
    // The toast's title reads 'Sucesso: ' first, for screen readers.
    const toast = page.locator('.atd-Toast', { hasText: /Sua licença foi renovada até \d{2}\/\d{2}\/\d{4}!/ });
    await toast.waitFor({ timeout: 15_000 }).catch(async (err) => {
      await page.screenshot({ path: `${SHOTS}billing-paid-failed.png` });
      console.error(await dialog.innerText(), api.logs.slice(-20).join(''));
      throw err;
    });
    const paidAt = Date.now();
    await dialog.getByText('Pagamento confirmado!', { exact: false }).waitFor();
    await until(async () => (await rowOf(page, ids.open).locator('.atd-Invoices-status').innerText()) === 'Pago', 'the row to turn Pago');
    await page.screenshot({ path: `${SHOTS}billing-paid-light.png` });

    const me = await apiOk(api.url, await tokenOf(page), 'GET', '/auth/me');
    assert.ok(me.company.dueDate > dueBefore, `the due date moved on from ${dueBefore} (now ${me.company.dueDate})`);
    assert.ok((await toast.innerText()).includes(ptDate(me.company.dueDate)));

    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    const waited = Date.now() - paidAt;
    assert.ok(waited >= 3000 && waited < 9000, `home after about 4 s (took ${waited} ms)`);
    await page
      .getByText(`Ativo até ${ptDate(me.company.dueDate)}`, { exact: false })
      .first()
      .waitFor();
  });

  it('the subscription page: the due date, the billing e-mail, and Assine Agora! opening the open invoice', async () => {
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Assinatura', level: 1 }).waitFor();
    const me = await apiOk(api.url, await tokenOf(page), 'GET', '/auth/me');
    const period = page.getByRole('textbox', { name: me.company.trialExpiration ? 'Período de teste' : 'Vencimento' });
    assert.match(
      await period.inputValue(),
      me.company.trialExpiration ? /^Seu período de teste termina em \d+ dias?!$/ : /^Sua assinatura vence em \d{2}\/\d{2}\/\d{4}$/,
    );
    assert.equal(await page.getByRole('textbox', { name: 'Email de cobrança' }).inputValue(), 'admin@demo.atende.local');
    await page.screenshot({ path: `${SHOTS}billing-subscription-light.png` });
    await page.getByRole('button', { name: 'Assine Agora!' }).click();
    await page.getByRole('dialog', { name: `Pagar a fatura ${ids.overdue}` }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('dark: the invoices, each checkout step, the Pix view, the subscription page (with a trial)', async () => {
    await sql.query(`update companies set trial_expiration = now() + interval '6 days 2 hours' where name = 'Empresa Demo'`);
    page = await signInPage(browser, api.url, ADMIN, { viewport: VIEWPORT, theme: 'dark' });
    await openInvoices(page);
    await page.screenshot({ path: `${SHOTS}billing-invoices-dark.png` });
    const dialog = await throughSteps(page, ids.overdue, 'dark');
    await dialog.getByRole('button', { name: 'Gerar Pix' }).click();
    await dialog.getByRole('note', { name: 'Ambiente de teste' }).waitFor();
    await page.screenshot({ path: `${SHOTS}billing-pix-dark.png` });
    await page.keyboard.press('Escape');
    await page.goto('/subscription');
    const period = page.getByRole('textbox', { name: 'Período de teste' });
    await period.waitFor();
    assert.equal(await period.inputValue(), 'Seu período de teste termina em 7 dias!');
    await page.screenshot({ path: `${SHOTS}billing-subscription-dark.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await openInvoices(page);
    await page.screenshot({ path: `${SHOTS}billing-invoices-dark-narrow.png` });
    await page.context().close();
  });

  it('an expired company: every page says so and points to Financeiro; paying there lifts it without signing in again', async () => {
    // The demo company's due date 3 days ago, its open invoice for that date (the overdue one is still open).
    const due = isoDay(new Date(Date.now() - 3 * 86_400_000));
    await sql.query(`update companies set due_date = $1, trial_expiration = null where name = 'Empresa Demo'`, [due]);
    page = await signInPage(browser, api.url, ADMIN, { viewport: VIEWPORT, theme: 'light' });
    const held = page.getByText(`A assinatura da empresa venceu em ${ptDate(due)}.`, { exact: false });
    await held.waitFor();
    await page.getByText('Assinatura vencida').first().waitFor();
    const token = await tokenOf(page);
    const refused = await fetch(`${api.url}/tickets`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(refused.status, 402);
    await page.screenshot({ path: `${SHOTS}billing-expired-light.png` });
    // The drawer's other pages are held too.
    await page.goto('/contacts');
    await held.waitFor();
    await page.getByRole('link', { name: 'Ir para Financeiro' }).click();
    await page.waitForURL((url) => url.pathname === '/financeiro');
    const dialog = await throughSteps(page, ids.overdue);
    await dialog.getByRole('button', { name: 'Gerar Pix' }).click();
    await dialog.getByRole('note', { name: 'Ambiente de teste' }).getByRole('button', { name: 'Simular pagamento' }).click();
    await page.locator('.atd-Toast', { hasText: /Sua licença foi renovada até/ }).waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    // Home is the dashboard again: the session took the new due date from the payment, no new sign-in.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 10_000 });
    assert.equal(await held.count(), 0);
    const me = await apiOk(api.url, await tokenOf(page), 'GET', '/auth/me');
    assert.equal(me.company.subscriptionExpired, false);
    assert.ok(me.company.dueDate > due);
    await page.context().close();
  });
});
