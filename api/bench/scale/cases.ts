// The cases bench:scale measures: each one HTTP request of the console (path and who asks) and, for comparison,
// the SQL the system this product replaces (Whaticket: Sequelize findAndCountAll, which runs the page query and a
// count(distinct id) with the same joins and WHERE side by side) would run on the same data, through `pg`.
import type { Client } from 'pg';
import { ADMIN_EMAIL, AGENT_EMAIL, BIG_COMPANY, COMMON_WORD, LOCAL_RARE_WORD, NAME_FRAGMENT, PHRASE, RARE_WORD } from './generate';

export type Kind = 'list' | 'search' | 'history' | 'dashboard';

/**
 * Issue 36's targets, as ratios to `GET /health` measured on the same API process just before each case (the machine's
 * own floor for an HTTP answer that touches PostgreSQL): the sequential p50 within this many times /health's.
 */
export const HEALTH_RATIO: Record<Kind, number> = { list: 3, search: 3, history: 3, dashboard: 5 };
/** At concurrency 10, a case's throughput is at least this share of /health's. */
export const THROUGHPUT_SHARE = 0.4;

export interface Facts {
  companyId: number;
  agentId: number;
  agentQueues: number[];
  tagId: number;
  twoUsers: number[];
  historyTicketId: number;
  scale: number;
  /** Five digits in the middle of one of Big Co's contact numbers (a few numbers hold them). */
  numberFragment: string;
}

/** Two connections: Sequelize's findAndCountAll sends its count and its page at once, each on a pool connection. */
export interface NaiveDb {
  a: Client;
  b: Client;
}

export interface Case {
  name: string;
  kind: Kind;
  who: 'admin' | 'agent';
  path: string;
  /** Rows of the answer (tickets, messages, contacts or attendants). */
  rows: (body: Record<string, unknown>) => number;
  /** Runs the naive query (or queries) once; resolves to the rows of its page. */
  naive: (db: NaiveDb) => Promise<number>;
}

export async function readFacts(db: Client): Promise<Facts> {
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
    const r = await db.query<{ v: T }>(sql, params);
    if (!r.rows.length || r.rows[0].v === null) throw new Error(`not a bench:scale database (nothing for: ${sql})`);
    return r.rows[0].v;
  };
  const companyId = await one<number>(`select id as v from companies where name = $1`, [BIG_COMPANY]);
  const agentId = await one<number>(`select id as v from users where email = $1`, [AGENT_EMAIL]);
  await one<number>(`select id as v from users where email = $1`, [ADMIN_EMAIL]);
  const comment = await one<string>(`select shobj_description(oid, 'pg_database') as v from pg_database where datname = current_database()`);
  const meta = JSON.parse(comment) as { historyTicketId: number; scale: number };
  return {
    companyId,
    agentId,
    agentQueues: await one<number[]>(`select array_agg(queue_id order by queue_id) as v from user_queues where user_id = $1`, [agentId]),
    tagId: await one<number>(`select min(id) as v from tags where company_id = $1`, [companyId]),
    twoUsers: await one<number[]>(
      `select array_agg(id order by id) as v from (select id from users where company_id = $1 and profile = 'user' and id <> $2 order by id limit 2) u`,
      [companyId, agentId],
    ),
    historyTicketId: meta.historyTicketId,
    scale: meta.scale,
    numberFragment: await one<string>(`select substr(number, 6, 5) as v from contacts where company_id = $1 order by id offset 100 limit 1`, [companyId]),
  };
}

interface NaiveList {
  status?: 'open' | 'pending' | 'closed';
  /** The attendant: Whaticket's visibility for a user without showAll (open and pending tabs) or with it (closed, search). */
  agent?: { userId: number; queues: number[]; showAll: boolean };
  tags?: number[];
  users?: number[];
  unread?: boolean;
  search?: string;
  page?: number;
}

const TICKET_JOINS = `left join contacts c on c.id = t.contact_id
  left join queues q on q.id = t.queue_id
  left join whatsapps w on w.id = t.whatsapp_id
  left join users u on u.id = t.user_id`;

/** ListTicketsService: the page (main model in a subquery, tags joined after it) and its count(distinct), concurrently. */
function naiveTickets(companyId: number, f: NaiveList): (db: NaiveDb) => Promise<number> {
  const params: unknown[] = [companyId];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = ['t.company_id = $1'];
  if (f.agent) {
    if (!f.agent.showAll) where.push(`(t.user_id = ${p(f.agent.userId)} or t.status = 'pending')`);
    where.push(`(t.queue_id = any(${p(f.agent.queues)}) or t.queue_id is null)`);
  }
  if (f.status) where.push(`t.status = ${p(f.status)}`);
  if (f.unread) where.push('t.unread_messages > 0');
  if (f.users?.length) where.push(`t.user_id = any(${p(f.users)})`);
  if (f.tags?.length) {
    where.push(`t.id in (select ticket_id from ticket_tags where tag_id = any(${p(f.tags)}) group by ticket_id having count(*) = ${p(f.tags.length)})`);
  }
  if (f.search) {
    const like = p(`%${f.search.toLowerCase()}%`);
    where.push(
      `(lower(c.name) like ${like} or c.number like ${like} or exists (select 1 from messages m where m.ticket_id = t.id and lower(m.body) like ${like}))`,
    );
  }
  const offset = ((f.page ?? 1) - 1) * 40;
  const page = `select t.*, tg.id as "tags.id", tg.name as "tags.name", tg.color as "tags.color"
    from (
      select t.*, c.id as "contact.id", c.name as "contact.name", c.number as "contact.number", c.email as "contact.email",
        c.profile_pic_url as "contact.profilePicUrl", q.id as "queue.id", q.name as "queue.name", q.color as "queue.color",
        w.id as "whatsapp.id", w.name as "whatsapp.name", u.id as "user.id", u.name as "user.name"
      from tickets t ${TICKET_JOINS}
      where ${where.join(' and ')}
      order by t.updated_at desc limit 40 offset ${offset}
    ) t
    left join ticket_tags tt on tt.ticket_id = t.id left join tags tg on tg.id = tt.tag_id
    order by t.updated_at desc`;
  const count = `select count(distinct t.id) as count from tickets t ${TICKET_JOINS}
    left join ticket_tags tt on tt.ticket_id = t.id left join tags tg on tg.id = tt.tag_id
    where ${where.join(' and ')}`;
  return async (db) => {
    const [rows] = await Promise.all([db.a.query<{ id: number }>(page, params), db.b.query(count, params)]);
    return new Set(rows.rows.map((r) => r.id)).size;
  };
}

/** ShowTicketService, then ListMessagesService: 20 per page with contact and quoted message (and its contact), plus the count. */
function naiveMessages(ticketId: number, page: number): (db: NaiveDb) => Promise<number> {
  const ticket = `select t.*, c.id as "contact.id", c.name as "contact.name", c.number as "contact.number", q.id as "queue.id", q.name as "queue.name",
      u.id as "user.id", u.name as "user.name", w.id as "whatsapp.id", w.name as "whatsapp.name", tg.id as "tags.id", tg.name as "tags.name"
    from tickets t ${TICKET_JOINS} left join ticket_tags tt on tt.ticket_id = t.id left join tags tg on tg.id = tt.tag_id
    where t.id = $1`;
  const joins = `left join contacts c on c.id = m.contact_id left join messages qm on qm.id = m.quoted_msg_id left join contacts qc on qc.id = qm.contact_id`;
  const list = `select m.id, m.body, m.from_me, m.read, m.media_type, m.media_path, m.media_name, m.data_json, m.ack, m.created_at, m.updated_at, m.ticket_id,
      m.contact_id, m.quoted_msg_id, c.id as "contact.id", c.name as "contact.name", c.number as "contact.number",
      qm.id as "quotedMsg.id", qm.body as "quotedMsg.body", qm.from_me as "quotedMsg.fromMe", qc.id as "quotedMsg.contact.id", qc.name as "quotedMsg.contact.name"
    from messages m ${joins}
    where m.ticket_id = $1 order by m.created_at desc limit 20 offset $2`;
  const count = `select count(m.id) as count from messages m ${joins} where m.ticket_id = $1`;
  return async (db) => {
    await db.a.query(ticket, [ticketId]);
    const [rows] = await Promise.all([db.a.query(list, [ticketId, (page - 1) * 20]), db.b.query(count, [ticketId])]);
    return rows.rowCount ?? 0;
  };
}

/** ListContactsService: name (lower-cased) or number LIKE the term, by name, 20 per page, and the count. */
function naiveContacts(companyId: number, term?: string): (db: NaiveDb) => Promise<number> {
  const params: unknown[] = [companyId];
  let where = 'c.company_id = $1';
  if (term) {
    params.push(`%${term.toLowerCase()}%`);
    where += ` and (lower(c.name) like $2 or c.number like $2)`;
  }
  const list = `select c.* from contacts c where ${where} order by c.name asc limit 20 offset 0`;
  const count = `select count(*) as count from contacts c where ${where}`;
  return async (db) => {
    const [rows] = await Promise.all([db.a.query(list, params), db.b.query(count, params)]);
    return rows.rowCount ?? 0;
  };
}

/**
 * DashbardDataService as Whaticket writes it: the period's tracking rows joined with company, user, connection,
 * ticket and contact in a CTE, then the counters and the per-attendant figures over it (no covering index).
 */
function naiveDashboard(companyId: number, days: number): (db: NaiveDb) => Promise<number> {
  const sql = `with traking as (
      select c.name as company_name, u.name as user_name, u.online as user_online, w.name as whatsapp_name,
        ct.name as contact_name, ct.number as contact_number,
        tt.finished_at is not null as finished,
        tt.user_id is null and tt.finished_at is null as pending,
        tt.started_at is not null and tt.finished_at is null as happening,
        extract(epoch from coalesce(tt.finished_at, now()) - tt.started_at) / 60 as support_time,
        extract(epoch from coalesce(tt.started_at, now()) - tt.queued_at) / 60 as wait_time,
        tt.user_id, tt.rating, t.status
      from ticket_trackings tt
      left join companies c on c.id = tt.company_id
      left join users u on u.id = tt.user_id
      left join whatsapps w on w.id = tt.whatsapp_id
      left join tickets t on t.id = tt.ticket_id
      left join contacts ct on ct.id = t.contact_id
      where tt.company_id = $1 and tt.created_at >= date_trunc('day', now()) - $2::int * interval '1 day' and tt.created_at < now()
    ), counters as (
      select avg(support_time) filter (where finished) as avg_support_time, avg(wait_time) as avg_wait_time,
        count(*) filter (where happening) as support_happening, count(*) filter (where pending) as support_pending,
        count(*) filter (where finished) as support_finished,
        (select count(*) from contacts cc where cc.company_id = $1 and cc.created_at >= date_trunc('day', now()) - $2::int * interval '1 day') as leads
      from traking
    ), attendants as (
      select u.id, u.name, u.online, coalesce(a.rating, 0) as rating, a.avg_support_time, coalesce(a.tickets, 0) as tickets
      from users u left join (
        select user_id, avg(rating) as rating, avg(support_time) as avg_support_time, count(*) as tickets from traking where user_id is not null group by user_id
      ) a on a.user_id = u.id
      where u.company_id = $1
    )
    select (select row_to_json(c) from counters c) as counters, (select coalesce(json_agg(a), '[]') from attendants a) as attendants`;
  return async (db) => {
    const r = await db.a.query<{ attendants: unknown[] }>(sql, [companyId, days - 1]);
    return r.rows[0].attendants.length;
  };
}

const arr = (key: string) => (body: Record<string, unknown>) => (Array.isArray(body[key]) ? (body[key] as unknown[]).length : -1);
const qs = (params: Record<string, string | number | number[] | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? JSON.stringify(v) : String(v))}`)
    .join('&');

/** Every case, in the order of the table. Query parameters as the console sends them (id lists as JSON arrays). */
export function buildCases(f: Facts): Case[] {
  const deep = Math.max(2, Math.min(50, Math.round(100 * f.scale)));
  const tickets = arr('tickets');
  const agent = (showAll: boolean) => ({ userId: f.agentId, queues: f.agentQueues, showAll });
  const cases: Case[] = [];
  const list = (name: string, who: 'admin' | 'agent', params: Record<string, string | number | number[] | undefined>, naive: NaiveList, kind: Kind = 'list') =>
    cases.push({ name, kind, who, path: `/tickets?${qs(params)}`, rows: tickets, naive: naiveTickets(f.companyId, naive) });

  for (const status of ['pending', 'open', 'closed'] as const) {
    list(`list ${status} admin p1`, 'admin', { status, showAll: 'true' }, { status });
  }
  list(`list closed admin p${deep}`, 'admin', { status: 'closed', showAll: 'true', pageNumber: deep }, { status: 'closed', page: deep });
  for (const status of ['pending', 'open'] as const) {
    list(`list ${status} agent p1`, 'agent', { status, queueIds: f.agentQueues }, { status, agent: agent(false) });
  }
  list(`list closed agent p1`, 'agent', { status: 'closed', showAll: 'true', queueIds: f.agentQueues }, { status: 'closed', agent: agent(true) });
  list(
    `list closed agent p${deep}`,
    'agent',
    { status: 'closed', showAll: 'true', queueIds: f.agentQueues, pageNumber: deep },
    { status: 'closed', agent: agent(true), page: deep },
  );
  for (const status of ['open', 'closed'] as const) {
    list(`list ${status} admin tag`, 'admin', { status, showAll: 'true', tags: [f.tagId] }, { status, tags: [f.tagId] });
    list(`list ${status} admin 2 users`, 'admin', { status, showAll: 'true', users: f.twoUsers }, { status, users: f.twoUsers });
  }
  list('unread bell admin', 'admin', { withUnreadMessages: 'true' }, { unread: true });
  list('unread bell agent', 'agent', { withUnreadMessages: 'true', queueIds: f.agentQueues }, { unread: true, agent: agent(false) });

  for (const [label, term] of [
    ['common', COMMON_WORD],
    ['rare', RARE_WORD],
    ['rare here', LOCAL_RARE_WORD],
    ['phrase', PHRASE],
  ] as const) {
    list(`search ${label} admin`, 'admin', { searchParam: term, showAll: 'true' }, { search: term }, 'search');
    list(`search ${label} agent`, 'agent', { searchParam: term, showAll: 'true', queueIds: f.agentQueues }, { search: term, agent: agent(true) }, 'search');
  }

  for (const page of [1, 200]) {
    cases.push({
      name: `history 5000 p${page}`,
      kind: 'history',
      who: 'admin',
      path: `/messages/${f.historyTicketId}?pageNumber=${page}`,
      rows: arr('messages'),
      naive: naiveMessages(f.historyTicketId, page),
    });
  }
  cases.push({
    name: 'dashboard 30 days',
    kind: 'dashboard',
    who: 'admin',
    path: '/dashboard?days=30',
    rows: arr('attendants'),
    naive: naiveDashboard(f.companyId, 30),
  });
  cases.push({ name: 'contacts p1', kind: 'list', who: 'admin', path: '/contacts', rows: arr('contacts'), naive: naiveContacts(f.companyId) });
  for (const [label, term] of [
    ['name', NAME_FRAGMENT],
    ['number', f.numberFragment],
  ]) {
    cases.push({
      name: `contacts search ${label}`,
      kind: 'search',
      who: 'admin',
      path: `/contacts?${qs({ searchParam: term })}`,
      rows: arr('contacts'),
      naive: naiveContacts(f.companyId, term),
    });
  }
  return cases;
}
