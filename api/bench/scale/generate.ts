// The scale data set, generated with set-based SQL (insert ... select from generate_series) straight into a
// migrated scratch database: 50 companies, 1,000,000 tickets and about 5,000,000 messages at --scale 1.
import bcrypt from 'bcryptjs';
import type { Client } from 'pg';

export const PASSWORD = 'Bench1234';
export const BIG_COMPANY = 'Big Co';
export const ADMIN_EMAIL = 'big@bench.local';
export const AGENT_EMAIL = 'agent@bench.local';
/** The words searched for: one in a quarter of the messages, one in about 1 in 100,000, and a phrase in 0.5%. */
export const COMMON_WORD = 'obrigado';
export const RARE_WORD = 'xilofone';
export const PHRASE = 'segunda via do boleto';
/**
 * A word rare in Big Co (about 1 message in 100,000) and common in the others (1 in 50, 80,000 messages): a search
 * there must not pay for the other companies' matches.
 */
export const LOCAL_RARE_WORD = 'zabumba';
/** A fragment of contact names: one surname in 30. */
export const NAME_FRAGMENT = 'souza';
/** Messages of the chat-history ticket. */
export const HISTORY_MESSAGES = 5000;

const COMPANIES = 50;
const SENTENCES = 50_000;

/**
 * Portuguese words, most frequent first; each message draws its words with a skew towards the start of the list
 * (index = floor(n * random()^2.5)). None starts with the searched words (prefix search would find it).
 */
const VOCABULARY = (
  'de a o que e do da em um para é com não uma os no se na por mais as dos como mas foi ao ele das tem à seu sua ou ser ' +
  'quando muito há nos já está eu também só pelo pela até isso ela entre era depois sem mesmo aos ter seus quem nas me esse ' +
  'eles estão você tinha foram essa num nem suas meu às minha têm numa pelos elas havia seja qual será nós tenho lhe deles ' +
  'essas esses pelas este fosse dele tu te vocês vos lhes meus minhas teu tua teus tuas nosso nossa nossos nossas dela delas ' +
  'esta estes estas aquele aquela aqueles aquelas isto aquilo bom dia boa tarde noite olá oi pedido entrega prazo produto ' +
  'preço valor pagamento pix cartão boleto segunda via nota fiscal cadastro endereço número telefone atendimento cliente ' +
  'problema ajuda favor certo claro ok sim aguardo retorno hoje amanhã ontem semana mês horário loja site aplicativo senha ' +
  'acesso conta fatura cobrança desconto promoção troca devolução garantia suporte técnico instalação visita agenda ' +
  'confirmar confirmado cancelar cancelamento reembolso estorno transferência protocolo código rastreio correios frete ' +
  'transportadora atraso urgente dúvida informação documento comprovante enviado recebido aprovado pendente consulta ' +
  'plano assinatura renovação contrato multa juros parcela vencimento débito crédito saldo extrato limite'
)
  .split(' ')
  .filter(Boolean);

const FIRST_NAMES =
  'Maria José Ana João Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luis Gabriel Rafael Daniel Marcelo Bruno Eduardo Felipe Raimundo Rodrigo Manoel Mateus André Fernando Fabio Leonardo Gustavo Guilherme Juliana Adriana Marcia Fernanda Patricia Aline Sandra Camila Amanda Bruna'.split(
    ' ',
  );
const SURNAMES =
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas'.split(
    ' ',
  );

export interface GenerateOptions {
  scale: number;
  log: (line: string) => void;
}

/** Tickets of Big Co and of each of the other 49 companies. */
function plan(scale: number) {
  const bigTickets = Math.max(500, Math.round(200_000 * scale));
  const otherTickets = Math.max(100, Math.round((800_000 * scale) / (COMPANIES - 1)));
  const bigMessages = bigTickets * 5;
  // 1 in 100,000 messages; at small scales often enough that Big Co still holds about 10 of them.
  const rarePeriod = Math.max(101, Math.min(100_000, Math.floor(bigMessages / 10)));
  return { bigTickets, otherTickets, rarePeriod };
}

async function timed(db: Client, log: (l: string) => void, label: string, sql: string, params: unknown[] = []): Promise<number> {
  const t0 = performance.now();
  const r = await db.query(sql, params);
  log(`    ${label.padEnd(44)} ${String(r.rowCount ?? '').padStart(9)} rows  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return r.rowCount ?? 0;
}

/**
 * Fills the (migrated, empty) database. The id of the chat-history ticket goes into the database's comment (so
 * `--reuse` finds it).
 */
export async function generate(db: Client, databaseName: string, opts: GenerateOptions): Promise<void> {
  const { log } = opts;
  const { bigTickets, otherTickets, rarePeriod } = plan(opts.scale);
  log(`  generating: Big Co ${bigTickets} tickets, 49 companies x ${otherTickets} tickets (scale ${opts.scale})`);
  await db.query(`set maintenance_work_mem = '1GB'`);
  await db.query(`set work_mem = '256MB'`);
  await db.query(`set synchronous_commit = off`);
  // Foreign keys are checked by triggers; the generated rows are consistent by construction, so a superuser skips them.
  const replica = await db.query(`set session_replication_role = replica`).then(
    () => true,
    () => false,
  );
  if (!replica) log('    (not a superuser: foreign keys are checked row by row, slower)');

  // Deterministic helpers: messages per ticket (1-9, mean 5), the sentence of message j of a ticket, the rare word.
  await db.query(`create function pg_temp.msg_count(tid int) returns int language sql immutable as
    $$ select 1 + ((tid::bigint * 2654435761) % 1000003 % 9)::int $$`);
  await db.query(`create function pg_temp.sentence(tid int, j int) returns int language sql immutable as
    $$ select 1 + (((tid::bigint * 16 + j) * 40503) % 1000003 % ${SENTENCES})::int $$`);
  await db.query(`create function pg_temp.rare(tid int, j int) returns boolean language sql immutable as
    $$ select abs(hashint8(tid::bigint * 16 + j)) % ${rarePeriod} = 3 $$`);

  // The sentence pool: 3-14 skewed words; a quarter carry the common word, 0.5% the phrase.
  await db.query(`create temp table bench_sentences (id int primary key, body text not null)`);
  await timed(
    db,
    log,
    'sentences',
    `insert into bench_sentences (id, body)
     select i,
       case when r1 < 0.25 and r2 < 0.5 then '${COMMON_WORD} ' else '' end ||
       (select string_agg(w, ' ') from (
          select ($1::text[])[1 + floor(power(random(), 2.5) * array_length($1::text[], 1))::int] as w
          from generate_series(1, 3 + (i * 7) % 12) k
        ) x) ||
       case when r3 < 0.005 then ' ${PHRASE}' else '' end ||
       case when r1 < 0.25 and r2 >= 0.5 then ' ${COMMON_WORD}' else '' end
     from (select i, random() as r1, random() as r2, random() as r3 from generate_series(1, ${SENTENCES}) i) s`,
    [VOCABULARY],
  );

  // Companies (one plan), each with users, queues, tags and a connection.
  const passwordHash = bcrypt.hashSync(PASSWORD, 4);
  const planId = (
    await db.query<{ id: number }>(
      `insert into plans (name, users, connections, queues, value, created_at, updated_at) values ('Bench plan', 50, 5, 10, 0, now(), now()) returning id`,
    )
  ).rows[0].id;
  const companies = (
    await db.query<{ id: number; k: number }>(
      `insert into companies (name, plan_id, created_at, updated_at)
       select case when k = 1 then $2 else 'Bench Co ' || lpad(k::text, 2, '0') end, $1, now() - interval '200 days', now()
       from generate_series(1, ${COMPANIES}) k order by k
       returning id, (case when name = $2 then 1 else substr(name, 10)::int end) as k`,
      [planId, BIG_COMPANY],
    )
  ).rows.sort((a, b) => a.k - b.k);
  const bigId = companies[0].id;

  const t0 = performance.now();
  await db.query(`create temp table bench_companies (k int, company_id int, n_tickets int, first_contact int, n_contacts int, users int[],
    queues int[], whatsapp_id int)`);
  for (const { id: companyId, k } of companies) {
    const big = k === 1;
    const nUsers = big ? 20 : 5;
    const nQueues = big ? 5 : 3;
    const nTags = big ? 10 : 5;
    const nTickets = big ? bigTickets : otherTickets;
    const nContacts = big ? Math.max(Math.round(60_000 * opts.scale), Math.ceil(nTickets * 0.07) + 10) : Math.ceil(nTickets * 0.3) + 10;
    // Users: the admin first, then (Big Co) the bench attendant, then plain users.
    await db.query(
      `insert into users (company_id, name, email, password_hash, profile, online, created_at, updated_at)
       select $1::int,
         case when i = 1 then 'Admin ' || $1::int when $2 and i = 2 then 'Atendente Bench' else 'Atendente ' || i end,
         case when i = 1 then (case when $2 then $4 else 'admin.c' || $1::int || '@bench.local' end)
              when $2 and i = 2 then $5
              else 'u' || i || '.c' || $1::int || '@bench.local' end,
         $3, case when i = 1 then 'admin' else 'user' end, i % 3 = 0, now(), now()
       from generate_series(1, $6::int) i order by i`,
      [companyId, big, passwordHash, ADMIN_EMAIL, AGENT_EMAIL, nUsers],
    );
    await db.query(
      `insert into queues (company_id, name, color, order_queue, greeting_message, created_at, updated_at)
       select $1, 'Fila ' || i, '#' || lpad(to_hex(i * 1000003), 6, '0'), i, 'Olá! Escolha uma opção.', now(), now()
       from generate_series(1, $2::int) i order by i`,
      [companyId, nQueues],
    );
    await db.query(
      `insert into tags (company_id, name, color, created_at, updated_at)
       select $1, 'Etiqueta ' || i, '#' || lpad(to_hex(i * 700001), 6, '0'), now(), now() from generate_series(1, $2::int) i order by i`,
      [companyId, nTags],
    );
    const whatsappId = (
      await db.query<{ id: number }>(
        `insert into whatsapps (company_id, name, status, is_default, provider, created_at, updated_at)
         values ($1, 'Conexão ' || $1::int, 'DISCONNECTED', true, 'sandbox', now(), now()) returning id`,
        [companyId],
      )
    ).rows[0].id;
    const users = (await db.query<{ id: number }>(`select id from users where company_id = $1 order by id`, [companyId])).rows.map((r) => r.id);
    const queues = (await db.query<{ id: number }>(`select id from queues where company_id = $1 order by id`, [companyId])).rows.map((r) => r.id);
    await db.query(`insert into whatsapp_queues (whatsapp_id, queue_id) select $1, unnest($2::int[])`, [whatsappId, queues]);
    // Plain users in 1 or 2 queues (every second one in 2, the bench attendant among them); the admin in none.
    await db.query(
      `insert into user_queues (user_id, queue_id)
       select u, ($2::int[])[1 + (n % $3::int)] from unnest($1::int[]) with ordinality as x(u, n) where n > 1
       union
       select u, ($2::int[])[1 + ((n + 1) % $3::int)] from unnest($1::int[]) with ordinality as x(u, n) where n > 1 and (n % 2 = 0 or n = 2)`,
      [users, queues, nQueues],
    );
    // Contacts (1% groups): Brazilian names and mobile numbers.
    const contacts = await db.query<{ first: number; last: number }>(
      `with ins as (
         insert into contacts (company_id, name, number, is_group, whatsapp_id, created_at, updated_at)
         select $1::int,
           case when i % 100 = 0 then 'Grupo ' || i else ($3::text[])[1 + i % 40] || ' ' || ($4::text[])[1 + (i / 40) % 30] || ' ' || i end,
           '55' || (11 + (i % 7) * 10) || '9' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
           i % 100 = 0, $5::int, c, c
         from (select i, now() - random() * interval '120 days' as c from generate_series(0, $2::int - 1) i) s order by i
         returning id
       ) select min(id) as first, max(id) as last from ins`,
      [companyId, nContacts, FIRST_NAMES, SURNAMES, whatsappId],
    );
    const firstContact = contacts.rows[0].first;
    if (contacts.rows[0].last - firstContact + 1 !== nContacts) throw new Error('contact ids are not contiguous');

    await db.query(`insert into bench_companies values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      k,
      companyId,
      nTickets,
      firstContact,
      nContacts,
      users,
      queues,
      whatsappId,
    ]);
    if (big || k % 10 === 0)
      log(
        `    company ${String(k).padStart(2)}: ${nUsers} users, ${nQueues} queues, ${nTags} tags, ${nContacts} contacts  ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
  }

  // Tickets of every company in one statement, ids in creation order: 4% open (with a user), 2% pending (none),
  // the rest closed; open and pending tickets each on a contact of their own (one active ticket per contact).
  await timed(
    db,
    log,
    'tickets',
    `with s as materialized (
       select nextval('tickets_id_seq')::int as id, s0.* from (
         select c.*, i, now() - random() * interval '120 days' as created, random() * interval '2 days' as span, random() as r,
           case when i % 50 in (0, 1) then 'open' when i % 50 = 2 then 'pending' else 'closed' end as status
         from bench_companies c cross join lateral generate_series(0, c.n_tickets - 1) i
         order by created
       ) s0
     ), s2 as (
       select s.*, pg_temp.msg_count(id) as n,
         case when status = 'closed' then floor(r * n_contacts)::int else (i / 50) * 3 + i % 50 end as contact_idx
       from s
     )
     insert into tickets (id, uuid, company_id, status, is_group, contact_id, user_id, queue_id, whatsapp_id, last_message,
       unread_messages, created_at, updated_at)
     select s2.id, gen_random_uuid(), company_id, status, contact_idx % 100 = 0, first_contact + contact_idx,
       case when status = 'pending' then null else users[1 + (i / 50 + i % 50) % array_length(users, 1)] end,
       queues[1 + (i / 7) % array_length(queues, 1)], whatsapp_id,
       b.body || case when pg_temp.rare(s2.id, n) then ' ${RARE_WORD}' else '' end,
       case when status <> 'closed' and (i / 50) % 10 < 3 then 1 + (i / 50) % 3 else 0 end,
       created, least(created + span, now())
     from s2 join bench_sentences b on b.id = pg_temp.sentence(s2.id, n)
     order by s2.id`,
  );
  // The chat-history ticket: Big Co's oldest closed ticket, 5,000 messages over 30 days, all read.
  const history = (
    await db.query<{ id: number }>(`select min(t.id) as id from tickets t join companies c on c.id = t.company_id where c.name = $1 and t.status = 'closed'`, [
      BIG_COMPANY,
    ])
  ).rows[0].id;
  await db.query(
    `update tickets t set updated_at = created_at + interval '30 days', unread_messages = 0,
       last_message = (select body from bench_sentences where id = pg_temp.sentence(t.id, ${HISTORY_MESSAGES})) ||
         case when pg_temp.rare(t.id, ${HISTORY_MESSAGES}) then ' ${RARE_WORD}' else '' end
     where id = $1`,
    [history],
  );

  await timed(
    db,
    log,
    'ticket_trackings (one cycle per ticket)',
    `insert into ticket_trackings (company_id, ticket_id, whatsapp_id, user_id, queue_id, queued_at, started_at, finished_at, rating, created_at)
     select company_id, id, whatsapp_id, user_id, queue_id, created_at,
       case when status <> 'pending' then created_at + least(random() * interval '30 minutes', updated_at - created_at) end,
       case when status = 'closed' then updated_at end,
       case when status = 'closed' and random() < 0.7 then 1 + floor(random() * 3)::int end,
       created_at
     from tickets order by id`,
  );
  // Custom fields (the contact's extraInfo): a third of the contacts have one, one in nine of them a second. Every
  // ticket of a list carries its contact's, so a list reads them for each of its rows.
  await timed(
    db,
    log,
    'contact_custom_fields (1/3 of contacts, 1-2)',
    `insert into contact_custom_fields (company_id, contact_id, name, value)
     select company_id, id, 'CPF', lpad(((id::bigint * 7919) % 100000000000)::text, 11, '0') from contacts where id % 3 = 0
     union all
     select company_id, id, 'Cliente desde', (2010 + id % 15)::text from contacts where id % 9 = 0
     order by 2`,
  );
  await timed(
    db,
    log,
    'ticket_tags (30% of tickets, 1 or 2 tags)',
    `with g as (select company_id, array_agg(id order by id) as tags, count(*)::int as n from tags group by company_id),
     h as (select t.id, t.company_id, (t.id::bigint * 2246822519) % 1000000007 as h from tickets t)
     insert into ticket_tags (ticket_id, tag_id)
     select h.id, g.tags[1 + h.h % g.n] from h join g using (company_id) where h.h % 10 < 3
     union all
     select h.id, g.tags[1 + ((h.h % g.n) + 1 + (h.h / 13) % (g.n - 1)) % g.n] from h join g using (company_id)
     where h.h % 10 < 3 and (h.h / 7) % 2 = 0`,
  );

  // Messages: the secondary indexes are dropped for the load and rebuilt from their own definitions after it.
  const indexes = (
    await db.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(i.oid) as def from pg_index x join pg_class i on i.oid = x.indexrelid
       where x.indrelid = 'messages'::regclass and not x.indisprimary
         and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
    )
  ).rows;
  for (const ix of indexes) await db.query(`drop index ${ix.name}`);
  // In time order, as they arrive: a ticket's messages lie apart in the table, as in production.
  await timed(
    db,
    log,
    'messages',
    `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, source, user_id, created_at, updated_at)
     select t.company_id, t.id, t.contact_id, t.whatsapp_id,
       b.body || case when pg_temp.rare(t.id, j) then ' ${RARE_WORD}' else '' end ||
         case when t.company_id <> $2 and (t.id + j) % 50 = 0 then ' ${LOCAL_RARE_WORD}'
              when t.company_id = $2 and pg_temp.rare(t.id + 1, j) then ' ${LOCAL_RARE_WORD}' else '' end,
       not last_unread and j % 2 = 0, not last_unread,
       case when j % 2 = 0 and not last_unread then 3 else 0 end,
       case when j % 2 = 0 and not last_unread then 'attendant' else 'contact' end,
       case when j % 2 = 0 and not last_unread then t.user_id end,
       ts, ts
     from (select t.*, case when t.id = $1 then ${HISTORY_MESSAGES} else pg_temp.msg_count(t.id) end as n from tickets t) t
     cross join lateral generate_series(1, t.n) j
     cross join lateral (select t.created_at + (t.updated_at - t.created_at) * ((j - 1)::float8 / greatest(t.n - 1, 1)) as ts,
                                j = t.n and t.unread_messages > 0 as last_unread) x
     join bench_sentences b on b.id = pg_temp.sentence(t.id, j)
     order by ts`,
    [history, bigId],
  );
  for (const ix of indexes) await timed(db, log, `index ${ix.name}`, ix.def);
  await db.query(`select setval('messages_id_seq', (select max(id) from messages))`);
  await db.query(`set session_replication_role = origin`).catch(() => undefined);
  // The triggers that keep the badge counters and the dashboard's days did not run in replica mode: build them once.
  await timed(db, log, 'ticket_counts (rebuild_ticket_counts)', 'select rebuild_ticket_counts(null)');
  await timed(db, log, 'ticket_tags.active (rebuild_ticket_tags_active)', 'select rebuild_ticket_tags_active()');
  await timed(db, log, 'tag_counts (rebuild_tag_counts)', 'select rebuild_tag_counts(null)');
  await timed(db, log, 'ticket_tracking_days (rebuild_ticket_tracking_days)', 'select rebuild_ticket_tracking_days(null)');
  await db.query(`comment on database ${databaseName} is '${JSON.stringify({ atendeScaleBench: 1, historyTicketId: history, scale: opts.scale })}'`);
  log('    vacuum analyze');
  await db.query('vacuum analyze');
}
