// Screenshots of the attendance screens for a person to look at: light and dark, wide and narrow, pt and en, against
// the real API with sandbox phones. `npm run screenshots -w console` (after `vite build`) writes them to
// console/test-artifacts/screens/. Nothing is asserted: the e2e tests do that.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDatabase, launchBrowser, startApi, startMailbox } from '../e2e/harness.mjs';

const OUT = fileURLToPath(new URL('../test-artifacts/screens/', import.meta.url));
mkdirSync(OUT, { recursive: true });
const PASSWORD = 'Atende@2026';
const VIEWPORTS = { wide: { width: 1366, height: 800 }, narrow: { width: 390, height: 780 } };

const db = await createDatabase();
const mailbox = await startMailbox();
const api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
const browser = await launchBrowser();
try {
  const superToken = await login('super@atende.local');
  const admin = await login('admin@demo.atende.local');
  const call = async (token, method, path, body) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  let whatsappId;
  for (let i = 0; i < 100 && !whatsappId; i += 1) {
    whatsappId = (await call(admin, 'GET', '/whatsapp')).find((w) => w.status === 'CONNECTED')?.id;
    if (!whatsappId) await new Promise((r) => setTimeout(r, 200));
  }
  const phones = [
    ['5511911110001', 'Maria Oliveira', ['Bom dia! Meu pedido 4512 ainda não chegou.', 'Podem verificar, por favor?']],
    ['5511911110002', 'João Pereira', ['Vocês entregam em Campinas?']],
    ['5511911110003', 'Carla Souza', ['Quero trocar o tamanho da camiseta']],
  ];
  for (const [number, name, bodies] of phones) {
    for (const body of bodies) await call(superToken, 'POST', `/sandbox/phones/${number}/messages`, { whatsappId, body, name });
  }
  await new Promise((r) => setTimeout(r, 1500));
  const { tickets } = await call(admin, 'GET', '/tickets?showAll=true&status=pending');
  const maria = tickets.find((t) => t.contact.name === 'Maria Oliveira');
  const me = await call(admin, 'GET', '/auth/me');
  await call(admin, 'PUT', `/tickets/${maria.id}`, { status: 'open', userId: me.id });
  await call(admin, 'POST', `/messages/${maria.id}`, { body: 'Olá Maria! Vou verificar o pedido 4512 agora mesmo.' });
  await call(admin, 'POST', `/messages/${maria.id}`, { body: 'Ele saiu para entrega hoje cedo e chega até as 18h.' });
  await call(superToken, 'POST', `/sandbox/phones/5511911110001/read`, { whatsappId });
  await call(superToken, 'POST', `/sandbox/phones/5511911110001/messages`, { whatsappId, body: 'Obrigada! 😊', name: 'Maria Oliveira' });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of ['light', 'dark']) {
      for (const locale of ['pt', 'en']) {
        const context = await browser.newContext({ viewport, baseURL: api.url, locale: locale === 'pt' ? 'pt-BR' : 'en-US', colorScheme: theme });
        const page = await context.newPage();
        await page.goto('/login');
        await page.evaluate(
          ({ l, t }) => {
            localStorage.setItem('language', l);
            localStorage.setItem('preferredTheme', t);
          },
          { l: locale, t: theme },
        );
        await page.goto('/login');
        await page.locator('input[type="email"], input[name="email"]').first().fill('admin@demo.atende.local');
        await page.locator('input[type="password"]').first().fill(PASSWORD);
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname !== '/login');
        await page.goto('/tickets');
        await page.waitForTimeout(1200);
        await page.screenshot({ path: `${OUT}tickets-${size}-${theme}-${locale}.png` });
        await page.goto(`/tickets/${maria.uuid}`);
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `${OUT}chat-${size}-${theme}-${locale}.png` });
        await context.close();
      }
    }
  }
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await api.stop();
  await mailbox.close();
  await db.drop();
}

async function login(email) {
  const res = await fetch(`${api.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()).token;
}
