// The tasks page (/todolist, issue 14) in Chromium against the real API: a task with a bold and bulleted description
// typed with the editor's toolbar and shortcuts, seen in the list and in the top bar's tasks bell; expanded, edited
// (the button reads Salvar), marked done, kept after a reload (stored on the server), reached from the bell, deleted.
// A hostile description stored through the API runs nothing on the page. Screenshots light and dark, wide and narrow.
// Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const SHOTS = process.env.TASKS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
const HOSTILE =
  '<p>Oi<img src=x onerror="window.__xss=1"></p><script>window.__xss=1</script><a href="jav&#x09;ascript:window.__xss=1">clique</a>' +
  '<svg onload="window.__xss=1"></svg><iframe src="javascript:window.__xss=1"></iframe><p onmouseover="window.__xss=1">passe o mouse</p>';

let db;
let mailbox;
let api;
let browser;
let token;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  // E2E_CONSOLE_DIR: a private copy of console/dist, when other builds may replace dist during the run.
  const env = process.env.E2E_CONSOLE_DIR ? { CONSOLE_DIR: process.env.E2E_CONSOLE_DIR } : {};
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port, env });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const call = (method, path, body) => apiOk(api.url, token, method, path, body);

async function openTasks({ viewport = VIEWPORTS.wide, theme = 'light' } = {}) {
  const page = await signInPage(browser, api.url, ADMIN, { viewport, theme });
  token = await tokenOf(page);
  await page.goto('/todolist');
  await page.getByRole('heading', { level: 1, name: 'Tarefas' }).waitFor();
  return page;
}

const item = (page, text) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: text, exact: true }) });

describe('tasks in Chromium', { concurrency: false }, () => {
  it('adds a formatted task, shows it in the bell, expands, edits, completes, survives a reload and is deleted', async () => {
    const page = await openTasks();
    await page.getByText('Nenhuma tarefa pendente.').waitFor();

    // Blank text is ignored.
    await page.getByRole('textbox', { name: 'Nova tarefa' }).fill('   ');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.waitForTimeout(300);
    assert.deepEqual(await call('GET', '/tasks'), []);

    // The description: Tab from the text field reaches the toolbar, arrows move in it; Ctrl+B and the list button format.
    await page.getByRole('textbox', { name: 'Nova tarefa' }).fill('Ligar para a Ana');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Negrito (Ctrl+B)');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Itálico (Ctrl+I)');
    const editor = page.getByRole('textbox', { name: 'Descrição' });
    await editor.click();
    await page.keyboard.type('Assunto: ');
    // ProseMirror reads typed text from the DOM a moment later; a space at the paragraph's end, read after Ctrl+B
    // (seen under load in CI), lands inside the bold. The shortcut waits for the editor's document to hold the space.
    await editor.evaluate(
      (el) =>
        new Promise((resolve) => {
          const check = () => (el.pmViewDesc?.node?.textContent === 'Assunto: ' ? resolve(true) : setTimeout(check, 20));
          check();
        }),
    );
    await page.keyboard.press('Control+b');
    await page.keyboard.type('orçamento');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Lista com marcadores (Ctrl+Shift+8)' }).click();
    await page.keyboard.type('revisar valores');
    await page.keyboard.press('Enter');
    await page.keyboard.type('anexar contrato');
    assert.equal(await page.getByRole('button', { name: 'Lista com marcadores (Ctrl+Shift+8)' }).getAttribute('aria-pressed'), 'true');
    await page.screenshot({ path: `${SHOTS}tasks-editor-light-wide.png` });
    await page.getByRole('button', { name: 'Adicionar' }).click();

    await item(page, 'Ligar para a Ana').waitFor();
    // The socket's event can draw the task before the POST answers and the form is cleared (seen under load in CI).
    const newTask = page.getByRole('textbox', { name: 'Nova tarefa' });
    await until(async () => (await newTask.inputValue()) === '' && (await editor.textContent()).trim() === '', 'the form cleared after adding');
    const [stored] = await call('GET', '/tasks');
    assert.equal(stored.text, 'Ligar para a Ana');
    assert.equal(stored.description, '<p>Assunto: <strong>orçamento</strong></p><ul><li><p>revisar valores</p></li><li><p>anexar contrato</p></li></ul>');
    await page.getByRole('button', { name: 'Tarefas pendentes (1)' }).waitFor();

    // Expand: the description as formatted text, and the dates.
    await page.getByRole('button', { name: 'Ligar para a Ana', exact: true }).click();
    const card = item(page, 'Ligar para a Ana').locator('.atd-TodoList-card');
    await card.locator('strong', { hasText: 'orçamento' }).waitFor();
    assert.equal(await card.locator('li').count(), 2);
    await card.getByText(/Criada em \d{2}\/\d{2}\/\d{4}/).waitFor();

    // Edit: the form takes the task and the button reads Salvar.
    await item(page, 'Ligar para a Ana').getByRole('button', { name: 'Editar Ligar para a Ana' }).click();
    const text = page.getByRole('textbox', { name: 'Tarefa', exact: true });
    assert.equal(await text.inputValue(), 'Ligar para a Ana');
    assert.match(await editor.innerHTML(), /<strong>orçamento<\/strong>/);
    await text.fill('Ligar para a Ana amanhã');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await item(page, 'Ligar para a Ana amanhã').waitFor();
    await page.getByRole('button', { name: 'Adicionar' }).waitFor();
    assert.equal((await call('GET', '/tasks'))[0].description, stored.description);

    // Done: styled apart, and the bell has nothing pending.
    const check = page.getByRole('checkbox', { name: 'Marcar Ligar para a Ana amanhã como concluída' });
    // react-aria's checkbox: the input is visually hidden inside its label; a person clicks the box.
    await item(page, 'Ligar para a Ana amanhã').locator('.atd-TodoList-check').click();
    await page.locator('.atd-TodoList-item[data-completed]').waitFor();
    assert.equal(await check.isChecked(), true);
    await page.getByRole('button', { name: 'Tarefas pendentes', exact: true }).waitFor();

    // Stored on the server: a reload (a fresh page) shows it as it was.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Tarefas' }).waitFor();
    await page.locator('.atd-TodoList-item[data-completed]', { hasText: 'Ligar para a Ana amanhã' }).waitFor();
    await page.getByRole('button', { name: 'Tarefas pendentes', exact: true }).click();
    await page.getByRole('dialog', { name: 'Tarefas pendentes' }).getByText('Nenhuma tarefa pendente.').waitFor();
    await page.keyboard.press('Escape');

    // Delete after confirming.
    await page.getByRole('button', { name: 'Excluir Ligar para a Ana amanhã' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Nenhuma tarefa pendente.').waitFor();
    assert.deepEqual(await call('GET', '/tasks'), []);
    await page.context().close();
  });

  it('a hostile description runs nothing; a pending task in the bell leads to /todolist; screenshots', async () => {
    const page = await openTasks({ theme: 'light' });
    await call('POST', '/tasks', { text: 'Revisar o contrato da Loja Central', description: HOSTILE });
    await call('POST', '/tasks', {
      text: 'Enviar proposta',
      description:
        '<h2>Proposta</h2><p>Com <strong>10% de desconto</strong> e <em>prazo de 30 dias</em>.</p><ol><li><p>Revisar</p></li><li><p>Enviar</p></li></ol><blockquote><p>Cliente pediu urgência</p></blockquote><p><a href="https://atende.test">modelo</a></p>',
    });
    const done = await call('POST', '/tasks', { text: 'Responder os chamados atrasados de sexta-feira' });
    await call('PUT', `/tasks/${done.id}`, { completed: true });

    // Live: what another tab (here the API) does reaches this page and its bell over the socket.
    await item(page, 'Enviar proposta').waitFor();
    await page.locator('.atd-TodoList-item[data-completed]', { hasText: 'Responder os chamados' }).waitFor();
    await page.getByRole('button', { name: 'Tarefas pendentes (2)' }).waitFor();

    // From another page: the bell lists the pending ones and leads to /todolist.
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'Tarefas pendentes (2)' }).click();
    await page.getByRole('dialog', { name: 'Tarefas pendentes' }).getByRole('button', { name: 'Enviar proposta' }).click();
    await page.waitForURL('**/todolist');

    await page.getByRole('button', { name: 'Revisar o contrato da Loja Central', exact: true }).click();
    await page.getByRole('button', { name: 'Enviar proposta', exact: true }).click();
    const hostileCard = item(page, 'Revisar o contrato da Loja Central').locator('.atd-TodoList-card');
    await hostileCard.getByText('passe o mouse').hover();
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    assert.equal(await page.locator('[onerror], [onload], [onmouseover]').count(), 0);
    assert.equal(await hostileCard.locator('script, img, svg, iframe').count(), 0);
    assert.equal(await hostileCard.locator('a').count(), 0);
    assert.equal(await item(page, 'Enviar proposta').locator('a[href="https://atende.test"][rel~="noopener"]').count(), 1);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}tasks-list-light-wide.png` });
    await page.context().close();

    for (const [theme, viewport, name] of [
      ['dark', VIEWPORTS.wide, 'dark-wide'],
      ['dark', VIEWPORTS.narrow, 'dark-narrow'],
      ['light', VIEWPORTS.narrow, 'light-narrow'],
    ]) {
      const shot = await openTasks({ theme, viewport });
      await shot.getByRole('button', { name: 'Enviar proposta', exact: true }).click();
      await shot.locator('.atd-TodoList-card').first().waitFor();
      await shot.waitForTimeout(300);
      await shot.screenshot({ path: `${SHOTS}tasks-list-${name}.png`, fullPage: viewport === VIEWPORTS.narrow });
      const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `the page is ${overflow}px wider than the viewport (${name})`);
      await shot.context().close();
    }
  });
});
