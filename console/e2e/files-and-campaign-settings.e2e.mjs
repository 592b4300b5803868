// The files page and the campaign settings page in Chromium against the real API (issue 12): create a file list with
// two files (a PNG and a PDF, each to its option) and see it listed; change the sending intervals and the variables,
// save, and find them kept after a reload. Screenshots light and dark, wide and narrow. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, SHOT_THEMES, signInPage, startApi, startMailbox } from './harness.mjs';

/** Where the screenshots go (FILES_SHOTS to look at them elsewhere). */
const SHOTS = process.env.FILES_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let db;
let mailbox;
let api;
let browser;
/** The admin's API token, read from the signed-in page (a second login would end that session). */
let token;

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

const call = (method, path, body) => apiOk(api.url, token, method, path, body);

async function openPage(path, heading, { viewport = VIEWPORTS.wide, theme = 'light' } = {}) {
  const page = await signInPage(browser, api.url, ADMIN, { viewport, theme });
  token = JSON.parse(await page.evaluate(() => localStorage.getItem('token')));
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page;
}

const row = (page, name) => page.getByRole('row', { name: new RegExp(`^${name}`) });

/** Picks `option` in the select named `label`. */
async function choose(page, label, option) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('files and campaign settings in Chromium', { concurrency: false }, () => {
  it('creates a file list with two files, each attached to its option, and lists it', async () => {
    const page = await openPage('/files', /^Listas de arquivos/);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar lista de arquivos' });
    // Name and message are required.
    await dialog.getByRole('button', { name: 'OK' }).click();
    assert.equal(await dialog.getByText('Obrigatório').count(), 2);
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Ca');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('nome muito curto').waitFor();
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Catálogo de verão');
    await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Olá! Segue o catálogo de verão e a tabela de preços.');
    await dialog.getByRole('button', { name: 'Adicionar arquivo' }).click();
    await dialog.getByRole('button', { name: 'Adicionar arquivo' }).click();
    await dialog.getByRole('textbox', { name: 'Descrição do arquivo 1' }).fill('Foto da vitrine');
    await dialog.getByRole('textbox', { name: 'Descrição do arquivo 2' }).fill('Tabela de preços');
    const inputs = dialog.locator('input[type="file"]');
    await inputs.nth(0).setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: PNG });
    await inputs.nth(1).setInputFiles({ name: 'precos.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByText('vitrine.png').waitFor();
    await dialog.getByText('precos.pdf').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}files-add-light-wide.png` });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Lista de arquivos salva com sucesso!').waitFor();

    const listed = row(page, 'Catálogo de verão');
    await listed.getByText('2 arquivos').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Listas de arquivos (1)' }).waitFor();
    const { files } = await call('GET', '/files');
    assert.equal(files.length, 1);
    assert.deepEqual(
      files[0].options.map((o) => [o.name, o.mediaName, o.mediaType]),
      [
        ['Foto da vitrine', 'vitrine.png', 'image'],
        ['Tabela de preços', 'precos.pdf', 'application'],
      ],
    );
    assert.match(files[0].options[0].path, /\.png$/);
    assert.match(files[0].options[1].path, /\.pdf$/);

    // Kept after a reload, and shown in the dialog with its files.
    await page.reload();
    await row(page, 'Catálogo de verão').getByText('2 arquivos').waitFor();
    await row(page, 'Catálogo de verão').getByRole('button', { name: 'Editar Catálogo de verão' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar lista de arquivos' });
    await edit.getByText('vitrine.png').waitFor();
    await edit.getByText('precos.pdf').waitFor();
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await page.context().close();
  });

  it('changes the campaign settings and finds them kept after a reload', async () => {
    const page = await openPage('/campaigns-config', 'Configurações de campanhas');
    const interval = page.getByRole('button', { name: /Intervalo randômico de disparo/ });
    assert.match(await interval.textContent(), /20 segundos/);
    await choose(page, /Intervalo randômico de disparo/, '40 segundos');
    await choose(page, /Intervalo maior após/, 'Não pausar');
    await choose(page, /Intervalo de disparo maior/, '5 minutos (300 segundos)');
    const add = page.getByRole('form', { name: 'Adicionar variável' });
    await add.getByRole('textbox', { name: 'Chave' }).fill('cupom');
    await add.getByRole('textbox', { name: 'Valor' }).fill('VERAO10');
    await add.getByRole('button', { name: 'Adicionar variável' }).click();
    await page.getByRole('rowheader', { name: '{cupom}' }).waitFor();
    // The same key again is not added, and the page says why.
    await add.getByRole('textbox', { name: 'Chave' }).fill('cupom');
    await add.getByRole('textbox', { name: 'Valor' }).fill('OUTRO');
    await add.getByRole('button', { name: 'Adicionar variável' }).click();
    await page.getByText('Já existe uma variável com a chave cupom.').waitFor();
    await add.getByRole('textbox', { name: 'Chave' }).fill('loja');
    await add.getByRole('textbox', { name: 'Valor' }).fill('Loja Centro, Rua das Flores 100');
    await add.getByRole('button', { name: 'Adicionar variável' }).click();
    await page.getByRole('rowheader', { name: '{loja}' }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Configurações de campanhas' }).waitFor();
    await page.getByRole('rowheader', { name: '{loja}' }).waitFor();
    assert.match(await page.getByRole('button', { name: /Intervalo randômico de disparo/ }).textContent(), /40 segundos/);
    assert.match(await page.getByRole('button', { name: /Intervalo maior após/ }).textContent(), /Não pausar/);
    assert.match(await page.getByRole('button', { name: /Intervalo de disparo maior/ }).textContent(), /300 segundos/);
    assert.deepEqual(await call('GET', '/campaign-settings'), {
      messageInterval: 40,
      longerIntervalAfter: 0,
      greaterInterval: 300,
      variables: [
        { key: 'cupom', value: 'VERAO10' },
        { key: 'loja', value: 'Loja Centro, Rua das Flores 100' },
      ],
    });
    await page.context().close();
  });

  it('screenshots light and dark, wide and narrow', async () => {
    await call('POST', '/files', {
      name: 'Promoção de Natal',
      message: 'Aproveite: 20% de desconto em toda a loja até 25/12! Mostre esta mensagem no caixa e ganhe também um brinde.',
      options: [],
    });
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        const files = await openPage('/files', /^Listas de arquivos/, { viewport, theme });
        await row(files, 'Catálogo de verão').getByText('2 arquivos').waitFor();
        await files.screenshot({ path: `${SHOTS}files-${theme}-${size}.png` });
        await row(files, 'Catálogo de verão').getByRole('button', { name: 'Editar Catálogo de verão' }).click();
        await files.getByRole('dialog', { name: 'Editar lista de arquivos' }).getByText('vitrine.png').waitFor();
        await files.waitForTimeout(500); // the opening animation
        await files.screenshot({ path: `${SHOTS}files-modal-${theme}-${size}.png` });
        await files.context().close();

        const settings = await openPage('/campaigns-config', 'Configurações de campanhas', { viewport, theme });
        await settings.getByRole('rowheader', { name: '{loja}' }).waitFor();
        await settings.screenshot({ path: `${SHOTS}campaign-settings-${theme}-${size}.png`, fullPage: true });
        await settings.context().close();
      }
    }
  });
});
