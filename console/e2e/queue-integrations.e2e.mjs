// The queue integrations page and the typebot page in Chromium against the real API (issue 13): create one
// integration of each type (DialogFlow, N8N, WebHooks with its one-time secret, Typebot), edit one, delete one with the
// confirmation titled with its name, and open /typebot (the first typebot's front-end URL full screen; closing goes to
// /tickets). Screenshots light and dark, wide and narrow. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, SHOT_THEMES, signInPage, startApi, startMailbox } from './harness.mjs';

/** Where the screenshots go (QI_SHOTS to look at them elsewhere). */
const SHOTS = process.env.QI_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
/** A well-formed service-account key (never used against Google here). */
const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'atende-e2e',
  client_email: 'bot@atende-e2e.iam.gserviceaccount.com',
  private_key: generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  token_uri: 'http://127.0.0.1:9/token',
});

let db;
let mailbox;
let api;
let browser;
/** A local page standing in for a typebot's front end. */
let bot;
let botUrl;
let token;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  bot = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Bot</title><h1>Olá, sou o Typebot de teste</h1>'),
  );
  await new Promise((resolve) => bot.listen(0, '127.0.0.1', resolve));
  botUrl = `http://127.0.0.1:${bot.address().port}/vendas`;
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
  await new Promise((resolve) => (bot ? bot.close(resolve) : resolve()));
});

const call = (method, path, body) => apiOk(api.url, token, method, path, body);

async function openPage(path, heading, { viewport = VIEWPORTS.wide, theme = 'light' } = {}) {
  const page = await signInPage(browser, api.url, ADMIN, { viewport, theme });
  token = JSON.parse(await page.evaluate(() => localStorage.getItem('token')));
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page;
}

const row = (page, name) => page.getByRole('row', { name: new RegExp(name) });

/** Picks `option` in the select named by `label` (its accessible name ends with the label). */
async function choose(dialog, page, label, option) {
  await dialog.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('queue integrations in Chromium', { concurrency: false }, () => {
  it('creates each type, edits one and deletes one', async () => {
    const page = await openPage('/queue-integration', /^Integrações/);
    const add = async (type) => {
      await page.getByRole('button', { name: 'Adicionar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adicionar integração' });
      await choose(dialog, page, 'Tipo', type);
      return dialog;
    };

    // Typebot: name, URL and slug are required.
    let dialog = await add('Typebot');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    assert.equal(await dialog.getByText('Obrigatório').count(), 3);
    await dialog.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('B');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('Typebot de vendas');
    await dialog.getByRole('textbox', { name: /^URL \*?$|^URL$/ }).fill('http://127.0.0.1:9');
    await dialog.getByRole('textbox', { name: /^URL do frontend/ }).fill(botUrl);
    await dialog.getByRole('textbox', { name: /^Typebot slug/ }).fill('vendas-abc');
    await dialog.getByRole('textbox', { name: /^Palavra para finalizar/ }).fill('#sair');
    await page.screenshot({ path: `${SHOTS}queue-integrations-typebot-modal-light-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Typebot de vendas').waitFor();

    // N8N: name and URL; the signing secret is shown once.
    dialog = await add('N8N');
    await dialog.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('Fluxo n8n');
    await dialog.getByRole('textbox', { name: /^URL/ }).fill('http://127.0.0.1:9/webhook/pedidos');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const secret = page.getByRole('dialog', { name: 'Segredo de assinatura: Fluxo n8n' });
    await secret.waitFor();
    const shown = await secret.getByRole('textbox').inputValue();
    assert.match(shown, /^whsec_/);
    await page.screenshot({ path: `${SHOTS}queue-integrations-secret-light-wide.png` });
    await secret.getByRole('button', { name: 'Concluído' }).click();

    // WebHooks.
    dialog = await add('WebHooks');
    await dialog.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('WebHook do ERP');
    await dialog.getByRole('textbox', { name: /^URL/ }).fill('https://erp.exemplo.com.br/atende');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page
      .getByRole('dialog', { name: /^Segredo de assinatura/ })
      .getByRole('button', { name: 'Concluído' })
      .click();

    // DialogFlow: language, project, JSON; Test answers (here: Google cannot be reached, and the dialog says why).
    dialog = await add('DialogFlow');
    await dialog.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('Agente DialogFlow');
    await choose(dialog, page, 'Linguagem', 'Espanhol');
    await dialog.getByRole('textbox', { name: /^Nome do projeto/ }).fill('atende-e2e');
    await dialog.getByRole('textbox', { name: /^Conteúdo JSON/ }).fill(SERVICE_ACCOUNT);
    await dialog.getByRole('button', { name: 'Testar' }).click();
    await dialog.getByText('O teste falhou:').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}queue-integrations-dialogflow-modal-light-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('heading', { level: 1, name: 'Integrações (4)' }).waitFor();
    const { queueIntegrations } = await call('GET', '/queueIntegration');
    assert.deepEqual(queueIntegrations.map((q) => [q.type, q.name]).sort(), [
      ['dialogflow', 'Agente DialogFlow'],
      ['n8n', 'Fluxo n8n'],
      ['typebot', 'Typebot de vendas'],
      ['webhook', 'WebHook do ERP'],
    ]);
    const df = queueIntegrations.find((q) => q.type === 'dialogflow');
    assert.equal(df.language, 'es');
    assert.equal(df.hasJsonContent, true);
    assert.ok(!JSON.stringify(queueIntegrations).includes('PRIVATE KEY'));
    assert.ok(!JSON.stringify(queueIntegrations).includes(shown));
    assert.equal(queueIntegrations.find((q) => q.type === 'n8n').projectName, 'Fluxo n8n');

    // Edit the webhook's name.
    await row(page, 'WebHook do ERP').getByRole('button', { name: 'Editar WebHook do ERP' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar integração' });
    await dialog.getByText(/^Segredo de assinatura: whsec_…/).waitFor();
    await dialog.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill('WebHook do ERP 2');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'WebHook do ERP 2').waitFor();

    // Delete the n8n flow.
    await row(page, 'Fluxo n8n').getByRole('button', { name: 'Excluir Fluxo n8n' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir Fluxo n8n?' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await row(page, 'Fluxo n8n').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Integrações (3)' }).waitFor();
    await page.context().close();
  });

  it('the typebot page shows the first typebot front end full screen; closing goes to /tickets', async () => {
    const page = await signInPage(browser, api.url, ADMIN);
    await page.goto('/typebot');
    const frame = page.frameLocator('iframe[title="Typebot"]');
    await frame.getByRole('heading', { name: 'Olá, sou o Typebot de teste' }).waitFor();
    await page.screenshot({ path: `${SHOTS}typebot-overlay-light-wide.png` });
    await page.getByRole('dialog', { name: 'Typebot' }).getByRole('button', { name: 'Fechar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.context().close();
  });

  it('screenshots light and dark, wide and narrow', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        const page = await openPage('/queue-integration', /^Integrações/, { viewport, theme });
        await row(page, 'Typebot de vendas').waitFor();
        await page.screenshot({ path: `${SHOTS}queue-integrations-${theme}-${size}.png` });
        await row(page, 'Typebot de vendas').getByRole('button', { name: 'Editar Typebot de vendas' }).click();
        await page.getByRole('dialog', { name: 'Editar integração' }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}queue-integrations-modal-${theme}-${size}.png` });
        await page.context().close();
      }
    }
  });
});
