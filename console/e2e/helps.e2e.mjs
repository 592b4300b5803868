// The help videos in Chromium against the real API. The super user opens /helps from the drawer, switches to
// 'Gerenciar vídeos' (HelpsAdmin: the settings' 'Ajuda' tab mounts the same list), sees a link that is not YouTube
// refused on its field, adds a video from a YouTube link (stored as its id, the thumbnail previewed); an admin of the
// demo company sees the card on /helps, opens the player (its src only: the test runs offline) and closes it with
// Escape, and has no 'Gerenciar vídeos'; the super user edits and deletes the video. Screenshots light and dark, pt
// and en, wide and narrow. Run by `node --test e2e/helps.e2e.mjs` after `vite build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, SHOT_LOCALES, SHOT_THEMES, signInPage, startApi, startMailbox, tokenOf } from './harness.mjs';

const SHOTS = process.env.HELPS_SHOTS ?? fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const SUPER = 'super@atende.local';
const ADMIN = 'admin@demo.atende.local';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };
const VIDEO = 'dQw4w9WgXcQ';

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
const helpTitled = async (title) => (await call('GET', '/helps/list')).find((h) => h.title === title);

describe('the help videos in Chromium', { concurrency: false }, () => {
  let superPage;
  const row = (title) => superPage.getByRole('row', { name: new RegExp(title) });

  it('the super user adds a video from /helps: a link that is not YouTube is refused, a YouTube link is stored as its id', async () => {
    superPage = await signInPage(browser, api.url, SUPER);
    session = await tokenOf(superPage);
    await superPage.getByRole('link', { name: 'Ajuda', exact: true }).click();
    await superPage.waitForURL(/\/helps$/);
    await superPage.getByRole('heading', { level: 1, name: 'Ajuda' }).waitFor();
    await superPage.getByText('Nenhum vídeo de ajuda ainda').waitFor();
    await superPage.getByRole('button', { name: 'Gerenciar vídeos' }).click();
    await superPage.getByRole('heading', { level: 1, name: 'Vídeos de ajuda' }).waitFor();
    await superPage.getByRole('button', { name: 'Adicionar vídeo' }).first().click();
    const dialog = superPage.getByRole('dialog', { name: 'Adicionar vídeo de ajuda' });
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Conectando o WhatsApp');
    await dialog.getByRole('textbox', { name: /^Vídeo do YouTube/ }).fill('https://vimeo.com/76979871');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Use um link do YouTube ou o código do vídeo').waitFor();
    await dialog.getByText('A miniatura aparece aqui quando o link for válido.').waitFor();
    await superPage.screenshot({ path: `${SHOTS}helps-modal-invalid-light-pt-wide.png` });

    await dialog.getByRole('textbox', { name: /^Vídeo do YouTube/ }).fill(`https://www.youtube.com/watch?v=${VIDEO}&t=42s`);
    await dialog.getByRole('textbox', { name: /^Descrição/ }).fill('Leia o QR code com o celular da empresa e acompanhe o status da conexão.');
    // The preview reads the id from the link at once (offline, the still itself cannot load: its tint shows).
    await dialog.locator('figcaption', { hasText: VIDEO }).waitFor();
    assert.equal(await dialog.getByText('A miniatura aparece aqui quando o link for válido.').count(), 0);
    await superPage.screenshot({ path: `${SHOTS}helps-modal-light-pt-wide.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await superPage.getByText('Vídeo de ajuda salvo').first().waitFor();
    await row('Conectando o WhatsApp').waitFor();
    const saved = await helpTitled('Conectando o WhatsApp');
    assert.equal(saved.video, VIDEO);
    assert.equal(saved.description, 'Leia o QR code com o celular da empresa e acompanhe o status da conexão.');
    // Back to the grid: the card is there without a reload.
    await superPage.getByRole('button', { name: 'Ver vídeos' }).click();
    await superPage.getByRole('button', { name: 'Assistir: Conectando o WhatsApp' }).waitFor();
  });

  it('an admin of the demo company sees the card, opens the player and closes it with Escape', async () => {
    const admin = await signInPage(browser, api.url, ADMIN);
    await admin.goto('/helps');
    const card = admin.getByRole('button', { name: 'Assistir: Conectando o WhatsApp' });
    await card.waitFor();
    assert.equal(await admin.getByRole('button', { name: 'Gerenciar vídeos' }).count(), 0);
    await card.click();
    const dialog = admin.getByRole('dialog', { name: 'Conectando o WhatsApp' });
    await dialog.waitFor();
    const src = await dialog.locator('iframe').getAttribute('src');
    assert.ok(src.startsWith(`https://www.youtube-nocookie.com/embed/${VIDEO}`), src);
    await dialog.getByText('Leia o QR code com o celular da empresa', { exact: false }).waitFor();
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await admin.context().close();
  });

  it('the super user edits the video', async () => {
    await superPage.getByRole('button', { name: 'Gerenciar vídeos' }).click();
    await superPage.getByRole('button', { name: 'Editar Conectando o WhatsApp' }).click();
    const dialog = superPage.getByRole('dialog', { name: 'Editar vídeo de ajuda' });
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Conectando o WhatsApp pelo QR code');
    await dialog.getByRole('textbox', { name: /^Vídeo do YouTube/ }).fill('https://youtu.be/aqz-KE-bpKQ');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('Conectando o WhatsApp pelo QR code').waitFor();
    const saved = await helpTitled('Conectando o WhatsApp pelo QR code');
    assert.equal(saved.video, 'aqz-KE-bpKQ');
  });

  it('the super user deletes the video after the confirmation', async () => {
    await superPage.getByRole('button', { name: 'Excluir Conectando o WhatsApp pelo QR code' }).click();
    await superPage.getByRole('alertdialog', { name: 'Excluir o vídeo Conectando o WhatsApp pelo QR code?' }).getByRole('button', { name: 'Excluir' }).click();
    await superPage.getByText('Vídeo de ajuda excluído').first().waitFor();
    await row('Conectando o WhatsApp pelo QR code').waitFor({ state: 'detached' });
    assert.deepEqual(await call('GET', '/helps/list'), []);
    await superPage.context().close();
  });

  it('screenshots light and dark, pt and en, wide and narrow', async () => {
    for (const [title, video, description] of [
      ['Atendendo um ticket', 'aqz-KE-bpKQ', 'Aceite, transfira e finalize atendimentos pela tela de tickets.'],
      ['Conectando o WhatsApp', VIDEO, 'Leia o QR code com o celular da empresa e acompanhe o status da conexão.'],
      [
        'Criando filas e o menu do chatbot',
        'ScMzIvxBSi4',
        'Organize os atendimentos por setor. Cada fila tem cor, mensagem de saudação e horários; as opções do chatbot levam o cliente à fila certa, e cada opção pode ter as suas.',
      ],
      ['Respostas rápidas', 'M7lc1UVf-VE', ''],
    ]) {
      await call('POST', '/helps', { title, video, description });
    }
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of SHOT_THEMES) {
        for (const locale of SHOT_LOCALES) {
          const en = locale === 'en';
          const shot = await signInPage(browser, api.url, ADMIN, { viewport, theme });
          if (en) await shot.evaluate(() => localStorage.setItem('language', 'en'));
          await shot.goto('/helps');
          await shot.getByRole('heading', { level: 1, name: en ? 'Help' : 'Ajuda' }).waitFor();
          await shot.getByRole('button', { name: `${en ? 'Watch' : 'Assistir'}: Respostas rápidas` }).waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}helps-${theme}-${locale}-${size}.png` });
          await shot.getByRole('button', { name: `${en ? 'Watch' : 'Assistir'}: Criando filas e o menu do chatbot` }).click();
          await shot.getByRole('dialog').waitFor();
          await shot.waitForTimeout(300);
          await shot.screenshot({ path: `${SHOTS}helps-video-${theme}-${locale}-${size}.png` });
          await shot.context().close();
        }
      }
      // The super user's list, in both themes.
      for (const theme of SHOT_THEMES) {
        const shot = await signInPage(browser, api.url, SUPER, { viewport, theme });
        await shot.goto('/helps');
        await shot.getByRole('button', { name: 'Gerenciar vídeos' }).click();
        await shot.getByRole('row', { name: /Respostas rápidas/ }).waitFor();
        await shot.waitForTimeout(300);
        await shot.screenshot({ path: `${SHOTS}helps-admin-${theme}-pt-${size}.png` });
        await shot.getByRole('button', { name: 'Editar Criando filas e o menu do chatbot' }).click();
        await shot.getByRole('dialog').waitFor();
        await shot.waitForTimeout(300);
        await shot.screenshot({ path: `${SHOTS}helps-admin-edit-${theme}-pt-${size}.png` });
        await shot.context().close();
      }
    }
  });
});
