/**
 * npm run bench:campaign [-- --plan 100000 --timing 10 --kill 300]
 *
 * Three measurements of campaign dispatch, printed as figures:
 * 1. planning: a campaign over a contact list of `--plan` numbers is started (the plan is one statement);
 *    prints the seconds it took (target: 100,000 in under 10 s).
 * 2. timing: `--timing` recipients sent on the sandbox network under real intervals (messageInterval 5 s,
 *    a 1 s pause after every 5): prints how late each send was against its plan, when stored and when the
 *    phone received it (target: every one within 1 s).
 * 3. kill: `--kill` recipients at interval 0 through a separate API process that is killed (SIGKILL) while it sends
 *    and replaced by a new one. The two processes keep the sandbox phones' inboxes in a journal on disk (as a real
 *    phone keeps its messages whoever sent them), and the bench counts what the phones received: duplicates (phones
 *    holding more than one campaign message) and lost sends (phones holding none), both to be 0, beside the same
 *    counts from the database and the time to FINALIZADA.
 * Uses DATABASE_URL's server (a scratch database, dropped after) or the embedded PostgreSQL, and REDIS_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { arg, openScratchDatabase, percentile } from './scratch';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { resolveRedisUrl } from '../src/config/local-redis';
import { asCompanyId } from '../src/common/tenancy/company-id';
import { Company } from '../src/tenant/companies/company.entity';
import { Plan } from '../src/tenant/plans/plan.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { SandboxJournals } from '../src/connection/providers/sandbox/sandbox-journal';
import { CampaignDispatchService } from '../src/campaign/campaigns/campaign-dispatch.service';
import { Campaign } from '../src/campaign/campaigns/campaign.entity';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  Logger.overrideLogger(['error']);
  const PLAN = arg('plan', 100_000);
  const TIMING = arg('timing', 10);
  const KILL = arg('kill', 1000);
  const load0 = loadavg()[0];
  const { base, databaseUrl, mediaDir, dispose } = await openScratchDatabase();
  const redisUrl = await resolveRedisUrl(base.redisUrl, base.dataDir);
  const prefix = `atende-bench-${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    MEDIA_DIR: mediaDir,
    CONSOLE_DIR: join(mediaDir, 'none'),
  });
  const app = await createApp(config, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const orm = app.get<MikroORM>(MikroORM);
  const dispatch = app.get(CampaignDispatchService);
  const network = app.get<SandboxNetwork>(SANDBOX_NETWORK);
  const sql = <T>(q: string, p: unknown[] = []) => orm.em.fork().execute<T[]>(q, p);
  let child: ChildProcess | undefined;
  try {
    const em = orm.em.fork();
    const plan = em.create(Plan, { name: 'Bench', users: 10, connections: 5, queues: 5, value: '0', useCampaigns: true });
    const company = em.create(Company, { name: 'Bench Co', plan });
    await em.flush();
    const companyId = asCompanyId(company.id);
    const whatsapp = em.create(Whatsapp, { companyId, name: 'Bench', provider: 'sandbox', status: 'OPENING', isDefault: true });
    await em.flush();
    await waitFor(async () => (await sql<{ status: string }>('select status from whatsapps where id = ?', [whatsapp.id]))[0].status === 'CONNECTED', 30_000);

    const list = async (n: number, prefixDigits: string) => {
      const [l] = await sql<{ id: number }>(
        `insert into contact_lists (company_id, name, created_at, updated_at) values (?, 'Bench', now(), now()) returning id`,
        [companyId],
      );
      await sql(
        `insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, created_at, updated_at)
         select ?, ?, 'Pessoa ' || g, ? || lpad(g::text, 7, '0'), true, now(), now() from generate_series(1, ?) g`,
        [companyId, l.id, prefixDigits, n],
      );
      return l.id;
    };
    const campaign = async (listId: number, name: string, scheduledAt: Date) =>
      (
        await sql<{ id: number }>(
          `insert into campaigns (company_id, name, status, whatsapp_id, contact_list_id, message1, scheduled_at, created_at, updated_at)
           values (?, ?, 'PROGRAMADA', ?, ?, 'Olá {nome}', ?, now(), now()) returning id`,
          [companyId, name, whatsapp.id, listId, scheduledAt],
        )
      )[0].id;
    const settings = (s: object) =>
      sql(
        `insert into campaign_settings (company_id, message_interval, longer_interval_after, greater_interval, variables, updated_at)
           values (?, ?, ?, ?, '[]', now())
           on conflict (company_id) do update set message_interval = excluded.message_interval, longer_interval_after = excluded.longer_interval_after,
             greater_interval = excluded.greater_interval`,
        [companyId, ...Object.values(s)],
      );

    // 1. Planning.
    const bigList = await list(PLAN, '55119');
    const future = new Date(Date.now() + 24 * 3600_000);
    const big = await campaign(bigList, 'Plano', future);
    const t0 = performance.now();
    const planned = await dispatch.start(companyId, big, future.getTime(), future);
    const planSeconds = (performance.now() - t0) / 1000;
    await sql(`update campaigns set status = 'CANCELADA' where id = ?`, [big]);
    console.log(
      `\nplanning: ${planned!.toLocaleString('en')} recipients planned in ${planSeconds.toFixed(2)} s   target ${PLAN.toLocaleString('en')} in < 10 s: ${planned === PLAN && planSeconds < 10 ? 'met' : 'NOT met'}`,
    );

    // 2. Timing under the configured intervals.
    await settings({ messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 1 });
    const delivered = new Map<string, number>();
    network.onDelivery((phone) => {
      if (!delivered.has(phone.number)) delivered.set(phone.number, Date.now());
    });
    const timingList = await list(TIMING, '55219');
    const timed = await campaign(timingList, 'Tempo', new Date());
    await dispatch.scheduleStart(await orm.em.fork().findOneOrFail(Campaign, { id: timed }, { filters: false }));
    await waitFor(
      async () => (await sql<{ status: string }>('select status from campaigns where id = ?', [timed]))[0].status === 'FINALIZADA',
      TIMING * 12_000,
    );
    await waitFor(async () => delivered.size >= TIMING, 10_000);
    const rows = await sql<{ number: string; planned: Date; stored: Date }>(
      'select s.number, s.planned_at as planned, m.created_at as stored from campaign_shippings s join messages m on m.id = s.message_id where s.campaign_id = ? order by s.planned_at',
      [timed],
    );
    const storedLate = rows.map((r) => new Date(r.stored).getTime() - new Date(r.planned).getTime()).sort((a, b) => a - b);
    const phoneLate = rows.map((r) => (delivered.get(r.number) ?? Infinity) - new Date(r.planned).getTime()).sort((a, b) => a - b);
    const span = (new Date(rows[rows.length - 1].planned).getTime() - new Date(rows[0].planned).getTime()) / 1000;
    console.log(
      `timing: ${rows.length} sends over ${span.toFixed(1)} s (messageInterval 5 s, 1 s pause after every 5); late vs plan when stored p50 ${percentile(storedLate, 50)} ms, max ${storedLate[storedLate.length - 1]} ms; on the phone p50 ${percentile(phoneLate, 50)} ms, max ${phoneLate[phoneLate.length - 1]} ms (target: every one < 1000 ms)`,
    );

    // 3. A worker killed mid-campaign and replaced.
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    await app.close();
    const killList = await (async () => {
      const c = new (await import('pg')).Client({ connectionString: databaseUrl });
      await c.connect();
      const r = await c.query(`insert into contact_lists (company_id, name, created_at, updated_at) values ($1, 'Kill', now(), now()) returning id`, [
        companyId,
      ]);
      const id = r.rows[0].id as number;
      await c.query(
        `insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, created_at, updated_at)
         select $1, $2, 'K ' || g, '55319' || lpad(g::text, 7, '0'), true, now(), now() from generate_series(1, $3) g`,
        [companyId, id, KILL],
      );
      const k = await c.query(
        `insert into campaigns (company_id, name, status, whatsapp_id, contact_list_id, message1, scheduled_at, created_at, updated_at)
         values ($1, 'Kill', 'PROGRAMADA', $2, $3, 'Oi {nome}', now() + interval '3 seconds', now(), now()) returning id`,
        [companyId, whatsapp.id, id],
      );
      await c.end();
      return k.rows[0].id as number;
    })();
    const query = async <T>(q: string, p: unknown[] = []) => {
      const c = new (await import('pg')).Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return (await c.query(q, p)).rows as T[];
      } finally {
        await c.end();
      }
    };
    const sentCount = async () =>
      Number((await query<{ n: string }>(`select count(*) as n from campaign_shippings where campaign_id = $1 and sent_at is not null`, [killList]))[0].n);
    // The phones' inboxes on disk, shared by the killed process and its replacement (SandboxNetwork's journal).
    const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-campaign-'));
    const env = {
      DATA_DIR: dataDir,
      SANDBOX_JOURNAL: 'true',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      MEDIA_DIR: mediaDir,
      SESSION_LEASE_MS: '1500',
      CAMPAIGN_SWEEP_MS: '1000',
      SEND_RETRY_DELAY_MS: '200',
      // The same secrets as this process's app (random per start when not given): one deployment.
      JWT_SECRET: config.jwtSecret,
      JWT_REFRESH_SECRET: config.refreshSecret,
      SECRETS_KEY: config.secretsKey.toString('hex'),
    };
    const k0 = Date.now();
    child = startWorker(env);
    // A process started from source takes long on a loaded machine: minutes allowed before its first sends.
    await waitFor(async () => (await sentCount()) >= KILL / 3, 300_000);
    const killed = child;
    const exited = new Promise((r) => killed.once('exit', r));
    killed.kill('SIGKILL');
    await exited;
    const atKill = await sentCount();
    child = startWorker(env);
    await waitFor(async () => (await query<{ status: string }>('select status from campaigns where id = $1', [killList]))[0].status === 'FINALIZADA', 300_000);
    await waitFor(
      async () =>
        Number(
          (
            await query<{ n: string }>(
              `select count(*) as n from messages m join campaign_shippings s on s.message_id = m.id where s.campaign_id = $1 and m.provider_id is null`,
              [killList],
            )
          )[0].n,
        ) === 0,
      60_000,
    );
    const seconds = (Date.now() - k0) / 1000;
    const [dups] = await query<{ n: string }>(
      `select count(*) as n from (select m.contact_id from messages m join contacts c on c.id = m.contact_id
          where m.company_id = $1 and m.source = 'campaign' and c.number like '55319%' group by m.contact_id having count(*) > 1) d`,
      [companyId],
    );
    const [lost] = await query<{ n: string }>(
      `select count(*) as n from contact_list_items i where i.contact_list_id = (select contact_list_id from campaigns where id = $1)
         and not exists (select 1 from messages m join contacts c on c.id = m.contact_id where c.company_id = $2 and c.number = i.number and m.source = 'campaign' and m.provider_id is not null)`,
      [killList, companyId],
    );
    // What the phones received, from the journal both processes wrote: one message per provider id, as a phone shows them.
    const inbox = new Map<string, Set<string>>();
    for (const e of new SandboxJournals(join(dataDir, 'sandbox')).readAll()) {
      if (e.k !== 'deliver' || e.m.whatsappId !== whatsapp.id || !e.to.startsWith('55319')) continue;
      const ids = inbox.get(e.to) ?? new Set<string>();
      ids.add(e.m.providerId);
      inbox.set(e.to, ids);
    }
    const received = [...inbox.values()].reduce((n, ids) => n + ids.size, 0);
    const phoneDuplicates = [...inbox.values()].filter((ids) => ids.size > 1).length;
    const phoneLost = KILL - inbox.size;
    rmSync(dataDir, { recursive: true, force: true });
    const midSend = atKill > 0 && atKill < KILL;
    console.log(
      `kill: ${KILL} recipients, worker process killed (SIGKILL) after ${atKill} sends${midSend ? '' : ' (NOT mid-send)'} and replaced; FINALIZADA after ${seconds.toFixed(1)} s`,
    );
    console.log(
      `  the phones received ${received} messages: ${phoneDuplicates} phones with more than one (duplicates), ${phoneLost} with none (lost)   target 0 and 0: ${phoneDuplicates === 0 && phoneLost === 0 && midSend ? 'met' : 'NOT met'}`,
    );
    console.log(`  the database: ${dups.n} contacts with more than one campaign message, ${lost.n} recipients without a sent one`);
    console.log(`load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (1 min; 2 cores: above 2, something else ran too)\n`);
  } finally {
    child?.kill('SIGKILL');
    await app.close().catch(() => undefined);
    await dispose();
  }
}

/** An API process of its own (ROLE all: HTTP, jobs and the WhatsApp session), from source. */
function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', MIGRATE_ON_START: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(100);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
