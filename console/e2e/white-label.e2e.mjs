// White-label on the README's install (`npm start`: the production build, default settings), issue 30 finding 6:
// saving the app name and the favicon changes the browser tab's title and icon (for the admin at once, for another
// user of the company at their next page load), a wide and a tall logo both fit the 56 px drawer header, the login
// page shows the company's logo, and the ~50 colour presets are a keyboard-usable radio group that axe passes, light
// and dark. Screenshots in test-artifacts/white-label/. Run by `node --test e2e/white-label.e2e.mjs` after the
// console's `vite build` and `npm --prefix ../api run build`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiOk, createDatabase, launchBrowser, png, signInPage, startProduct, tokenOf, until } from './harness.mjs';

const require = createRequire(import.meta.url);
const SHOTS = process.env.WHITE_LABEL_SHOTS ?? fileURLToPath(new URL('../test-artifacts/white-label/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const ADMIN = 'admin@demo.atende.local';
/** A wide (600×60) and a tall (60×300) logo: stripes, so a squashed one would show. */
const WIDE = png(600, 60, (x) => (Math.floor(x / 60) % 2 ? [21, 101, 192] : [255, 193, 7]));
const TALL = png(60, 300, (_x, y) => (Math.floor(y / 30) % 2 ? [46, 125, 50] : [233, 30, 99]));
const FAVICON = png(32, 32, () => [200, 0, 0]);

let db;
let api;
let browser;
let token;

before(async () => {
  db = await createDatabase({ empty: true });
  api = await startProduct({ databaseUrl: db.url });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await db?.drop();
});

const setting = async (key) => (await apiOk(api.url, token, 'GET', '/settings')).find((s) => s.key === key)?.value;
const iconHref = (page) => page.evaluate(() => document.querySelector('link[rel~="icon"]')?.getAttribute('href'));
const box = (locator) => locator.boundingBox();

async function upload(page, label, file) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: new RegExp(`: ${label}$`) }).click();
  await (await chooser).setFiles(file);
}

async function audit(page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef -- axe is the script added above
    const { violations } = await axe.run(document.querySelector('.atd-WhiteLabel'), { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join('; ')}`,
      );
  });
}

describe('white-label on the production build', { concurrency: false }, () => {
  let page;

  it('the tab title and favicon follow what the admin saves, at once and for another user of the company', async () => {
    page = await signInPage(browser, api.url, ADMIN, { theme: 'light' });
    token = await tokenOf(page);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Whitelabel' }).click();
    const name = page.getByRole('textbox', { name: /^Nome do sistema/ });
    await name.fill('Central Demo');
    await name.press('Enter');
    await until(
      async () => (await page.title()) === 'Central Demo',
      'the tab titled Central Demo',
      15_000,
      async () => page.title(),
    );
    assert.equal(await setting('appName'), 'Central Demo');
    await upload(page, 'Favicon', { name: 'favicon.png', mimeType: 'image/png', buffer: FAVICON });
    const href = await until(async () => /\/public\/company\d+\/logos\//.test((await iconHref(page)) ?? '') && iconHref(page), 'the tab icon replaced');
    assert.equal(new URL(href).pathname, await setting('appLogoFavicon'));
    // The icon the tab points at is served, as the PNG uploaded.
    const served = await fetch(href);
    assert.equal(served.status, 200);
    assert.match(served.headers.get('content-type') ?? '', /^image\//);
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), FAVICON);
    // Another user of the company: the brand at their first page load.
    const ana = await signInPage(browser, api.url, 'ana@demo.atende.local');
    await until(
      async () => (await ana.title()) === 'Central Demo',
      "the attendant's tab titled Central Demo",
      15_000,
      async () => ana.title(),
    );
    assert.equal(await iconHref(ana), href);
    await ana.context().close();
  });

  it('a wide and a tall logo fit the 56 px drawer header, undistorted', async () => {
    const header = page.locator('.atd-Drawer .atd-Drawer-header').first();
    const logo = page.locator('.atd-Drawer img.atd-Drawer-logo').first();
    for (const [shape, buffer, ratio] of [
      ['wide', WIDE, 10],
      ['tall', TALL, 0.2],
    ]) {
      await upload(page, 'Logo do tema claro', { name: `logo-${shape}.png`, mimeType: 'image/png', buffer });
      await until(
        async () => (await logo.getAttribute('src'))?.includes('/logos/') && (await logo.evaluate((img) => img.complete && img.naturalWidth > 0)),
        `the ${shape} logo drawn`,
      );
      await until(async () => (await logo.evaluate((img) => img.naturalWidth / img.naturalHeight)) === ratio, `the ${shape} logo loaded`);
      const [h, l, toggle] = [await box(header), await box(logo), await box(page.locator('.atd-Drawer .atd-Drawer-toggle').first())];
      assert.ok(h.height <= 57, `${shape}: the header stays 56 px (${h.height})`);
      assert.ok(l.y >= h.y && l.y + l.height <= h.y + h.height, `${shape}: the logo inside the header's height`);
      assert.ok(l.x >= h.x && l.x + l.width <= toggle.x, `${shape}: the logo left of the toggle`);
      assert.ok(l.height <= 40.5, `${shape}: at most 40 px high (${l.height})`);
      const drawn = await logo.evaluate((img) => {
        // The box the image is drawn in (object-fit: contain) keeps the file's proportions.
        const s = getComputedStyle(img);
        return { fit: s.objectFit, w: img.clientWidth, h: img.clientHeight };
      });
      assert.equal(drawn.fit, 'contain');
      assert.ok(Math.abs(drawn.w / drawn.h - ratio) / ratio < 0.1, `${shape}: proportions kept (${drawn.w}×${drawn.h})`);
      await page.screenshot({ path: `${SHOTS}drawer-logo-${shape}-light.png`, clip: { x: 0, y: 0, width: 700, height: 300 } });
    }
  });

  it('the colour palette: ~50 named presets in one radio group, chosen with the keyboard, axe-clean light and dark', async () => {
    const palette = page.getByRole('radiogroup', { name: 'Paleta de cores' });
    assert.ok((await palette.getByRole('radio').count()) >= 45);
    const checked = palette.getByRole('radio', { checked: true });
    assert.match(await checked.getAttribute('aria-label'), /^Azul padrão/);
    await checked.focus();
    await page.keyboard.press('ArrowRight');
    await until(async () => (await setting('primaryColorLight')) === '#2E7D32', 'green saved by the keyboard');
    await until(async () => (await setting('primaryColorDark')) === '#66BB6A', 'the dark green saved');
    await page.getByText('Atual: Verde').waitFor();
    await palette.getByText('Oceano', { exact: true }).click();
    await until(async () => (await setting('primaryColorLight')) === '#00497A', 'ocean saved by a click');
    await page.locator('.atd-WhiteLabel').screenshot({ path: `${SHOTS}palette-light.png` });
    assert.deepEqual(await audit(page), [], 'light');
    await page.getByRole('button', { name: 'Tema escuro', exact: true }).click();
    await page.locator('.atd-root[data-theme="dark"]').first().waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.locator('.atd-WhiteLabel').screenshot({ path: `${SHOTS}palette-dark.png` });
    assert.deepEqual(await audit(page), [], 'dark');
    await page.getByRole('button', { name: 'Tema claro', exact: true }).click();
  });

  it("the login page shows the company's logo and the brand's title", async () => {
    const context = await browser.newContext({ baseURL: api.url, locale: 'pt-BR', viewport: { width: 1000, height: 700 } });
    // A browser that signed out of the company: it remembers the company it last served (the kit's `companyId`).
    const { companyId } = await apiOk(api.url, token, 'GET', '/auth/me');
    await context.addInitScript((id) => localStorage.setItem('companyId', String(id)), companyId);
    const login = await context.newPage();
    await login.goto('/login');
    const logo = login.locator('.atd-AuthLayout-brand img');
    await logo.waitFor();
    assert.equal(await logo.getAttribute('alt'), 'Central Demo');
    assert.equal(await logo.getAttribute('src'), `${api.url}${await setting('appLogoLight')}`);
    await until(async () => logo.evaluate((img) => img.complete && img.naturalWidth > 0), 'the logo drawn');
    const b = await box(logo);
    assert.ok(b.height <= 64.5 && b.width <= (await box(login.locator('.atd-AuthLayout-card'))).width, 'the logo within the card');
    await until(async () => (await login.title()) === 'Central Demo', 'the login tab titled Central Demo');
    await login.screenshot({ path: `${SHOTS}login-logo-light.png` });
    await context.close();
  });
});
