// Voice notes and quick replies in Chromium against the real API and a sandbox phone (issue 29), with MEDIA_DIR under
// a dot folder as the README's install has it (.data/media): Chromium's own MediaRecorder records a voice note in the
// composer, the phone gets it as push-to-talk Ogg Opus and the chat's player plays it; a quick reply with an image
// shows its variables filled and its image among the files, and both reach the phone; the quick message modal lists
// the variables. Screenshots light and dark in test-artifacts/voice-and-quick-replies. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, launchBrowser, png, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/voice-and-quick-replies/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const WIDE = { width: 1440, height: 860 };
const PHONE = '5511955550111';
const NAME = 'Vera Voz';
/** A 48×48 PNG of one colour: an image the browser draws (naturalWidth 48). */
const PNG = png(48, 48, () => [0x1f, 0x8a, 0x70]);

/**
 * The microphone: a 440 Hz tone through Web Audio, so Chromium's real MediaRecorder records real Opus (headless
 * Chromium has no capture device). Everything after getUserMedia is the browser's own.
 */
const microphone = () => {
  navigator.mediaDevices.getUserMedia = async () => {
    const context = new AudioContext();
    const tone = context.createOscillator();
    const gain = context.createGain();
    gain.gain.value = 0.2;
    const out = context.createMediaStreamDestination();
    tone.connect(gain).connect(out);
    tone.start();
    return out.stream;
  };
};

let db;
let mailbox;
let api;
let browser;
let admin;
let token;
let superToken;
let whatsappId;
let ticket;
let home;

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'atende-voice-'));
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port, env: { MEDIA_DIR: join(home, '.data', 'media') } });
  browser = await launchBrowser();
  superToken = await apiLogin(api.url, 'super@atende.local');
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
  rmSync(home, { recursive: true, force: true });
});

const call = (method, path, body, as = token) => apiOk(api.url, as, method, path, body);
const phoneInbox = () => call('GET', `/sandbox/phones/${PHONE}/inbox`, undefined, superToken);
const shot = (page, name) => page.screenshot({ path: `${ARTIFACTS}${name}.png` });

async function upload(path, field, data, name) {
  const form = new FormData();
  form.append(field, new Blob([data]), name);
  const res = await fetch(`${api.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

describe('voice notes and quick replies in Chromium', { concurrency: false }, () => {
  it('opens a conversation the admin holds', async () => {
    admin = await signInPage(browser, api.url, ADMIN, { viewport: WIDE, theme: 'light', initScript: microphone });
    // The browser's own session (a user has one: another login would end it).
    token = await tokenOf(admin);
    whatsappId = await until(
      async () => (await call('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED')?.id,
      'the sandbox connection',
    );
    await call('POST', `/sandbox/phones/${PHONE}/messages`, { whatsappId, body: 'Oi, posso mandar áudio?', name: NAME }, superToken);
    const me = await call('GET', '/auth/me');
    ticket = await until(async () => {
      const { contacts } = await call('GET', `/contacts?searchParam=${PHONE}`);
      const contact = contacts.find((c) => c.number === PHONE);
      if (!contact) return null;
      const { tickets } = await call('GET', `/tickets?showAll=true&status=pending&searchParam=${PHONE}`);
      return tickets.find((t) => t.contactId === contact.id) ?? null;
    }, "the customer's ticket");
    await call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: me.id });
    await admin.goto(`/tickets/${ticket.uuid}`);
    await admin.locator('.atd-Message', { hasText: 'Oi, posso mandar áudio?' }).first().waitFor();
  });

  it('records a voice note with the browser: the phone gets Ogg Opus push-to-talk, and the chat plays it', async () => {
    const recordFrom = Date.now();
    await admin.getByRole('button', { name: 'Gravar áudio' }).click();
    await admin.getByRole('timer', { name: 'Tempo de gravação' }).waitFor();
    await admin.waitForTimeout(2500);
    await shot(admin, 'recording-light-wide');
    await admin.getByRole('button', { name: 'Enviar áudio' }).click();
    const recordedAtMost = (Date.now() - recordFrom) / 1000;
    const voice = await until(async () => (await phoneInbox()).find((m) => m.type === 'audio'), 'the voice note on the phone');
    assert.equal(voice.ptt, true);
    assert.equal(voice.media.mimetype, 'audio/ogg');
    assert.match(voice.media.filename, /^audio-\d+\.ogg$/);
    // The stored file is Ogg Opus (made from Chromium's WebM without re-encoding), served from under .data/media.
    const page = await call('GET', `/messages/${ticket.id}`);
    const stored = page.messages.find((m) => m.mediaType === 'audio');
    assert.deepEqual(stored.dataJson, { ptt: true });
    const bytes = Buffer.from(await (await fetch(`${api.url}/messages/media/${stored.id}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'OggS');
    assert.equal(bytes.subarray(28, 36).toString('latin1'), 'OpusHead');
    // The chat's player: press play, the file loads and time runs.
    const bubble = admin
      .locator('.atd-Message')
      .filter({ has: admin.locator('audio') })
      .last();
    await bubble.getByRole('button', { name: 'Reproduzir áudio' }).click();
    const played = await until(
      () =>
        bubble
          .locator('audio')
          .evaluate((a) => (a.currentTime > 0.3 && Number.isFinite(a.duration) && a.duration > 1 ? { t: a.currentTime, d: a.duration } : null)),
      'the voice note playing in the chat',
    );
    // At least the 2.5 s waited, at most the time between the two clicks (the screenshot in between takes longer on a
    // busy machine).
    assert.ok(played.d > 1.5 && played.d <= recordedAtMost + 0.5, `duration ${played.d}, at most ${recordedAtMost} s recorded`);
    await shot(admin, 'voice-note-played-light-wide');
  });

  it('a quick reply with an image: variables filled in the composer, the image among the files, both reach the phone', async () => {
    const quick = await call('POST', '/quick-messages', {
      shortcode: 'folheto',
      message: '{{greeting}}, {{firstName}}! Sou {{user}}. Seu protocolo: {{protocol}}.',
    });
    await upload(`/quick-messages/${quick.id}/media-upload`, 'file', PNG, 'catalogo.png');
    await admin.reload();
    const input = admin.getByRole('textbox', { name: 'Mensagem' });
    await input.waitFor();
    await input.fill('/folh');
    await admin.getByRole('option', { name: /^\/folheto/ }).click();
    const files = admin.getByRole('list', { name: 'Arquivos para enviar' });
    await files.getByText('catalogo.png').waitFor();
    const caption = admin.getByRole('textbox', { name: 'Adicione uma legenda (opcional)' });
    const filled = new RegExp(`^(Bom dia|Boa tarde|Boa noite), Vera! Sou [^{}]+\\. Seu protocolo: \\d{8}-${ticket.id}\\.$`);
    assert.match(await caption.inputValue(), filled);
    // The thumbnail the composer shows is the image itself.
    await until(() => files.locator('img').evaluate((img) => img.naturalWidth === 48), 'the thumbnail drawn');
    await shot(admin, 'quick-reply-filled-light-wide');
    await admin.emulateMedia({ colorScheme: 'dark' });
    await shot(admin, 'quick-reply-filled-dark-wide');
    await admin.emulateMedia({ colorScheme: 'light' });
    await admin.getByRole('button', { name: 'Enviar arquivos' }).click();
    const image = await until(async () => (await phoneInbox()).find((m) => m.type === 'image'), 'the image on the phone');
    assert.match(image.body, filled);
    assert.equal(image.media.filename, 'catalogo.png');
    // The bubble shows the image (loaded from under .data/media) with its caption.
    const sentBubble = admin.locator('.atd-Message', { hasText: 'Seu protocolo' }).last();
    await until(
      () =>
        sentBubble
          .locator('img')
          .first()
          .evaluate((img) => img.naturalWidth > 0),
      'the sent image drawn in the chat',
    );
  });

  it('the quick message modal lists the variables, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await signInPage(browser, api.url, ADMIN, { viewport: WIDE, theme });
      await page.goto('/quick-messages');
      await page.getByRole('button', { name: 'Adicionar' }).click();
      const variables = page.getByRole('dialog').getByRole('group', { name: 'Variáveis' });
      await variables.waitFor();
      assert.equal(await variables.getByRole('button').count(), 7);
      await variables.getByRole('button', { name: /^Inserir \{\{greeting\}\}/ }).click();
      assert.equal(await page.getByRole('dialog').getByRole('textbox', { name: 'Mensagem' }).inputValue(), '{{greeting}}');
      await shot(page, `quick-message-variables-${theme}-wide`);
      await page.context().close();
    }
  });
});
