/**
 * npm run bench:dashboard [-- --tickets 200000 --requests 200 --days 30 --keep 1]
 *
 * Seeds one company with N tickets spread over the last 120 days (each with its attendance cycle, most of them
 * finished and rated, on 10 attendants and 5 queues) and N/10 contacts, straight with SQL, plus a second company
 * with a quarter as many rows (noise the tenant filter must skip). Then times R sequential GET /dashboard?days=D
 * as the first company's admin over HTTP and prints p50/p95/max; the target is p95 under 100 ms for 200,000
 * tickets and 30 days. Uses DATABASE_URL's server (a scratch database, dropped after) or the embedded PostgreSQL,
 * and REDIS_URL or the local Redis.
 */
import { randomBytes } from 'node:crypto';
import { arg, openScratchDatabase, percentile } from './scratch';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { Client } from 'pg';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { resolveRedisUrl } from '../src/config/local-redis';

/** A company, its plan, 10 users (the first an admin with `password`) and 5 queues; returns the company id. */
async function seedCompany(db: Client, name: string, email: string, passwordHash: string): Promise<number> {
  const plan = await db.query<{ id: number }>(
    `insert into plans (name, users, connections, queues, value, created_at, updated_at) values ($1, 20, 5, 10, 0, now(), now()) returning id`,
    [`${name} plan`],
  );
  const company = await db.query<{ id: number }>(`insert into companies (name, plan_id, created_at, updated_at) values ($1, $2, now(), now()) returning id`, [
    name,
    plan.rows[0].id,
  ]);
  const companyId = company.rows[0].id;
  await db.query(
    `insert into users (company_id, name, email, password_hash, profile, online, created_at, updated_at)
     select $1, 'Atendente ' || i, case when i = 1 then $2 else 'u' || i || '.' || $2 end, $3,
       case when i = 1 then 'admin' else 'user' end, i % 2 = 0, now(), now()
     from generate_series(1, 10) i`,
    [companyId, email, passwordHash],
  );
  await db.query(
    `insert into queues (company_id, name, color, greeting_message, created_at, updated_at)
     select $1, 'Fila ' || i, '#' || lpad(to_hex(i * 2000000), 6, '0'), 'Olá', now(), now() from generate_series(1, 5) i`,
    [companyId],
  );
  return companyId;
}

/**
 * N tickets created at random instants of the last 120 days, each with one cycle: queued at creation, started 0-30
 * minutes later, finished 1-120 minutes after that for 90% of them (closed), the rest open or pending; 70% of the
 * finished rated 1-3. N/10 contacts created over the same 120 days (the leads).
 */
async function seedTickets(db: Client, companyId: number, n: number): Promise<void> {
  const contacts = Math.max(1, Math.floor(n / 10));
  await db.query(
    `insert into contacts (company_id, name, number, is_group, created_at, updated_at)
     select $1::int, 'Cliente ' || i, '55' || $1::int || lpad(i::text, 9, '0'), i % 50 = 0, t, t
     from (select i, now() - random() * interval '120 days' as t from generate_series(1, $2::int) i) s`,
    [companyId, contacts],
  );
  const users = (await db.query<{ id: number }>(`select id from users where company_id = $1 order by id`, [companyId])).rows.map((r) => r.id);
  const queues = (await db.query<{ id: number }>(`select id from queues where company_id = $1 order by id`, [companyId])).rows.map((r) => r.id);
  const firstContact = (await db.query<{ id: number }>(`select min(id) as id from contacts where company_id = $1`, [companyId])).rows[0].id;
  const batch = 50_000;
  for (let offset = 0; offset < n; offset += batch) {
    const size = Math.min(batch, n - offset);
    // Open and pending tickets each on a contact of their own (one active ticket per contact); closed ones anywhere.
    await db.query(
      `with s as (
         select i, now() - random() * interval '120 days' as created,
           case when i % 20 = 0 then 'open' when i % 20 = 1 then 'pending' else 'closed' end as status,
           ($5::int[])[1 + (i % array_length($5::int[], 1))] as user_id,
           ($6::int[])[1 + (i % array_length($6::int[], 1))] as queue_id
         from generate_series($2::int + 1, $2::int + $3::int) i
       ), t as (
         insert into tickets (uuid, company_id, status, contact_id, user_id, queue_id, created_at, updated_at)
         select gen_random_uuid(), $1, status, $4::int + (i % $7::int), user_id, queue_id, created, created from s
         returning id, status, user_id, queue_id, created_at
       )
       insert into ticket_trackings (company_id, ticket_id, user_id, queue_id, queued_at, started_at, finished_at, rating, created_at)
       select $1, id, case when status = 'pending' then null else user_id end, queue_id, created_at,
         case when status = 'pending' then null else created_at + random() * interval '30 minutes' end,
         case when status = 'closed' then created_at + interval '30 minutes' + (1 + random() * 119) * interval '1 minute' end,
         case when status = 'closed' and random() < 0.7 then 1 + floor(random() * 3)::int end,
         created_at
       from t`,
      [companyId, offset, size, firstContact, users, queues, contacts],
    );
  }
}

async function main() {
  Logger.overrideLogger(['error']);
  const N = arg('tickets', 200_000);
  const R = arg('requests', 200);
  const DAYS = arg('days', 30);
  const { base, databaseUrl, mediaDir, dispose } = await openScratchDatabase();
  try {
    const password = 'Bench1234';
    const db = new Client({ connectionString: databaseUrl });
    db.on('error', () => undefined); // the scratch database is dropped with (force) on failure
    await db.connect();
    const seedStart = performance.now();
    const companyId = await seedCompany(db, 'Bench Co', 'bench@bench.local', bcrypt.hashSync(password, 4));
    await seedTickets(db, companyId, N);
    const other = await seedCompany(db, 'Noise Co', 'noise@bench.local', bcrypt.hashSync(password, 4));
    await seedTickets(db, other, Math.floor(N / 4));
    await db.query('vacuum analyze');
    const counts = (
      await db.query<{ tickets: string; trackings: string }>(
        `select (select count(*) from tickets where company_id = $1) as tickets, (select count(*) from ticket_trackings where company_id = $1) as trackings`,
        [companyId],
      )
    ).rows[0];
    const seedSeconds = (performance.now() - seedStart) / 1000;
    await db.end();

    const redisUrl = await resolveRedisUrl(base.redisUrl, base.dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `atende-bench-${randomBytes(3).toString('hex')}`,
      MEDIA_DIR: mediaDir,
      CONSOLE_DIR: join(mediaDir, 'none'),
    });
    const app = await createApp(config, { logger: ['error'] });
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as { port: number }).port;
    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bench@bench.local', password }),
    }).then((r) => r.json() as Promise<{ token: string }>);

    async function time(query: string, requests: number): Promise<{ p50: number; p95: number; max: number; finished: number }> {
      const url = `http://127.0.0.1:${port}/dashboard?${query}`;
      const headers = { Authorization: `Bearer ${login.token}` };
      let finished = 0;
      for (let i = 0; i < 10; i++) await fetch(url, { headers }).then((r) => r.arrayBuffer()); // warm-up
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { counters?: { supportFinished: number } };
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`GET /dashboard?${query} answered ${res.status}: ${JSON.stringify(body)}`);
        finished = body.counters!.supportFinished;
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], finished };
    }

    console.log('');
    console.log(
      `dashboard benchmark: company with ${counts.tickets} tickets and ${counts.trackings} cycles over 120 days (seeded in ${seedSeconds.toFixed(1)} s)`,
    );
    const target = await time(`days=${DAYS}`, R);
    const line = (label: string, r: { p50: number; p95: number; max: number; finished: number }) =>
      console.log(
        `  ${label.padEnd(16)} p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   max ${r.max.toFixed(1)} ms   (${r.finished} finished in the period)`,
      );
    line(`days=${DAYS}`, target);
    line('days=90', await time('days=90', Math.max(20, Math.floor(R / 4))));
    console.log(`  target           p95 < 100 ms for days=30: ${target.p95 < 100 ? 'met' : 'NOT met'}`);
    await app.close();
    if (DAYS === 30 && N >= 200_000 && target.p95 >= 100) process.exitCode = 1;
  } finally {
    await dispose(arg('keep', 0) > 0);
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
