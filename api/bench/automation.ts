/**
 * npm run bench:automation [-- --phones 300 --users 20 --capacity 10]
 *
 * The queue chatbot and automatic distribution under a burst: P sandbox phones write to a connection with two
 * queues at once, each gets the greeting and menu, answers '2', gets the queue's greeting, and the ticket goes
 * to one of U online attendants with room (NumberOfTickets = capacity). Prints the time from a phone's message to
 * the bot's reply on that phone (p50/p95/p99/max) for both steps, how many tickets were distributed, the most any
 * attendant holds, and that no ticket was assigned twice. Uses DATABASE_URL's server (a scratch database, dropped
 * after) or the embedded PostgreSQL, and REDIS_URL or the local Redis.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { resolveRedisUrl } from '../src/config/local-redis';
import { User } from '../src/auth/users/user.entity';
import { Company } from '../src/tenant/companies/company.entity';
import { Plan } from '../src/tenant/plans/plan.entity';
import { Queue } from '../src/tenant/queues/queue.entity';
import { Setting } from '../src/tenant/settings/setting.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { arg, openScratchDatabase, percentile } from './scratch';
import { countStatements } from './statement-count';

async function main() {
  Logger.overrideLogger(['error']);
  const P = arg('phones', 300);
  const U = arg('users', 20);
  const CAP = arg('capacity', 10);
  const { base, databaseUrl, mediaDir, dispose } = await openScratchDatabase();
  try {
    const redisUrl = await resolveRedisUrl(base.redisUrl, base.dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `atende-bench-${randomBytes(3).toString('hex')}`,
      MEDIA_DIR: mediaDir,
      CONSOLE_DIR: join(mediaDir, 'none'),
      AUTOMATION_SWEEP_MS: '3600000',
    });
    const app = await createApp(config, { logger: ['error'] });
    await app.listen(0, '127.0.0.1');
    const orm = app.get(MikroORM);

    const em = orm.em.fork();
    const plan = em.create(Plan, { name: 'Bench', users: U + 5, connections: 5, queues: 5, value: '0' });
    const company = em.create(Company, { name: 'Bench Co', plan });
    await em.flush();
    const sales = em.create(Queue, { companyId: company.id, name: 'Vendas', color: '#123456', orderQueue: 1, greetingMessage: 'Vendas: já vamos te atender.' });
    const support = em.create(Queue, {
      companyId: company.id,
      name: 'Suporte',
      color: '#654321',
      orderQueue: 2,
      greetingMessage: 'Suporte: já vamos te atender.',
    });
    await em.flush();
    for (let i = 0; i < U; i++) {
      const u = em.create(User, {
        companyId: company.id,
        name: `Atendente ${i}`,
        email: `a${i}@bench.local`,
        passwordHash: 'x',
        profile: 'user',
        automaticDistribution: 'habilitado',
        online: true,
      });
      u.queues.set([i % 2 === 0 ? support : sales]);
    }
    for (const [key, value] of [
      ['AutomaticDistribution', 'enabled'],
      ['NumberOfTickets', String(CAP)],
      ['UsersOnline', 'enabled'],
    ]) {
      em.create(Setting, { companyId: company.id, key, value });
    }
    const whatsapp = em.create(Whatsapp, {
      companyId: company.id,
      name: 'Bench',
      provider: 'sandbox',
      status: 'OPENING',
      isDefault: true,
      greetingMessage: 'Olá! Escolha um setor:',
    });
    whatsapp.queues.set([sales, support]);
    await em.flush();
    await app.get(ConnectionSessionsService).start(company.id, whatsapp.id);
    const network = app.get<SandboxNetwork>(SANDBOX_NETWORK);
    while (!network.isAttached(whatsapp.id)) await new Promise((r) => setTimeout(r, 10));

    const phones = Array.from({ length: P }, (_, i) => `5511${String(800000000 + i)}`);
    const waiting = new Map<string, { at: number; expect: string; resolve: (ms: number) => void }>();
    network.onDelivery((phone, message) => {
      const w = waiting.get(phone.number);
      if (w && message.body.startsWith(w.expect)) {
        waiting.delete(phone.number);
        w.resolve(performance.now() - w.at);
      }
    });
    const say = (number: string, body: string, expect: string) =>
      new Promise<number>((resolve) => {
        waiting.set(number, { at: performance.now(), expect, resolve });
        network.sendFromPhone(number, whatsapp.id, { body });
      });

    const counter = countStatements();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const menu = await Promise.all(phones.map((n) => say(n, 'Oi', 'Olá! Escolha um setor:')));
    const choice = await Promise.all(phones.map((n) => say(n, '2', 'Suporte: já vamos te atender.')));
    const seconds = (performance.now() - started) / 1000;
    // Distribution runs right after the queue greeting is queued; give the last ones a moment.
    await new Promise((r) => setTimeout(r, 1500));

    const statements = counter.take();
    const used = process.cpuUsage(cpu);
    const conn = orm.em.fork().getConnection();
    const [dist] = await conn.execute<{ assigned: number; users: number; most: number; cycles: number }[]>(
      `select count(*)::int as assigned, count(distinct user_id)::int as users,
              coalesce(max(n), 0)::int as most,
              (select count(*)::int from ticket_trackings where company_id = ? and started_at is not null) as cycles
         from (select user_id, count(*) over (partition by user_id) as n from tickets where company_id = ? and user_id is not null) x`,
      [company.id, company.id],
    );
    const supportUsers = Math.ceil(U / 2);
    const expected = Math.min(P, supportUsers * CAP);
    const fmt = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return `p50 ${percentile(s, 50).toFixed(0)} ms   p95 ${percentile(s, 95).toFixed(0)} ms   p99 ${percentile(s, 99).toFixed(0)} ms   max ${s[s.length - 1].toFixed(0)} ms`;
    };
    console.log('');
    console.log(`automation benchmark: ${P} phones at once walk a two-queue menu; ${U} online attendants (half per queue), ${CAP} tickets each at most`);
    console.log(`  greeting+menu  ${fmt(menu)}  (phone's message -> bot's reply on the phone)`);
    console.log(`  queue choice   ${fmt(choice)}  (answer '2' -> the queue's greeting on the phone)`);
    console.log(`  whole burst    ${seconds.toFixed(2)} s for ${P * 2} customer messages and ${P * 2} bot replies`);
    console.log(
      `  distribution   ${dist.assigned} tickets assigned (expected ${expected}) to ${dist.users} attendants, at most ${dist.most} each (limit ${CAP}); ${dist.cycles} cycles started (one per assigned ticket: ${dist.cycles === dist.assigned ? 'yes' : 'NO'})`,
    );
    const total = statements.reduce((n, [, c]) => n + c, 0);
    console.log(`  statements     ${total} during the burst: ${(total / P).toFixed(1)} per phone (--statements: by statement)`);
    // The process runs the API, the workers and the phones: its CPU per phone moves less with the machine's load than the latencies.
    console.log(`  cpu            ${((used.user + used.system) / 1000 / P).toFixed(1)} ms of this process per phone during the burst`);
    if (process.argv.includes('--statements')) {
      for (const [sql, n] of statements.slice(0, 40)) console.log(`    ${(n / P).toFixed(2).padStart(7)}  ${sql}`);
    }
    await app.close();
  } finally {
    await dispose();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
