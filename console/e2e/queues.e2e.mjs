// The queues page in Chromium against the real API (issue 11). An admin adds a queue (the greeting is required: the
// demo company has two), sees the colour taken by another queue refused on its field, edits the hours once the
// setting scheduleType is 'queue', builds a chatbot option tree two levels deep (add, edit in place, delete
// renumbering the siblings) and deletes the queue. An attendant sees the list without buttons. Screenshots light and
// dark, pt and en, wide and narrow. Run by `node --test e2e/queues.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, SHOT_LOCALES, SHOT_THEMES, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const SHOTS = process.env.QUEUES_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };

let db;
let mailbox;
let api;
let browser;
let session;

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

const call = (method, path, body) => apiOk(api.url, session, method, path, body);
const queueNamed = async (name) => (await call('GET', '/queue')).find((q) => q.name === name);
const optionsOf = (queueId, parentId = -1) => call('GET', `/queue-options?queueId=${queueId}&parentId=${parentId}`);

describe('the queues page in Chromium', { concurrency: false }, () => {
  let page;
  const row = (name) => page.getByRole('row', { name: new RegExp(name) });

  it('lists the demo queues from the drawer', async () => {
    page = await signInPage(browser, api.url, ADMIN);
    session = await tokenOf(page);
    await page.getByRole('link', { name: 'Filas & Chatbot', exact: true }).click();
    await page.waitForURL(/\/queues$/);
    await page.getByRole('heading', { level: 1, name: 'Filas' }).waitFor();
    await row('Suporte').waitFor();
    await row('Vendas').waitFor();
  });

  it('adds a queue: the greeting is required, a taken colour is refused on its field', async () => {
    const suporte = await queueNamed('Suporte');
    await page.getByRole('button', { name: 'Adicionar fila' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Pós-venda');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Informe a mensagem de saudação: a empresa tem mais de uma fila').waitFor();
    await dialog.getByRole('textbox', { name: /^Mensagem de saudação/ }).fill('Olá! Aqui é o pós-venda.');
    // The colour of Suporte: the API refuses it, on the colour field.
    await dialog.locator('input[type="color"]').fill(suporte.color.toLowerCase());
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Esta cor já está em uso, escolha outra.').waitFor();
    await dialog.locator('input[type="color"]').fill('#e91e63');
    await dialog.getByRole('textbox', { name: /^Ordem da fila/ }).fill('3');
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}queues-modal-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Fila salva com sucesso').first().waitFor();
    await row('Pós-venda').waitFor();
    const saved = await queueNamed('Pós-venda');
    assert.equal(saved.color.toUpperCase(), '#E91E63');
    assert.equal(saved.orderQueue, 3);
    assert.equal(saved.greetingMessage, 'Olá! Aqui é o pós-venda.');
  });

  it("edits the hours once scheduleType is 'queue'", async () => {
    await call('PUT', '/settings/scheduleType', { key: 'scheduleType', value: 'queue' });
    await page.reload();
    await page.getByRole('button', { name: 'Editar Pós-venda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar fila' });
    await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
    await dialog.getByText('Clique em salvar para registar as alterações').waitFor();
    const end = dialog.getByRole('textbox', { name: 'Fim de Sexta-feira' });
    await end.fill('');
    await end.pressSequentially('1700');
    assert.equal(await end.inputValue(), '17:00');
    await page.screenshot({ path: `${SHOTS}queues-hours-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await queueNamed('Pós-venda');
    assert.equal(saved.schedules.find((s) => s.weekdayEn === 'friday').endTime, '17:00');
  });

  it('builds the chatbot option tree: add, a level inside, edit in place, delete renumbering', async () => {
    const queue = await queueNamed('Pós-venda');
    await page.getByRole('button', { name: 'Editar Pós-venda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar fila' });
    const tree = dialog.getByRole('region', { name: 'Opções do chatbot' });
    await tree.getByText('Nenhuma opção.', { exact: false }).waitFor();
    for (const [title, message] of [
      ['Troca', 'Informe o número do pedido.'],
      ['Garantia', 'Envie a nota fiscal.'],
      ['Devolução', 'Você tem 7 dias para devolver.'],
    ]) {
      await tree.getByRole('button', { name: 'Adicionar opção' }).click();
      const form = tree.getByRole('form', { name: 'Adicionar opção' });
      await form.getByRole('textbox', { name: 'Título' }).fill(title);
      await form.getByRole('textbox', { name: /^Mensagem/ }).fill(message);
      await form.getByRole('button', { name: 'Salvar opção' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await until(async () => (await optionsOf(queue.id)).length === 3, 'three root options');
    // Inside 'Garantia' (2): one option, numbered 2.1.
    await tree.getByRole('button', { name: 'Garantia', exact: true }).click();
    await tree.getByRole('button', { name: 'Adicionar opção dentro de Garantia' }).click();
    const child = tree.getByRole('form', { name: 'Adicionar opção' });
    await child.getByRole('textbox', { name: 'Título' }).fill('Estendida');
    await child.getByRole('button', { name: 'Salvar opção' }).click();
    const estendida = tree.locator('.atd-QueueOptions-optionTitle', { hasText: 'Estendida' });
    await estendida.waitFor();
    assert.equal(await estendida.textContent(), '2.1 Estendida');
    // Edit in place.
    await tree.getByRole('button', { name: 'Editar opção Troca' }).click();
    const edit = tree.getByRole('form', { name: 'Editar opção Troca' });
    await edit.getByRole('textbox', { name: 'Título' }).fill('Troca de produto');
    await edit.getByRole('button', { name: 'Salvar opção' }).click();
    await tree.getByText('Troca de produto').waitFor();
    await page.screenshot({ path: `${SHOTS}queues-options-light-pt-wide.png` });
    // Delete 'Troca de produto' (1): the others become 1 and 2, Garantia's child follows as 1.1.
    await tree.getByRole('button', { name: 'Excluir opção Troca de produto' }).click();
    await page.getByRole('alertdialog', { name: 'Excluir a opção Troca de produto?' }).getByRole('button', { name: 'Excluir' }).click();
    await until(async () => (await optionsOf(queue.id)).map((o) => `${o.option} ${o.title}`).join(', ') === '1 Garantia, 2 Devolução', 'the renumbered root');
    await until(async () => (await estendida.textContent()) === '1.1 Estendida', "Garantia's option renumbered 1.1");
    const garantia = (await optionsOf(queue.id)).find((o) => o.title === 'Garantia');
    assert.deepEqual(
      (await optionsOf(queue.id, garantia.id)).map((o) => o.title),
      ['Estendida'],
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('deletes the queue after the confirmation', async () => {
    await page.getByRole('button', { name: 'Excluir Pós-venda' }).click();
    await page.getByRole('alertdialog', { name: 'Excluir a fila Pós-venda?' }).getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Fila excluída com sucesso!').first().waitFor();
    await row('Pós-venda').waitFor({ state: 'detached' });
    assert.equal(await queueNamed('Pós-venda'), undefined);
    await page.context().close();
  });

  it('an attendant has no Queues item and sees no queue buttons', async () => {
    const ana = await signInPage(browser, api.url, 'ana@demo.atende.local');
    await ana.getByRole('link', { name: 'Contatos' }).first().waitFor();
    assert.equal(await ana.getByRole('link', { name: 'Filas & Chatbot', exact: true }).count(), 0);
    await ana.goto('/queues');
    await ana.waitForTimeout(500);
    assert.equal(await ana.getByRole('button', { name: 'Adicionar fila' }).count(), 0);
    assert.equal(await ana.getByRole('button', { name: /^Editar / }).count(), 0);
    await ana.context().close();
  });

  it('screenshots light and dark, pt and en, wide and narrow', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        for (const locale of SHOT_LOCALES) {
          const shot = await signInPage(browser, api.url, ADMIN, { viewport, theme });
          if (locale === 'en') await shot.evaluate(() => localStorage.setItem('language', 'en'));
          await shot.goto('/queues');
          await shot.getByRole('heading', { level: 1, name: locale === 'en' ? 'Queues' : 'Filas' }).waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}queues-${theme}-${locale}-${size}.png` });
          await shot.getByRole('button', { name: locale === 'en' ? 'Edit Suporte' : 'Editar Suporte' }).click();
          await shot.getByRole('dialog').waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}queues-edit-${theme}-${locale}-${size}.png` });
          await shot.context().close();
        }
      }
    }
  });
});
