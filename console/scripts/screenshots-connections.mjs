// Screenshots of the connections page with official API connections (issue 35), for a person to look at: the list
// (type, quality, daily limit, no QR code on official ones), the modal adding an official connection, and an official
// connection's modal (credentials kept, webhook, templates and the template of each automatic message), in light and
// dark, against the real API (the demo, the sandbox's official mode, and a Meta connection whose Graph API is not
// reachable here). `node scripts/screenshots-connections.mjs` after `vite build` and the API's build; files in
// console/test-artifacts/connections/. Nothing is asserted: the tests do that.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, until } from '../e2e/harness.mjs';

const OUT = fileURLToPath(new URL('../test-artifacts/connections/', import.meta.url));
mkdirSync(OUT, { recursive: true });
const WIDE = { width: 1440, height: 900 };

const db = await createDatabase();
const mailbox = await startMailbox();
// A Meta connection's session calls nowhere real: nothing listens at this Graph API address.
const api = await startApi({
  databaseUrl: db.url,
  smtpPort: mailbox.port,
  env: { WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v23.0', PUBLIC_API_URL: 'https://atende.example.com' },
});
const browser = await launchBrowser();
try {
  const admin = await apiLogin(api.url, 'admin@demo.atende.local');
  const call = (method, path, body) => apiOk(api.url, admin, method, path, body);
  const existing = await call('GET', '/whatsapp');
  const sandboxOfficial =
    existing.find((w) => w.provider === 'sandbox_cloud') ?? (await call('POST', '/whatsapp', { name: 'Oficial (sandbox)', provider: 'sandbox_cloud' }));
  const meta =
    existing.find((w) => w.provider === 'cloud') ??
    (await call('POST', '/whatsapp', {
      name: 'Meta oficial',
      provider: 'cloud',
      cloudPhoneNumberId: '106540352242922',
      cloudBusinessAccountId: '102290129340398',
      cloudAccessToken: 'EAAG-screenshot-token',
      cloudAppSecret: 'screenshot-secret',
    }).catch((e) => {
      console.warn(`no Meta connection: ${e.message}`);
      return null;
    }));
  await until(async () => (await call('GET', `/whatsapp/${sandboxOfficial.id}`)).status === 'CONNECTED', 'the sandbox official connection connected');
  await call('POST', `/whatsapp/${sandboxOfficial.id}/templates/sync`);
  await call('PUT', `/whatsapp/${sandboxOfficial.id}`, {
    templatePurposes: {
      greeting: { name: 'boas_vindas', language: 'pt_BR', params: ['{{firstName}}'] },
      farewell: { name: 'atendimento_encerrado', language: 'pt_BR', params: ['{{name}}', '{{protocol}}'] },
    },
  });

  for (const theme of ['light', 'dark']) {
    const page = await signInPage(browser, api.url, 'admin@demo.atende.local', { viewport: WIDE, theme });
    await page.goto('/connections');
    await page.getByRole('row', { name: sandboxOfficial.name }).first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}list-${theme}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Adicionar WhatsApp' }).first().click();
    const add = page.getByRole('dialog', { name: 'Adicionar WhatsApp' });
    await add.getByText('API oficial', { exact: true }).click();
    await add.getByRole('textbox', { name: /^Nome/ }).fill('Meta vendas');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}modal-add-official-${theme}.png` });
    await add.getByRole('region', { name: 'API oficial do WhatsApp' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${OUT}modal-add-official-credentials-${theme}.png` });
    await add.getByRole('button', { name: 'Cancelar' }).click();
    await add.waitFor({ state: 'detached' });

    for (const [connection, name] of [
      [meta, 'meta'],
      [sandboxOfficial, 'sandbox'],
    ]) {
      if (!connection) continue;
      await page.getByRole('button', { name: `Editar ${connection.name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Editar WhatsApp' });
      await edit.waitFor();
      for (const region of ['API oficial do WhatsApp', 'Webhook da Meta', 'Modelos de mensagem']) {
        const part = edit.getByRole('region', { name: region });
        if (!(await part.count())) continue;
        await part.scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${OUT}modal-edit-${name}-${region.split(' ')[0].toLowerCase()}-${theme}.png` });
      }
      await edit.getByRole('button', { name: 'Cancelar' }).click();
      await edit.waitFor({ state: 'detached' });
    }
    await page.context().close();
  }
  process.stdout.write(`screenshots in ${OUT}\n`);
} finally {
  await browser.close();
  await api.stop();
  await mailbox.close();
  await db.drop();
}
