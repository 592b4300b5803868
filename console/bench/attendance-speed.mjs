// Speed of the attendance workspace, measured in Debian's Chromium against the real API (issue 8):
//   - /tickets interactive with 10,000 tickets in the company (full page load, signed in);
//   - frames per second while scrolling the ticket list and a chat of 5,000 messages (both virtualised and paged);
//   - how long a sandbox phone's message takes to show in an open ticket list.
// Run by `npm run bench -w console` (after `vite build`); prints its figures, asserts nothing: targets are in the
// issue and the figures go in the notes. The data is seeded straight into a fresh database (SQL), the rest is real.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase, launchBrowser, startApi, startMailbox } from '../e2e/harness.mjs';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const CHAT_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000);
const SCROLL_MS = 3_000;
const LATENCY_RUNS = 10;
const PASSWORD = 'Atende@2026';
const ADMIN = 'admin@demo.atende.local';
const PHONE = '5511988880000';

const db = await createDatabase();
const mailbox = await startMailbox();
const api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
const browser = await launchBrowser();
try {
  // The sandbox phones are driven as the super user; the admin's own session is the browser's (one per user).
  const superToken = await apiLogin('super@atende.local');
  const adminToken = await apiLogin(ADMIN);
  const whatsappId = await connectedSandbox(adminToken);
  const seeded = await seed(whatsappId);

  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, baseURL: api.url, locale: 'pt-BR' });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${api.url}/`);

  console.log(`attendance speed: ${TICKETS} tickets in the company, a chat of ${CHAT_MESSAGES} messages, Chromium ${browser.version()}`);

  // 1. /tickets, a full page load: the newest ticket's row on screen, then the main thread quiet.
  const loads = [];
  for (let run = 0; run < 3; run += 1) {
    await page.goto('about:blank');
    await page.goto('/tickets', { waitUntil: 'commit' });
    await page.evaluate(installLongTaskObserver);
    await page.getByText(seeded.newestName, { exact: false }).first().waitFor({ timeout: 30_000 });
    loads.push(await page.evaluate(quietSince));
  }
  const best = (key) => Math.min(...loads.map((l) => l[key]));
  const median = (key) => loads.map((l) => l[key]).sort((a, b) => a - b)[1];
  console.log(
    `  /tickets        first rows ${median('rowsAt').toFixed(0)} ms, interactive ${median('interactiveAt').toFixed(0)} ms (median of 3; best ${best('interactiveAt').toFixed(0)} ms)`,
  );

  // 2. Scrolling the ticket list (pages load as it goes).
  const list = await scrollFps(page, 'down', '.atd-TicketListView');
  console.log(
    `  list scroll     ${list.fps.toFixed(1)} fps, worst frame ${list.worst.toFixed(1)} ms, ${list.travelled} px scrolled, ${list.rendered} rows in the DOM at most (${SCROLL_MS / 1000} s)`,
  );

  // 3. A chat of 5,000 messages: open it, scroll up through older pages.
  await page.goto(`/tickets/${seeded.chatUuid}`);
  await page.getByText(`mensagem ${CHAT_MESSAGES}`, { exact: true }).first().waitFor({ timeout: 30_000 });
  if (process.env.BENCH_SHOTS) await page.screenshot({ path: `${process.env.BENCH_SHOTS}/chat-before.png` });
  const chat = await scrollFps(page, 'up', '.atd-History');
  if (process.env.BENCH_SHOTS) await page.screenshot({ path: `${process.env.BENCH_SHOTS}/chat-after.png` });
  const oldest = await page.evaluate(() =>
    Math.min(...[...document.querySelectorAll('.atd-History .atd-Message')].map((el) => Number(el.innerText.match(/mensagem (\d+)/)?.[1] ?? Infinity))),
  );
  console.log(
    `  chat scroll     ${chat.fps.toFixed(1)} fps, worst frame ${chat.worst.toFixed(1)} ms, ${chat.travelled} px scrolled, ${chat.rendered} rows in the DOM at most, reached message ${oldest} of ${CHAT_MESSAGES} (${SCROLL_MS / 1000} s)`,
  );

  // 4. A phone's message to an open list: from the POST that makes the phone send to the text on screen.
  await page.goto('/tickets');
  await page.getByText(seeded.newestName, { exact: false }).first().waitFor({ timeout: 30_000 });
  const latencies = [];
  for (let run = 0; run < LATENCY_RUNS; run += 1) {
    const marker = `latência ${run} ${Date.now()}`;
    const seen = page.evaluate(waitForText, marker);
    const sentAt = Date.now();
    await send(superToken, whatsappId, marker);
    latencies.push((await seen) - sentAt);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `  inbound -> list p50 ${latencies[Math.floor(LATENCY_RUNS / 2)].toFixed(0)} ms, max ${latencies.at(-1).toFixed(0)} ms (${LATENCY_RUNS} messages from a sandbox phone)`,
  );
  await context.close();
} finally {
  await browser.close();
  await api.stop();
  await mailbox.close();
  await db.drop();
}

async function apiLogin(email) {
  const res = await fetch(`${api.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** The demo's sandbox connection, once it is CONNECTED. */
async function connectedSandbox(token) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const res = await fetch(`${api.url}/whatsapp`, { headers: { authorization: `Bearer ${token}` } });
    const list = await res.json();
    const sandbox = list.find((w) => w.status === 'CONNECTED');
    if (sandbox) return sandbox.id;
    if (performance.now() > deadline) throw new Error(`no connected sandbox connection: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function send(token, whatsappId, body) {
  const res = await fetch(`${api.url}/sandbox/phones/${PHONE}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ whatsappId, body, name: 'Cliente Latência' }),
  });
  if (!res.ok) throw new Error(`sandbox send: ${res.status} ${await res.text()}`);
}

/**
 * 10,000 tickets of as many contacts (a third open and the admin's, a third pending, a third closed, newest last),
 * the phone of the latency runs with an open ticket of the admin's, and one ticket with 5,000 messages.
 */
async function seed(whatsappId) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const {
      rows: [demo],
    } = await client.query(
      `select c.id as company_id, u.id as admin_id, (select min(q.id) from queues q where q.company_id = c.id) as queue_id
         from companies c join users u on u.company_id = c.id and u.email = $1`,
      [ADMIN],
    );
    const started = performance.now();
    await client.query('begin');
    await client.query(
      `insert into contacts (company_id, name, number, whatsapp_id, created_at, updated_at)
       select $1, 'Cliente ' || lpad(i::text, 5, '0'), '55119' || lpad(i::text, 8, '0'), $2, now(), now()
         from generate_series(1, $3) i`,
      [demo.company_id, whatsappId, TICKETS],
    );
    await client.query(
      `insert into tickets (uuid, company_id, status, contact_id, user_id, queue_id, whatsapp_id, last_message, unread_messages, created_at, updated_at)
       select gen_random_uuid(), $1, s.status, c.id, case when s.status = 'pending' then null else $2::int end, $3::int, $4::int,
              'Última mensagem de ' || c.name, (c.id % 3), now() - interval '1 second' * ($5::int - n), now() - interval '1 second' * ($5::int - n)
         from (select id, name, row_number() over (order by id) as n from contacts where company_id = $1 and name like 'Cliente %') c
         cross join lateral (select (array['open', 'pending', 'closed'])[1 + (c.n % 3)::int] as status) s`,
      [demo.company_id, demo.admin_id, demo.queue_id, whatsappId, TICKETS],
    );
    const {
      rows: [phoneTicket],
    } = await client.query(
      `with c as (insert into contacts (company_id, name, number, whatsapp_id, created_at, updated_at)
                  values ($1, 'Cliente Latência', $2, $3, now(), now()) returning id)
       insert into tickets (uuid, company_id, status, contact_id, user_id, queue_id, whatsapp_id, last_message, created_at, updated_at)
       select gen_random_uuid(), $1, 'open', c.id, $4, $5, $3, 'olá', now() - interval '1 hour', now() - interval '1 hour' from c
       returning id`,
      [demo.company_id, PHONE, whatsappId, demo.admin_id, demo.queue_id],
    );
    void phoneTicket;
    const {
      rows: [chat],
    } = await client.query(
      `select t.id, t.uuid, t.contact_id from tickets t where t.company_id = $1 and t.status = 'open' order by t.updated_at desc limit 1`,
      [demo.company_id],
    );
    await client.query(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, source, created_at, updated_at)
       select $1, $2, $3, $4, 'mensagem ' || i, i % 2 = 0, true, case when i % 2 = 0 then 4 else 0 end,
              case when i % 2 = 0 then 'attendant' else 'contact' end,
              now() - interval '1 minute' * ($5 - i), now() - interval '1 minute' * ($5 - i)
         from generate_series(1, $5) i`,
      [demo.company_id, chat.id, chat.contact_id, whatsappId, CHAT_MESSAGES],
    );
    await client.query(`update tickets set last_message = 'mensagem ' || $2::text where id = $1`, [chat.id, CHAT_MESSAGES]);
    await client.query('commit');
    await client.query('analyze');
    const {
      rows: [newest],
    } = await client.query(
      `select c.name from tickets t join contacts c on c.id = t.contact_id where t.company_id = $1 and t.status = 'open' and t.user_id = $2
        order by t.updated_at desc limit 1`,
      [demo.company_id, demo.admin_id],
    );
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { chatUuid: chat.uuid, newestName: newest.name };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

// ---- functions evaluated in the page ----------------------------------------------------------------------------

/** Records long tasks (> 50 ms) from now on. */
function installLongTaskObserver() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** When the rows showed (now), and when the main thread went quiet: the end of the last long task, polled for 1 s of quiet. */
async function quietSince() {
  const rowsAt = performance.now();
  const quietFor = 1000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const last = window.__longTasks.at(-1);
    const lastEnd = last ? last.end : 0;
    if (performance.now() - Math.max(lastEnd, rowsAt) >= quietFor) return { rowsAt, interactiveAt: Math.max(rowsAt, lastEnd) };
  }
}

/**
 * Scrolls the largest scrollable element in the main area by a steady step each frame for SCROLL_MS and counts frames.
 * `up` starts at the bottom (a chat), `down` at the top (a list).
 */
async function scrollFps(page, direction, selector) {
  return page.evaluate(
    async ({ direction, durationMs, selector }) => {
      const el = [...document.querySelectorAll(selector)].find((e) => e.scrollHeight > e.clientHeight);
      if (!el) throw new Error(`nothing scrollable matches ${selector}`);
      if (direction === 'up') el.scrollTop = el.scrollHeight;
      const step = direction === 'down' ? 40 : -40;
      const frames = [];
      let travelled = 0;
      let rendered = 0;
      const start = performance.now();
      let previous = start;
      await new Promise((done) => {
        const tick = (now) => {
          frames.push(now - previous);
          previous = now;
          const before = el.scrollTop;
          el.scrollTop += step;
          travelled += Math.abs(el.scrollTop - before);
          rendered = Math.max(rendered, el.querySelectorAll('[role="listitem"], [data-index]').length);
          if (now - start < durationMs) requestAnimationFrame(tick);
          else done();
        };
        requestAnimationFrame(tick);
      });
      const elapsed = performance.now() - start;
      return { fps: (frames.length / elapsed) * 1000, worst: Math.max(...frames.slice(1)), travelled: Math.round(travelled), rendered };
    },
    { direction, durationMs: SCROLL_MS, selector },
  );
}

/** Resolves with Date.now() when `text` first appears anywhere in the document. */
function waitForText(text) {
  return new Promise((resolve) => {
    if (document.body.textContent.includes(text)) return resolve(Date.now());
    // Only what changed is read: reading the whole page on every mutation would add to what is measured.
    const holds = (node) => (node.textContent ?? '').includes(text);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData' ? holds(record.target) : [...record.addedNodes].some(holds)) {
          observer.disconnect();
          resolve(Date.now());
          return;
        }
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
