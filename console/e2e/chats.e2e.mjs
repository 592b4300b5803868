// The internal chat in Chromium against the real API (issue 14): two attendants of the demo company in two browser
// contexts. Ana creates a chat with Bruno (the dialog's spec messages first) and writes; Bruno sees the chats bell's
// count and the drawer's dot live, opens the chat from the bell, reads it and answers; Ana sees the answer live. Edit
// and delete show only to Ana (the owner); her delete sends Bruno back to /chats. Narrow screens use the tabs 'Chats'
// and 'Mensagens'. Screenshots light and dark, wide and narrow. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createDatabase, launchBrowser, signInPage, startApi, startMailbox } from './harness.mjs';

const SHOTS = process.env.CHATS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ANA = 'ana@demo.atende.local';
const BRUNO = 'bruno@demo.atende.local';
const WIDE = { width: 1366, height: 800 };
const NARROW = { width: 390, height: 780 };

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

const log = (page) => page.getByRole('log', { name: /^Mensagens de/ });

describe('internal chat in Chromium', { concurrency: false }, () => {
  it('two users chat live: unread bell and dot, read on opening, owner-only edit and delete, narrow tabs', async () => {
    const ana = await signInPage(browser, api.url, ANA, { viewport: WIDE, theme: 'light' });
    const bruno = await signInPage(browser, api.url, BRUNO, { viewport: WIDE, theme: 'dark' });
    await ana.goto('/chats');
    await ana.getByRole('heading', { level: 1, name: 'Chat Interno' }).waitFor();
    await ana.getByText('Nenhuma conversa', { exact: true }).waitFor();

    // The dialog's spec messages, then a chat with Bruno.
    await ana.getByRole('button', { name: 'Nova conversa' }).click();
    const dialog = ana.getByRole('dialog', { name: 'Nova conversa' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Por favor, preencha o título da conversa.').waitFor();
    await dialog.getByText('Por favor, selecione pelo menos um usuário.').waitFor();
    await ana.screenshot({ path: `${SHOTS}chats-dialog-light.png` });
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Plantão de sábado');
    await dialog.getByText('Bruno Atendente', { exact: true }).click();
    assert.ok(await dialog.getByRole('checkbox', { name: 'Bruno Atendente' }).isChecked());
    assert.equal(await dialog.getByRole('checkbox', { name: 'Ana Atendente' }).count(), 0);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await ana.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    const chatPath = new URL(ana.url()).pathname;
    await log(ana).waitFor();

    // Ana writes (Enter sends; blank is not sent).
    const anaInput = ana.getByRole('textbox', { name: 'Mensagem' });
    await anaInput.fill('   ');
    await anaInput.press('Enter');
    await anaInput.fill('Olá Bruno, você cobre o plantão?');
    await anaInput.press('Enter');
    await log(ana).getByText('Olá Bruno, você cobre o plantão?').waitFor();
    // The composer clears once the message is sent.
    await ana.waitForFunction(() => document.querySelector('textarea[aria-label="Mensagem"]')?.value === '');
    // Owner: edit and delete shown.
    await ana.getByRole('button', { name: 'Editar conversa' }).waitFor();
    await ana.getByRole('button', { name: 'Excluir conversa' }).waitFor();

    // Bruno, on /tickets: the chats bell counts the chat and the drawer's item gets its dot, live.
    const bell = bruno.getByRole('button', { name: 'Chat interno (1)' });
    await bell.waitFor();
    await bruno.locator('a[href="/chats"] [data-badge="dot"]').waitFor({ state: 'attached' });
    await bell.click();
    const popover = bruno.getByRole('dialog', { name: 'Chat interno' });
    await popover.getByRole('button', { name: /Plantão de sábado/ }).waitFor();
    await bruno.screenshot({ path: `${SHOTS}chats-bell-dark.png` });
    await popover.getByRole('button', { name: /Plantão de sábado/ }).click();
    await bruno.waitForURL((url) => url.pathname === chatPath);
    await log(bruno).getByText('Olá Bruno, você cobre o plantão?').waitFor();
    // Opened: read, so no count and no dot.
    await bruno.getByRole('button', { name: 'Chat interno', exact: true }).waitFor();
    await bruno.locator('a[href="/chats"] [data-badge="dot"]').waitFor({ state: 'detached' });
    assert.equal(await bruno.getByRole('button', { name: 'Editar conversa' }).count(), 0);
    assert.equal(await bruno.getByRole('button', { name: 'Excluir conversa' }).count(), 0);
    assert.ok(await log(bruno).getByText('Ana Atendente').first().isVisible(), "the other's messages carry the sender's name");

    // Bruno answers; Ana sees it live, right where she is.
    const brunoInput = bruno.getByRole('textbox', { name: 'Mensagem' });
    await brunoInput.fill('Cubro sim!');
    await brunoInput.press('Shift+Enter');
    await brunoInput.type('Até sábado.');
    await brunoInput.press('Enter');
    await log(ana)
      .getByText(/Cubro sim!\s+Até sábado\./)
      .waitFor();
    await ana.screenshot({ path: `${SHOTS}chats-wide-light.png` });
    await bruno.screenshot({ path: `${SHOTS}chats-wide-dark.png` });

    // Narrow: tabs 'Chats' and 'Mensagens' (a second sign-in would end the first session: the same pages shrink).
    for (const [page, theme] of [
      [ana, 'light'],
      [bruno, 'dark'],
    ]) {
      await page.setViewportSize(NARROW);
      await page.getByRole('tab', { name: 'Mensagens', selected: true }).waitFor();
      await page.getByRole('tab', { name: 'Chats' }).click();
      await page.getByRole('tab', { name: 'Chats', selected: true }).waitFor();
      if (theme === 'light') await page.screenshot({ path: `${SHOTS}chats-narrow-list-${theme}.png` });
      await page
        .getByRole('list', { name: 'Conversas' })
        .getByRole('button', { name: /Plantão de sábado/ })
        .click();
      await page.getByRole('tab', { name: 'Mensagens', selected: true }).waitFor();
      await log(page).getByText('Cubro sim!', { exact: false }).waitFor();
      await page.screenshot({ path: `${SHOTS}chats-narrow-${theme}.png` });
      await page.setViewportSize(WIDE);
      await page.getByRole('list', { name: 'Conversas' }).waitFor();
    }

    // Ana deletes (confirmed): Bruno's open chat empties and he is back on /chats.
    await ana.getByRole('button', { name: 'Excluir conversa' }).click();
    const confirm = ana.getByRole('alertdialog');
    await confirm.getByText('Excluir a conversa Plantão de sábado?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir conversa' }).click();
    await ana.waitForURL((url) => url.pathname === '/chats');
    await bruno.waitForURL((url) => url.pathname === '/chats');
    await bruno.getByText('Nenhuma conversa', { exact: true }).waitFor();
    await ana.context().close();
    await bruno.context().close();
  });
});
