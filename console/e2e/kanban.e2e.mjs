// The tags page and the kanban board in Chromium against the real API (issue 9): create, edit and delete a tag in
// the UI; a kanban move by keyboard drag and drop (and back by the card's menu), checked on the API; a move made by
// someone else arrives live. Screenshots light/dark, wide/narrow go to SHOTS (default /tmp/shots9).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { apiLogin as harnessLogin, apiOk, createDatabase, launchBrowser, SHOT_THEMES, signInPage, startApi, startMailbox, until } from './harness.mjs';

const SHOTS = process.env.SHOTS ?? '/tmp/shots9/';
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const WIDE = { width: 1366, height: 800 };
const NARROW = { width: 390, height: 780 };
const PHONES = [
  ['5511955550001', 'Paula Kanban', 'Quero saber o preço do plano anual'],
  ['5511955550002', 'Rafael Kanban', 'Vocês entregam no sábado?'],
];

let db;
let mailbox;
let api;
let browser;
let token;
let superToken;

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  superToken = await apiLogin('super@atende.local');
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const apiLogin = (email) => harnessLogin(api.url, email);
const call = (method, path, body, as = token) => apiOk(api.url, as, method, path, body);
const signIn = (viewport = WIDE) => signInPage(browser, api.url, ADMIN, { viewport });

/** A phone writes in; the ticket is put in the Suporte queue (the admin's) so the board shows it. */
async function ticketFrom([number, name, body], whatsappId, queueId) {
  await call('POST', `/sandbox/phones/${number}/messages`, { whatsappId, body, name }, superToken);
  const ticket = await until(async () => {
    const { contacts } = await call('GET', `/contacts?searchParam=${number}`);
    const contact = contacts.find((c) => c.number === number);
    if (!contact) return null;
    for (const status of ['pending', 'open']) {
      const { tickets } = await call('GET', `/tickets?showAll=true&status=${status}&searchParam=${number}`);
      const found = tickets.find((t) => t.contactId === contact.id);
      if (found) return found;
    }
    return null;
  }, `the ticket of ${name}`);
  return call('PUT', `/tickets/${ticket.id}`, { queueId, status: 'pending', userId: null });
}

const lane = (page, name) => page.getByRole('grid', { name: new RegExp(`^Coluna ${name}:`) });
const card = (page, laneName, contact) => lane(page, laneName).getByRole('row', { name: new RegExp(contact) });
const tagRow = (page, name) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

describe('tags and kanban in Chromium', { concurrency: false }, () => {
  let page;
  let proposal;
  const tickets = [];

  it('creates a kanban tag in the tag modal; it shows as a chip with its count', async () => {
    page = await signIn();
    token = JSON.parse(await page.evaluate(() => localStorage.getItem('token')));
    await page.goto('/tags');
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar tag' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Proposta');
    await dialog.getByLabel('Cor').fill('#7c4dff');
    await dialog.getByRole('switch', { name: /Kanban/ }).focus();
    await page.keyboard.press('Space');
    assert.equal(await dialog.getByRole('switch', { name: /Kanban/ }).isChecked(), true);
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Tag salva com sucesso!').waitFor();
    await tagRow(page, 'Proposta').waitFor();
    proposal = (await call('GET', '/tags?searchParam=proposta')).tags[0];
    assert.equal(proposal.name, 'Proposta');
    assert.equal(proposal.color.toLowerCase(), '#7c4dff');
    assert.equal(proposal.kanban, 1);
  });

  it('edits the tag and deletes another one after the confirmation', async () => {
    await tagRow(page, 'Proposta').getByRole('button', { name: 'Editar Proposta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar tag' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Proposta enviada');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await tagRow(page, 'Proposta enviada').waitFor();
    assert.equal((await call('GET', `/tags/${proposal.id}`)).name, 'Proposta enviada');

    await page.getByRole('button', { name: 'Adicionar tag' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar tag' });
    await add.getByRole('textbox', { name: 'Nome' }).fill('Descartar');
    await add.getByRole('button', { name: 'Adicionar' }).click();
    await tagRow(page, 'Descartar').waitFor();
    await page.getByRole('button', { name: 'Excluir Descartar' }).click();
    await page.getByRole('alertdialog', { name: 'Excluir Descartar?' }).getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Tag excluída com sucesso!').waitFor();
    await tagRow(page, 'Descartar').waitFor({ state: 'detached' });
    assert.equal((await call('GET', '/tags?searchParam=descartar')).tags.length, 0);

    // The search is lower-cased and goes back to page 1.
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('PROPOSTA');
    await tagRow(page, 'Proposta enviada').waitFor();
  });

  it('moves a card to a tag lane by keyboard drag and drop; the API has the tag', async () => {
    const whatsappId = await until(
      async () => (await call('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED')?.id,
      'the sandbox connection',
    );
    const suporte = (await call('GET', '/queue')).find((q) => q.name === 'Suporte');
    for (const phone of PHONES) tickets.push(await ticketFrom(phone, whatsappId, suporte.id));
    await call('POST', '/tags', { name: 'Lead', color: '#f9a825', kanban: 1 });

    await page.goto('/kanban');
    await card(page, 'Em aberto', 'Paula Kanban').waitFor();
    const [paula] = tickets;
    const handle = page.getByRole('button', { name: `Arrastar ticket #${paula.id}` });
    // The board settles first (the tickets' own events may still arrive and re-render the lane).
    await until(async () => {
      await handle.focus();
      await page.waitForTimeout(300);
      return handle.evaluate((el) => el === document.activeElement);
    }, 'the focus on the drag handle');
    await page.keyboard.press('Enter');
    // Keyboard drag: focus goes to the first other lane (drop target), Tab to the next one, Enter drops.
    const dropTarget = () => page.evaluate(() => document.querySelector('[role="grid"][data-drop-target]')?.getAttribute('aria-label') ?? '');
    let target = await until(dropTarget, 'a lane to drop on', 5000);
    for (let i = 0; i < 6 && !/Proposta enviada/.test(target); i += 1) {
      await page.keyboard.press('Tab');
      target = await dropTarget();
    }
    assert.match(target, /^Coluna Proposta enviada/);
    await page.keyboard.press('Enter');
    await page.getByText('Ticket Tag Adicionado com Sucesso!').waitFor();
    await card(page, 'Proposta enviada', 'Paula Kanban').waitFor();
    await card(page, 'Em aberto', 'Paula Kanban').waitFor({ state: 'detached' });
    const tagged = await call('GET', `/tickets/${paula.id}`);
    assert.deepEqual(
      tagged.tags.map((t) => t.id),
      [proposal.id],
    );
  });

  it("moves it to another lane with the card's 'Mover para…' menu: the old tag goes, the new one comes", async () => {
    const [paula] = tickets;
    await page.getByRole('button', { name: `Mover ticket #${paula.id} para…` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Lead' }).waitFor();
    // The menu lists the other lanes: 'Em aberto', the demo's 'Em negociação' and 'Lead'; arrow down to 'Lead'.
    const focusedItem = () =>
      page.evaluate(() => (document.activeElement?.getAttribute('role') === 'menuitem' ? (document.activeElement.textContent ?? '') : ''));
    for (let i = 0; i < 6 && !/Lead/.test(await focusedItem()); i += 1) await page.keyboard.press('ArrowDown');
    assert.match(await focusedItem(), /Lead/);
    await page.keyboard.press('Enter');
    await page.getByText('Ticket Tag Removido!').waitFor();
    await card(page, 'Lead', 'Paula Kanban').waitFor();
    // The lane changes at once (optimistic); the PUT of the new tag follows the DELETE, and the previous test's
    // 'Adicionado' toast may still be up, so the API is polled rather than read once.
    const lead = (await call('GET', '/tags/kanban')).find((t) => t.name === 'Lead');
    const tagIds = async () => (await call('GET', `/tickets/${paula.id}`)).tags.map((t) => t.id);
    await until(
      async () => JSON.stringify(await tagIds()) === JSON.stringify([lead.id]),
      'the ticket to carry only Lead',
      10_000,
      async () => JSON.stringify(await tagIds()),
    );
    assert.deepEqual(await tagIds(), [lead.id]);
  });

  it("is live: another user's move reaches the board", async () => {
    const [, rafael] = tickets;
    await card(page, 'Em aberto', 'Rafael Kanban').waitFor();
    // Ana (an attendant of the Suporte queue) moves Rafael's card on her own board.
    await call('PUT', `/ticket-tags/${rafael.id}/${proposal.id}`, undefined, await apiLogin('ana@demo.atende.local'));
    await card(page, 'Proposta enviada', 'Rafael Kanban').waitFor();
    await card(page, 'Em aberto', 'Rafael Kanban').waitFor({ state: 'detached' });
  });

  it('screenshots: tags and kanban, light and dark, wide and narrow', async () => {
    for (const theme of SHOT_THEMES) {
      await page.evaluate((t) => localStorage.setItem('preferredTheme', t), theme);
      for (const [size, viewport] of [
        ['wide', WIDE],
        ['narrow', NARROW],
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/tags');
        await tagRow(page, 'Proposta enviada').waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}tags-${theme}-${size}.png` });
        await page.goto('/kanban');
        await card(page, 'Lead', 'Paula Kanban').waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}kanban-${theme}-${size}.png` });
      }
    }
    await page.setViewportSize(WIDE);
    await page.goto('/tags');
    await page.getByRole('button', { name: 'Editar Proposta enviada' }).click();
    await page.getByRole('dialog', { name: 'Editar tag' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}tags-modal-dark-wide.png` });
  });
});
