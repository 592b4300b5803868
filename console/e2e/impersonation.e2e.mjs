// Impersonation and the audit log in Chromium against the real API (issue 30, finding 2 and mission row 42): the super
// user acts as the demo company's admin from Configurações → Empresas; every page shows the banner naming whose
// session this is and who acts; /audit (the admin's view) shows the start; 'Voltar para minha conta' restores the
// super user's own session without a login, and their /audit shows start and end. Screenshots light and dark.
// Run by `node --test e2e/impersonation.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf } from './harness.mjs';

const SHOTS = fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const SUPER = 'super@atende.local';
const ADMIN = 'admin@demo.atende.local';

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

const shot = async (page, name) => {
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => localStorage.setItem('preferredTheme', t), theme);
    await page.screenshot({ path: `${SHOTS}${name}-${theme}-pt-wide.png` });
  }
};

describe('impersonation and the audit log in Chromium', { concurrency: false }, () => {
  it('shows the banner on every page, records start and end, and goes back to the super user', async () => {
    const page = await signInPage(browser, api.url, SUPER);
    const superToken = await tokenOf(page);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Empresas' }).click();
    await page.getByRole('button', { name: 'Acessar como Empresa Demo' }).click();
    await page.getByRole('alertdialog', { name: 'Acessar como Empresa Demo?' }).getByRole('button', { name: 'Escolher usuário' }).click();
    await page.getByRole('dialog', { name: 'Acessar como: Empresa Demo' }).getByRole('button', { name: 'Entrar como Admin Demo' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const banner = page.getByRole('region', { name: 'Acesso como outro usuário' });
    await banner.getByText(/^Você está acessando como Admin Demo \(Empresa Demo\) — /).waitFor();
    assert.equal((await apiOk(api.url, await tokenOf(page), 'GET', '/auth/me')).email, ADMIN);

    // Another page: the banner is still there; the admin's audit log shows the start.
    await page.getByRole('link', { name: 'Auditoria' }).click();
    await page.waitForURL(/\/audit$/);
    await banner.waitFor();
    const table = page.getByRole('grid', { name: 'Registros de auditoria' });
    await table.getByText('impersonation.start').waitFor();
    await shot(page, 'impersonation-audit-admin');

    // The way back, by keyboard.
    await banner.getByRole('button', { name: 'Voltar para minha conta' }).focus();
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/');
    const back = await tokenOf(page);
    assert.notEqual(back, superToken);
    const me = await apiOk(api.url, back, 'GET', '/auth/me');
    assert.equal(me.email, SUPER);
    assert.equal(me.impersonatorId ?? null, null);

    await page.goto('/audit');
    await table.getByText('impersonation.end').waitFor();
    await table.getByText('impersonation.start').waitFor();
    await shot(page, 'impersonation-audit-super');
    const rows = await apiOk(api.url, back, 'GET', '/audit-logs?action=impersonation.');
    assert.deepEqual(
      rows.records.map((r) => r.action),
      ['impersonation.end', 'impersonation.start'],
    );
  });
});
