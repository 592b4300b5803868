// The attendant's everyday details in Chromium against the real API and the sandbox network (issue 29): the bot's
// menu in WhatsApp formatting renders bold and its link opens; the list preview shows no markers; the message history
// is one Tab stop (a list row to the composer in a few Tabs) and a skip link leads past the drawer and the top bar;
// the tab title follows the white-label name and /favicon.ico answers; a task ticked done stays done after a reload;
// Portuguese screens say their validation in Portuguese; the contact drawer leaves the chat usable at 1440 and 1280 px.
// Screenshots of each step, light and dark, go to console/test-artifacts/everyday-*.png.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiLogin, apiOk, createDatabase, launchBrowser, signInPage, startApi, startMailbox, tokenOf, until } from './harness.mjs';

const require = createRequire(import.meta.url);

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
const PHONE = '5511977770029';
const PHONE_NAME = 'Carla Cotidiano';

let db;
let mailbox;
let api;
let browser;
let superToken;
let whatsappId;
/** The admin's page and its own session's token (a second login would end the page's session). */
let page;
let token;

const call = (method, path, body, as = token) => apiOk(api.url, as, method, path, body);
const phoneSends = (body) => call('POST', `/sandbox/phones/${PHONE}/messages`, { whatsappId, body, name: PHONE_NAME }, superToken);
const composer = () => page.getByRole('textbox', { name: 'Mensagem' });
const history = () => page.getByRole('log', { name: 'Histórico de mensagens' });
const shot = (name) => page.screenshot({ path: `${ARTIFACTS}everyday-${name}.png` });

/** The same screen in the other theme too (the top bar's theme switch, so the screen stays as it is). */
async function shotBothThemes(name) {
  await shot(`${name}-light`);
  await page.getByRole('button', { name: 'Tema escuro' }).click();
  await page.locator('.atd-root[data-theme="dark"]').first().waitFor();
  await shot(`${name}-dark`);
  await page.getByRole('button', { name: 'Tema claro' }).click();
  await page.locator('.atd-root[data-theme="light"]').first().waitFor();
}

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  superToken = await apiLogin(api.url, 'super@atende.local');
  page = await signInPage(browser, api.url, ADMIN, { viewport: { width: 1440, height: 900 }, theme: 'light' });
  token = await tokenOf(page);
  whatsappId = await until(
    async () => (await call('GET', '/whatsapp')).find((w) => w.provider === 'sandbox' && w.status === 'CONNECTED')?.id,
    'the sandbox connection',
  );
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

describe("the attendant's everyday details", { concurrency: false }, () => {
  it('serves a favicon and titles the tab with the white-label name', async () => {
    const favicon = await fetch(`${api.url}/favicon.ico`);
    assert.equal(favicon.status, 200);
    assert.ok((await favicon.arrayBuffer()).byteLength > 0);
    assert.equal(await page.locator('link[rel="icon"]').getAttribute('href'), '/favicon.ico');

    await until(
      async () => (await page.title()) === 'whitelabel chat',
      'the default app name as the title',
      10_000,
      async () => await page.title(),
    );
    await call('PUT', '/settings/appName', { value: 'Loja Cotidiana' });
    await page.reload();
    await until(
      async () => (await page.title()) === 'Loja Cotidiana',
      'the company app name as the title',
      10_000,
      async () => await page.title(),
    );
  });

  it("renders the bot's menu bold, opens a link, and previews without markers", async () => {
    await phoneSends('Oi, preciso de ajuda');
    await phoneSends('Meu pedido: https://example.com/pedido/42. Obrigada!');
    await page.goto('/tickets');
    await page.getByRole('tab', { name: /^Aguardando/ }).click();
    await page.getByRole('button', { name: `Aceitar: ${PHONE_NAME}` }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await composer().waitFor();

    // The connection's greeting lists the queues as '*1* - Suporte': bold numbers, no asterisks.
    const menu = history().locator('.atd-Message', { hasText: 'Suporte' }).first();
    await menu.waitFor();
    assert.equal(await menu.locator('strong').first().textContent(), '1');
    assert.doesNotMatch((await menu.locator('.atd-Message-body').textContent()) ?? '', /\*1\*/);

    const link = history().getByRole('link', { name: 'https://example.com/pedido/42' });
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    // The network is closed here: the link's site answers from the test.
    await page.context().route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Pedido 42</title>' }));
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    assert.match(popup.url(), /^https:\/\/example\.com\/pedido\/42/);
    await popup.close();

    await composer().fill('Certo, *já* vou ver o _pedido_.');
    await composer().press('Enter');
    await history().locator('.atd-Message strong', { hasText: 'já' }).waitFor();
    const row = page.locator('.atd-TicketListItem', { hasText: PHONE_NAME }).first();
    await until(
      async () => /Certo, já vou ver o pedido\./.test((await row.locator('.atd-TicketListItem-message').textContent()) ?? ''),
      'the preview without markers',
    );
    await shotBothThemes('formatted-chat');

    // The emoji picker speaks Portuguese (its search said 'Search') and offers the emoji this system draws.
    await page.getByRole('button', { name: 'Inserir emoji' }).click();
    const search = page.getByPlaceholder('Pesquisar emoji');
    await search.waitFor();
    await page.getByText('Carregando emojis').waitFor({ state: 'hidden' });
    await shot('emoji-picker-light');
    await page.keyboard.press('Escape');
  });

  it('axe finds no serious or critical violation on /tickets with a chat open, light and dark', async () => {
    await history().waitFor();
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const audit = () =>
      page.evaluate(async () => {
        // eslint-disable-next-line no-undef -- axe is the script added above
        const { violations } = await axe.run(document, { resultTypes: ['violations'] });
        return violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.impact} ${v.id}: ${v.help} (${v.nodes
                .slice(0, 4)
                .map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`)
                .join('; ')})`,
          );
      });
    assert.deepEqual(await audit(), [], 'light theme');
    await page.getByRole('button', { name: 'Tema escuro' }).click();
    await page.locator('.atd-root[data-theme="dark"]').first().waitFor();
    // The colours ease into the theme: audit the screen as it settles, not halfway.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    try {
      assert.deepEqual(await audit(), [], 'dark theme');
    } finally {
      await page.getByRole('button', { name: 'Tema claro' }).click();
      await page.locator('.atd-root[data-theme="light"]').first().waitFor();
    }
  });

  it('reaches the composer from a list row in a few Tabs however long the chat', async () => {
    // 13 messages or more in the history.
    for (let i = 1; i <= 8; i += 1) await phoneSends(`Mensagem número ${i}`);
    await history().locator('.atd-Message', { hasText: 'Mensagem número 8' }).waitFor();
    const row = page.locator('.atd-TicketListItem-main', { hasText: PHONE_NAME }).first();
    await row.focus();
    let tabs = 0;
    const stops = [];
    while (tabs < 30) {
      await page.keyboard.press('Tab');
      tabs += 1;
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.tagName.toLowerCase()}${el?.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}`;
      });
      stops.push(where);
      if (await composer().evaluate((el) => el === document.activeElement)) break;
    }
    assert.ok(await composer().evaluate((el) => el === document.activeElement), `never reached the composer: ${stops.join(' → ')}`);
    // The history is one stop, whatever the number of messages (it was one per message and control).
    const inHistory = stops.filter((s) => s.startsWith('div[Histórico') || s.includes('Opções da mensagem') || s.startsWith('a'));
    assert.deepEqual(inHistory, ['div[Histórico de mensagens]'], stops.join(' → '));
    assert.ok(tabs <= 20, `${tabs} Tabs from the row to the composer: ${stops.join(' → ')}`);
    console.log(`Tabs from a list row to the composer: ${tabs} (${stops.join(' → ')})`);

    // Enter on a row opens the conversation with the caret in its composer: no Tab at all.
    await page.goto('/tickets');
    const again = page.locator('.atd-TicketListItem-main', { hasText: PHONE_NAME }).first();
    await again.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await until(async () => composer().evaluate((el) => el === document.activeElement), 'the composer focused after Enter on the row');

    // Inside the history the arrows move between messages, Enter reaches a message's options.
    await history().focus();
    await page.keyboard.press('ArrowUp');
    assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('atd-Message')));
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Opções da mensagem');
  });

  it('offers a skip link to the content as the first Tab stop', async () => {
    await page.reload();
    await composer().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    assert.ok(await skip.evaluate((el) => el === document.activeElement));
    const box = await skip.boundingBox();
    assert.ok(box && box.y >= 0 && box.height > 0, 'the skip link shows when focused');
    await shot('skip-link-light');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'atd-main');
    // From the content the next Tab is inside the page, not in the drawer or the top bar.
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('#atd-main'))));
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 800 },
  ]) {
    it(`keeps the chat usable beside the contact drawer at ${viewport.width}x${viewport.height}`, async () => {
      await page.setViewportSize(viewport);
      await composer().waitFor();
      await page.getByRole('button', { name: 'Dados do contato' }).first().click();
      const drawer = page.locator('.atd-TicketChat-drawer');
      await drawer.waitFor();
      const box = await composer().boundingBox();
      assert.ok(box, 'the composer is shown');
      assert.ok(box.width >= 240, `the composer is ${box.width} px wide`);
      assert.ok(box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, `the composer is clipped: ${JSON.stringify(box)}`);
      // Beside the drawer, not under it: what is at the composer's middle is the composer.
      const drawerBox = await drawer.boundingBox();
      assert.ok(drawerBox && drawerBox.x >= box.x + box.width, `the drawer ${JSON.stringify(drawerBox)} covers the composer ${JSON.stringify(box)}`);
      assert.ok(
        await composer().evaluate((el) => {
          const r = el.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
        }),
        'the composer is under something',
      );
      // No text in the chat is squeezed to a letter per line.
      const narrowest = await history().evaluate((el) =>
        Math.min(...[...el.querySelectorAll('.atd-Message-body')].map((body) => body.getBoundingClientRect().width).filter((w) => w > 0)),
      );
      assert.ok(narrowest >= 60, `a message body is ${narrowest} px wide`);
      const bubble = await history().locator('.atd-Message-bubble').last().boundingBox();
      assert.ok(bubble && bubble.width >= 120, `a bubble is ${bubble?.width} px wide`);
      const list = await page.locator('.atd-TicketListItem').first().boundingBox();
      assert.ok(list && list.width >= 200, `the ticket list is ${list?.width} px wide`);
      await shotBothThemes(`drawer-${viewport.width}`);
      if (await page.getByRole('button', { name: 'Fechar dados do contato' }).isVisible()) {
        await page.getByRole('button', { name: 'Fechar dados do contato' }).click();
      }
    });
  }

  it('ticks a task done: struck through, after the pending ones, still done after a reload', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await call('POST', '/tasks', { text: 'Ligar para a Carla' });
    await call('POST', '/tasks', { text: 'Conferir o pedido 42' });
    await page.goto('/todolist');
    const item = (text) => page.locator('.atd-TodoList-item', { hasText: text });
    await item('Ligar para a Carla').waitFor();
    await item('Conferir o pedido 42').locator('.atd-TodoList-check').click();
    await until(async () => (await item('Conferir o pedido 42').getAttribute('data-completed')) === 'true', 'the task marked done');
    await page.reload();
    await item('Conferir o pedido 42').waitFor();
    assert.equal(await item('Conferir o pedido 42').getAttribute('data-completed'), 'true');
    assert.ok(await page.getByRole('checkbox', { name: 'Marcar Conferir o pedido 42 como concluída' }).isChecked());
    const texts = await page.locator('.atd-TodoList-item .atd-TodoList-itemText').allTextContents();
    assert.deepEqual(texts.slice(-1), ['Conferir o pedido 42'], `done last: ${texts.join(' | ')}`);
    const decoration = await item('Conferir o pedido 42')
      .locator('.atd-TodoList-itemText')
      .evaluate((el) => getComputedStyle(el).textDecorationLine);
    assert.match(decoration, /line-through/);
    await shot('task-done-light');
  });

  it('says form validation in Portuguese', async () => {
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Adicionar Contato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('R');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('rita@');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByText('E-mail inválido').waitFor();
    const text = await dialog.textContent();
    assert.doesNotMatch(text ?? '', /Too Short|Invalid email|Required/);
    await shot('validation-light');

    // The server's refusal of a number already in use shows in Portuguese on its field, not as the API wrote it.
    await call('POST', '/contacts', { name: 'Rita Antiga', number: '5511955550029' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Rita Teste');
    await dialog.getByRole('textbox', { name: 'Número do WhatsApp' }).fill('5511955550029');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Já existe um contato com este número.').waitFor();
    assert.doesNotMatch((await dialog.textContent()) ?? '', /already/);
    await shot('server-error-light');
  });
});
