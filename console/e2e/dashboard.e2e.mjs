// The dashboard in Chromium against the real API (issue 9): tickets and attendance cycles seeded with SQL at known
// instants, then the cards' numbers, the hourly charts' day, the charts' text alternatives, the attendants table and
// the spec's texts for no filter ('Parametrize o filtro') and an invalid date. Run by `npm run test:e2e -w console`.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, launchBrowser, startApi, startMailbox } from './harness.mjs';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });
const PASSWORD = 'Atende@2026';
const ADMIN = 'admin@demo.atende.local';

let db;
let mailbox;
let api;
let browser;
let sql;
/** What the seed put in and what was there before it. */
const seeded = {};

before(async () => {
  db = await createDatabase();
  mailbox = await startMailbox();
  api = await startApi({ databaseUrl: db.url, smtpPort: mailbox.port });
  browser = await launchBrowser();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await seed();
});

after(async () => {
  await sql?.end();
  await browser?.close();
  await api?.stop();
  await mailbox?.close();
  await db?.drop();
});

const one = async (text, values) => (await sql.query(text, values)).rows[0];

/**
 * In the demo company (America/Sao_Paulo, UTC−3), for the period 2025-03-03..2025-03-05:
 * - Ana closes a Vendas ticket created 2025-03-04 09:00 local: queued 09:00, started 09:05, closed 09:35, rated 3;
 * - the admin closes a Vendas ticket created 10:00 local: queued 10:00, started 10:15, closed 10:25, rated 2;
 * - Ana closes a ticket with no queue on 2025-03-05: started 17:00, closed 17:20:30 local, unrated;
 * - one cycle closed 2025-03-06 00:00 local, just outside the period;
 * their 4 contacts created at those instants (3 in the period: the leads); now, 2 pending tickets and 1 open one more.
 * Finished 3; support (30 + 10 + 20.5) / 3 = 20.17 min; wait (5 + 15) / 2 = 10 min; Ana's support (30 + 20.5) / 2 = 25.25.
 */
async function seed() {
  const admin = await one(`select id, name, company_id from users where email = $1`, [ADMIN]);
  const ana = await one(`select id, name from users where email = 'ana@demo.atende.local'`);
  const company = admin.company_id;
  const queue = await one(
    `insert into queues (company_id, name, color, created_at, updated_at) values ($1, 'Fila Painel', '#8E24AA', now(), now()) returning id, name`,
    [company],
  );
  await sql.query(`update companies set due_date = '2026-12-31', timezone = 'America/Sao_Paulo' where id = $1`, [company]);
  const before = await one(
    `select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'open')::int as open from tickets where company_id = $1`,
    [company],
  );
  let n = 0;
  async function ticket({ status, createdAt, userId = null, queueId = null, cycle }) {
    n += 1;
    const contact = await one(`insert into contacts (company_id, name, number, created_at, updated_at) values ($1, $2, $3, $4, $4) returning id`, [
      company,
      `Painel ${n}`,
      `55119880000${String(n).padStart(2, '0')}`,
      createdAt,
    ]);
    const t = await one(
      `insert into tickets (uuid, company_id, status, contact_id, user_id, queue_id, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $7) returning id`,
      [randomUUID(), company, status, contact.id, userId, queueId, createdAt],
    );
    if (cycle) {
      await sql.query(
        `insert into ticket_trackings (company_id, ticket_id, user_id, queue_id, queued_at, started_at, finished_at, rating, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [company, t.id, userId, queueId, cycle.queuedAt ?? null, cycle.startedAt ?? null, cycle.finishedAt ?? null, cycle.rating ?? null, createdAt],
      );
    }
  }
  await ticket({
    status: 'closed',
    createdAt: '2025-03-04T12:00:00Z',
    userId: ana.id,
    queueId: queue.id,
    cycle: { queuedAt: '2025-03-04T12:00:00Z', startedAt: '2025-03-04T12:05:00Z', finishedAt: '2025-03-04T12:35:00Z', rating: 3 },
  });
  await ticket({
    status: 'closed',
    createdAt: '2025-03-04T13:00:00Z',
    userId: admin.id,
    queueId: queue.id,
    cycle: { queuedAt: '2025-03-04T13:00:00Z', startedAt: '2025-03-04T13:15:00Z', finishedAt: '2025-03-04T13:25:00Z', rating: 2 },
  });
  await ticket({
    status: 'closed',
    createdAt: '2025-03-05T19:00:00Z',
    userId: ana.id,
    cycle: { startedAt: '2025-03-05T20:00:00Z', finishedAt: '2025-03-05T20:20:30Z' },
  });
  await ticket({
    status: 'closed',
    createdAt: '2025-03-06T03:00:00Z',
    userId: ana.id,
    cycle: { startedAt: '2025-03-06T02:00:00Z', finishedAt: '2025-03-06T03:00:00Z', rating: 1 },
  });
  const now = new Date().toISOString();
  await ticket({ status: 'pending', createdAt: now, queueId: queue.id });
  await ticket({ status: 'pending', createdAt: now });
  await ticket({ status: 'open', createdAt: now, userId: ana.id, queueId: queue.id });
  Object.assign(seeded, { admin, ana, queue, pending: before.pending + 2, open: before.open + 1 });
}

async function adminPage(viewport = { width: 1366, height: 800 }) {
  const context = await browser.newContext({ viewport, baseURL: api.url, locale: 'pt-BR' });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  // The page's first figures in before a test types into its filter (seen once in CI under load: the dates typed
  // while the first load was still in flight were not the ones the 'Filtrar' click sent).
  const firstLoad = page.waitForResponse((r) => new URL(r.url()).pathname === '/dashboard');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await firstLoad;
  return page;
}

const card = (page, label) => page.locator('.atd-DashboardCard', { has: page.getByText(label, { exact: true }) }).locator('dd');
/** The rows of a chart's text alternative, as 'label count'. */
const chartRows = (page, title) =>
  page
    .getByRole('table', { name: title })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent).join(' ')));

describe('dashboard', () => {
  it('shows the cards, charts and attendants of a period by date, and the hourly charts of a day', async () => {
    const page = await adminPage();
    try {
      await page.getByLabel('Data inicial').fill('2025-03-03');
      await page.getByLabel('Data final').fill('2025-03-05');
      const answered = page.waitForResponse((r) => r.url().includes('/dashboard?') && r.url().includes('date_from=2025-03-03'));
      await page.getByRole('button', { name: 'Filtrar' }).click();
      assert.equal((await answered).status(), 200);
      await page.getByText('De 03/03/2025 a 05/03/2025').waitFor();

      assert.equal(await card(page, 'Atendimentos pendentes').textContent(), String(seeded.pending));
      assert.equal(await card(page, 'Atendimentos acontecendo').textContent(), String(seeded.open));
      assert.equal(await card(page, 'Atendimentos realizados').textContent(), '3');
      assert.equal(await card(page, 'Leads').textContent(), '3');
      assert.equal(await card(page, 'T.M. de atendimento').textContent(), '20m 10s');
      assert.equal(await card(page, 'T.M. de espera').textContent(), '10m 00s');
      assert.equal(await card(page, 'Data de vencimento').textContent(), '31/12/2026');

      const byUser = await chartRows(page, 'Atendimentos finalizados por atendente');
      assert.deepEqual(byUser, [`${seeded.ana.name} 2`, `${seeded.admin.name} 1`]);
      assert.deepEqual(await chartRows(page, 'Atendimentos finalizados por fila'), [`${seeded.queue.name} 2`, 'Sem fila 1']);
      // The charts are drawn (a canvas named by its summary) beside their tables.
      await page.getByRole('img', { name: `Atendimentos finalizados por fila: ${seeded.queue.name} 2, Sem fila 1` }).waitFor();

      const attendants = page.getByRole('grid', { name: 'Atendentes' });
      const anaRow = attendants.getByRole('row').filter({ hasText: seeded.ana.name });
      await anaRow.getByRole('img', { name: '3 de 3 estrelas' }).waitFor();
      assert.match(await anaRow.textContent(), /25m 15s/);
      assert.match(await anaRow.textContent(), /Offline|Online/);

      // The hourly charts of 2025-03-04: created at 09:00 and 10:00 local, closed at 09:35 and 10:25.
      const day = page.waitForResponse((r) => r.url().includes('date=2025-03-04'));
      await page.getByLabel('Dia dos gráficos').fill('2025-03-04');
      await day;
      await page.getByRole('figure', { name: 'Atendimentos criados por hora' }).getByText('Total: 2').waitFor();
      const created = await chartRows(page, 'Atendimentos criados por hora');
      assert.equal(created.length, 24);
      assert.deepEqual(
        created.filter((r) => !r.endsWith(' 0')),
        ['09:00 1', '10:00 1'],
      );
      const closed = await chartRows(page, 'Atendimentos finalizados por hora');
      assert.deepEqual(
        closed.filter((r) => !r.endsWith(' 0')),
        ['09:00 1', '10:00 1'],
      );
      // The period did not move with the day.
      assert.equal(await card(page, 'Atendimentos realizados').textContent(), '3');
    } finally {
      await page.screenshot({ path: `${ARTIFACTS}dashboard.png`, fullPage: true });
      await page.context().close();
    }
  });

  it("says 'Parametrize o filtro' with no filter and 'Data inválida. Por favor, insira uma data válida.' for an invalid date", async () => {
    const page = await adminPage();
    try {
      let requests = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/dashboard') requests += 1;
      });
      await page.getByRole('button', { name: /Tipo de filtro/ }).click();
      await page.getByRole('option', { name: 'Filtro por período' }).click();
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByRole('alert').filter({ hasText: 'Parametrize o filtro' }).waitFor();

      await page.getByRole('button', { name: /Período/ }).click();
      await page.getByRole('option', { name: 'Últimos 90 dias' }).click();
      const ninety = page.waitForResponse((r) => r.url().includes('days=90'));
      await page.getByRole('button', { name: 'Filtrar' }).click();
      assert.equal((await ninety).status(), 200);
      assert.equal(await page.getByText('Parametrize o filtro').count(), 0);

      await page.getByRole('button', { name: /Tipo de filtro/ }).click();
      await page.getByRole('option', { name: 'Filtro por data' }).click();
      await page.getByLabel('Data inicial').fill('');
      const before = requests;
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByText('Data inválida. Por favor, insira uma data válida.').waitFor();
      assert.equal(requests, before, 'no request for an invalid filter');

      await page.getByLabel('Dia dos gráficos').fill('');
      assert.equal(await page.getByText('Data inválida. Por favor, insira uma data válida.').count(), 2);
    } finally {
      await page.context().close();
    }
  });
});
