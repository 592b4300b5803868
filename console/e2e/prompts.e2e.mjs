// The AI prompts page in Chromium against the real API (issue 13): create a prompt (the spec's validations first),
// edit it keeping its stored key, delete it after the confirmation titled with its name; without the plan's
// useOpenAi the route says the plan does not include it. Screenshots light and dark, wide and narrow.
// Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox } from './harness.mjs';

const SHOTS = process.env.PROMPTS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
const TEXT = 'Você é a assistente virtual da Empresa Demo. Responda com educação, em português, em até duas frases.';

let db;
let mailbox;
let api;
let browser;
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

async function sql(text, params = []) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function openPrompts({ viewport = VIEWPORTS.wide, theme = 'light' } = {}) {
  const page = await signInPage(browser, api.url, ADMIN, { viewport, theme });
  token = JSON.parse(await page.evaluate(() => localStorage.getItem('token')));
  await page.goto('/prompts');
  return page;
}

const row = (page, name) => page.getByRole('row', { name: new RegExp(`^${name}`) });

describe('AI prompts in Chromium', { concurrency: false }, () => {
  it('creates a prompt after the validations, edits it keeping the key, and deletes it', async () => {
    const page = await openPrompts();
    await page.getByRole('heading', { level: 1, name: /^Prompts/ }).waitFor();
    await page.getByText('Nenhum prompt').waitFor();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar prompt' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Bot');
    await dialog.getByRole('textbox', { name: /^Prompt/ }).fill('Curto demais.');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    assert.equal(await dialog.getByText('Muito curto!').count(), 2);
    await dialog.getByText('Informe o setor').waitFor();

    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Assistente da Demo');
    await dialog.getByLabel(/^Chave da API/).fill('sk-e2e-secret');
    await dialog.getByRole('button', { name: 'Mostrar senha' }).first().click();
    assert.equal(await dialog.getByLabel(/^Chave da API/).getAttribute('type'), 'text');
    await dialog.getByRole('textbox', { name: /^Prompt/ }).fill(TEXT);
    await dialog.getByRole('button', { name: /Setor/ }).click();
    await page.getByRole('option', { name: 'Suporte', exact: true }).click();
    await dialog.getByText('Avançado').click();
    await dialog.getByRole('textbox', { name: /^Modelo/ }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}prompts-add-light-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Prompt salvo com sucesso!').waitFor();
    await row(page, 'Assistente da Demo').getByText('Suporte').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Prompts (1)' }).waitFor();

    const { prompts } = await call('GET', '/prompt');
    assert.equal(prompts.length, 1);
    assert.equal(prompts[0].hasApiKey, true);
    assert.equal(JSON.stringify(prompts).includes('sk-e2e-secret'), false);
    const [stored] = await sql('select api_key from prompts where id = $1', [prompts[0].id]);
    assert.match(stored.api_key, /^v1:/);

    // Edit: the stored key is said, not shown; left blank it stays.
    await row(page, 'Assistente da Demo').getByRole('button', { name: 'Editar Assistente da Demo' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar prompt' });
    assert.equal(await edit.getByLabel(/^Chave da API/).getAttribute('placeholder'), 'Uma chave está salva; deixe em branco para mantê-la');
    await edit.getByRole('textbox', { name: /^Máximo de tokens/ }).fill('250');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await row(page, 'Assistente da Demo').getByText('250').waitFor();
    const [after] = await sql('select api_key, max_tokens from prompts where id = $1', [prompts[0].id]);
    assert.equal(after.api_key, stored.api_key);
    assert.equal(after.max_tokens, 250);
    await page.screenshot({ path: `${SHOTS}prompts-list-light-wide.png` });

    // Delete after the confirmation titled with the name.
    await row(page, 'Assistente da Demo').getByRole('button', { name: 'Excluir Assistente da Demo' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir Assistente da Demo?' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Prompt excluído com sucesso!').waitFor();
    await page.getByText('Nenhum prompt').waitFor();
    assert.deepEqual((await call('GET', '/prompt')).prompts, []);
    await page.context().close();
  });

  it('dark and narrow: the list as cards and the dialog fit a phone', async () => {
    await call('POST', '/prompt', { name: 'Assistente de vendas', prompt: TEXT, apiKey: 'sk-x', queueId: (await call('GET', '/queue'))[0].id });
    const page = await openPrompts({ viewport: VIEWPORTS.narrow, theme: 'dark' });
    await row(page, 'Assistente de vendas').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}prompts-list-dark-narrow.png` });
    await row(page, 'Assistente de vendas').getByRole('button', { name: 'Editar Assistente de vendas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar prompt' });
    await dialog.getByText('Avançado').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}prompts-edit-dark-narrow.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
    await page.context().close();
  });

  it("without the plan's useOpenAi the route says the plan does not include it", async () => {
    await sql(`update plans set use_open_ai = false where id = (select plan_id from companies where name = 'Empresa Demo')`);
    const page = await openPrompts();
    await page.getByText('Não incluído no plano').waitFor();
    await page.getByText(/O plano da empresa não inclui Open\.Ai/).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Adicionar' }).count(), 0);
    await page.context().close();
  });
});
