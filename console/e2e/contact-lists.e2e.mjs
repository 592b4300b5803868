// The contact lists pages in Chromium against the real API (issue 12): an admin creates a list, opens its contacts,
// imports a 10,000-row xlsx through the file input and watches the progress bar (driven by the import's realtime
// events) reach the end with every row listed; a file with bad rows shows them by spreadsheet line; a contact is added
// by hand. Screenshots light and dark, wide and narrow. Run by `node --test e2e/contact-lists.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf } from './harness.mjs';

const SHOTS = process.env.CONTACT_LISTS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 860 }, narrow: { width: 390, height: 844 } };
const LIST = 'Clientes Black Friday';

let db;
let mailbox;
let api;
let browser;
let session;
let listId;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  // CONSOLE_DIR: a console built elsewhere (console/dist by default).
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port, env: process.env.CONSOLE_DIR ? { CONSOLE_DIR: process.env.CONSOLE_DIR } : {} });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body) => apiOk(api.url, session, method, path, body);

/** An xlsx as a user saves it: a header line, then the rows. */
async function xlsx(header, rows) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function open(path, { viewport = VIEWPORTS.wide, theme = 'light' } = {}) {
  const page = await signInPage(browser, api.url, ADMIN, { viewport, theme });
  session = await tokenOf(page);
  await page.goto(path);
  return page;
}

/** Records every value the import's progress bar shows (it may run faster than any poll). */
const watchProgress = (page) =>
  page.evaluate(() => {
    window.__progress = [];
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role=progressbar]')) {
        const now = bar.getAttribute('aria-valuenow');
        const text = bar.getAttribute('aria-valuetext');
        const last = window.__progress.at(-1);
        if (!last || last.now !== now || last.text !== text) window.__progress.push({ now, max: bar.getAttribute('aria-valuemax'), text });
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow', 'aria-valuetext'] });
  });

const upload = (page, name, buffer) =>
  page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });

describe('contact lists in Chromium', { concurrency: false }, () => {
  let page;

  it('creates a list (the name is checked) and opens its contacts from the name', async () => {
    page = await open('/contact-lists');
    await page.getByRole('heading', { level: 1, name: /^Listas de Contatos/ }).waitFor();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova lista de contatos' });
    await dialog.getByRole('textbox', { name: /Nome/ }).fill('A');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByRole('textbox', { name: /Nome/ }).fill(LIST);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(LIST) });
    await row.getByText('Nenhum contato').waitFor();
    listId = (await call('GET', '/contact-lists/list')).find((l) => l.name === LIST).id;
    await row.getByRole('link', { name: LIST }).click();
    await page.waitForURL(new RegExp(`/contact-lists/${listId}/contacts$`));
    await page.getByRole('heading', { level: 1, name: `${LIST} (0)` }).waitFor();
  });

  it('imports 10,000 rows: the progress bar reaches the end and the rows are listed', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `Contato ${String(i + 1).padStart(5, '0')}`,
      String(5511900000000 + i),
      i % 3 ? '' : `c${i}@exemplo.com`,
    ]);
    const file = await xlsx(['Nome', 'Numero', 'Email'], rows);
    await watchProgress(page);
    const started = Date.now();
    await upload(page, 'contatos-10000.xlsx', file);
    await page.getByText('10.000 adicionados, 0 atualizados, 0 linhas inválidas.').waitFor({ timeout: 60_000 });
    const elapsed = Date.now() - started;
    const done = page.getByRole('progressbar', { name: 'Importação concluída' });
    assert.equal(await done.getAttribute('aria-valuetext'), '10.000 de 10.000 linhas');
    const seen = await page.evaluate(() => window.__progress);
    const running = seen.filter((s) => s.max === '10000');
    assert.ok(running.length > 0, `the running bar showed the total: ${JSON.stringify(seen)}`);
    assert.ok(
      running.every((s, i) => i === 0 || Number(s.now) >= Number(running[i - 1].now)),
      `the bar only moved forward: ${JSON.stringify(running)}`,
    );
    console.log(
      `10,000-row import in the browser: ${elapsed} ms from picking the file to the summary; bar values seen: ${running.map((s) => s.now).join(', ')}`,
    );
    await page.getByRole('heading', { level: 1, name: `${LIST} (10.000)` }).waitFor();
    await page.getByRole('row', { name: /Contato 00001/ }).waitFor();
    assert.equal((await call('GET', `/contact-list-items?contactListId=${listId}`)).count, 10_000);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}contact-list-items-imported-light-wide.png` });
  });

  it('a file with bad rows shows them by spreadsheet line', async () => {
    const file = await xlsx(
      ['nome', 'Telefone', 'E-mail'],
      [
        ['Ana Boa', '5511988880001', 'ana@exemplo.com'],
        ['Bia', '123', ''],
        ['Caio', '5511988880003', 'caio@'],
        ['', '5511988880004', ''],
      ],
    );
    await upload(page, 'contatos-ruins.xlsx', file);
    await page.getByText('1 adicionados, 0 atualizados, 3 linhas inválidas.').waitFor({ timeout: 30_000 });
    const lines = await page.locator('.atd-ContactListImport-errors li').allTextContents();
    assert.deepEqual(lines, ['Linha 3Número: Muito curto!', 'Linha 4E-mail: E-mail inválido', 'Linha 5Nome: Obrigatório']);
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('ana boa');
    await page.getByRole('row', { name: /Ana Boa/ }).waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}contact-list-items-bad-rows-light-wide.png` });
  });

  it('adds a contact by hand; a number already in the list is refused on its field', async () => {
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    assert.equal(await dialog.getByRole('textbox', { name: /Número/ }).getAttribute('placeholder'), '5511999999999');
    await dialog.getByRole('textbox', { name: /Nome/ }).fill('Zeca Manual');
    await dialog.getByRole('textbox', { name: /Número/ }).fill('+55 (11) 98888-0001');
    await dialog.getByRole('textbox', { name: /E-mail/ }).fill('zeca@');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('E-mail inválido').waitFor();
    await dialog.getByRole('textbox', { name: /E-mail/ }).fill('zeca@exemplo.com');
    await page.screenshot({ path: `${SHOTS}contact-list-item-modal-light-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('This number is already in the list').waitFor();
    await dialog.getByRole('textbox', { name: /Número/ }).fill('5511977770001');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('zeca');
    await page.getByRole('row', { name: /Zeca Manual/ }).waitFor();
  });

  it('goes back to the lists, which show the count', async () => {
    await page.getByRole('link', { name: 'Voltar para as listas de contatos' }).click();
    await page.waitForURL(/\/contact-lists$/);
    await page
      .getByRole('row', { name: new RegExp(LIST) })
      .getByText('10.002 contatos')
      .waitFor();
    // The example spreadsheet is a real xlsx with the header the import reads.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar planilha de exemplo' }).first().click()]);
    assert.equal(download.suggestedFilename(), 'contatos-exemplo.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    assert.deepEqual(book.worksheets[0].getRow(1).values.slice(1), ['Nome', 'Numero', 'Email']);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}contact-lists-light-wide.png` });
    await page.context().close();
  });

  for (const [theme, size] of [
    ['dark', 'wide'],
    ['light', 'narrow'],
    ['dark', 'narrow'],
  ]) {
    it(`looks right ${theme} ${size}`, async () => {
      const p = await open('/contact-lists', { theme, viewport: VIEWPORTS[size] });
      await p.getByRole('row', { name: new RegExp(LIST) }).waitFor();
      await p.waitForTimeout(300);
      await p.screenshot({ path: `${SHOTS}contact-lists-${theme}-${size}.png` });
      await p.goto(`/contact-lists/${listId}/contacts`);
      await p.getByRole('row', { name: /Contato 00001/ }).waitFor();
      await upload(
        p,
        'contatos-ruins.xlsx',
        await xlsx(
          ['Nome', 'Numero'],
          [
            ['Eva Nova', '5511966660001'],
            ['X', '1'],
          ],
        ),
      );
      await p.getByText(/adicionados, \d+ atualizados, 1 linhas inválidas\./).waitFor({ timeout: 30_000 });
      await p.waitForTimeout(400);
      await p.screenshot({ path: `${SHOTS}contact-list-items-${theme}-${size}.png` });
      await p.context().close();
    });
  }
});
