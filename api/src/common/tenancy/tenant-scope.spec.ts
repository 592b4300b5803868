import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MetadataStorage } from '@mikro-orm/core';
import { asCompanyId } from './company-id';
import { ENTITIES } from '../../entities';
import { TENANT_FILTER } from './tenant-filter';
import { scopeProblems } from './sql-scope';
import { collectStatements } from './sql-statements';
import { bindCompany } from './tenant-sql';
import { COMPANY_COLUMN_NOT_TENANT, TENANT_TABLES } from './tenant-tables';

/**
 * Tenant scoping that cannot be forgotten: the places that lift the ORM's tenant filter and the files that hold SQL
 * outside the `*.queries.ts` are listed here, each with its reason; a new one fails this test until someone reviews
 * it and adds it, reason and all. Every statement of the queries files scopes each tenant table it names.
 */
const SRC = join(__dirname, '..', '..');

/** Every `withoutTenantFilter(reason)` call: file and reason. */
const FILTER_LIFTS: [file: string, reason: string][] = [
  ['auth/embed/embed-origins.ts', 'CORS: the origins of every live embed key, of any company'],
  ['auth/embed/embed-session.service.ts', 'embed sign-in: the key named by the partner token (kid), before any company is known'],
  ['auth/session/session-pruner.service.ts', 'session pruning: the embed sessions of every company expired a day ago'],
  ['auth/password-reset/password-reset.service.ts', 'password reset: the user is found by e-mail, without a session'],
  ['auth/password-reset/password-reset.service.ts', 'password reset: the user is found by e-mail, without a session'],
  ['auth/presence/presence.service.ts', 'presence sweep: users of every company whose expiry job was lost'],
  ['auth/session/session.service.ts', 'impersonation: a super user acts as a user of any company'],
  ['auth/session/session.service.ts', 'impersonation: the super user running it, in their own company'],
  ['auth/session/session.service.ts', 'impersonation: the super user running it, in their own company'],
  ['auth/session/session.service.ts', 'impersonation: the super user running it, back to their own session'],
  ['auth/session/session.service.ts', 'impersonation: the super user behind the session, named in its answer'],
  ['auth/session/session.service.ts', 'login: the user is found by e-mail before any company is known'],
  ['auth/session/session.service.ts', 'refresh: the token is found by its hash before any company is known'],
  ['auth/session/session.service.ts', 'refresh: the user of the stored token, in its company'],
  ['auth/session/session.service.ts', 'session answer: the queues of a user signing in, before a request context exists'],
  ['auth/users/company-admins.ts', 'e-mail addresses are unique across companies'],
  ['auth/users/users.service.ts', 'impersonation: a super user names a user of any company'],
  ['connection/sandbox-api/sandbox.service.ts', 'sandbox tooling: a super user drives a connection of any company'],
  ['connection/sandbox-api/sandbox.service.ts', 'sandbox tooling: a phone links a connection of any company'],
  ['connection/sandbox-api/sandbox.service.ts', 'sandbox tooling: a phone of the network'],
  ['connection/cloud-webhook/cloud-webhook.service.ts', 'official API webhook: Meta names the connection in the URL, before any company is known'],
  ['connection/sessions/connection-sessions.service.ts', 'session sweep: every company connection that should run'],
  ['connection/whatsapps/whatsapp-token.authenticator.ts', 'API token: the token names its company'],
  ['tenant/subscription/subscription.service.ts', 'payment notice: the gateway names the charge by txid, before any company is known'],
];

/** Entities without the tenant filter, and why: every other entity is company-owned and carries it. */
const NOT_TENANT_SCOPED: Record<string, string> = {
  Plan: 'the platform catalogue every company chooses from',
  Company: 'the tenant itself: routes scope it by id (its own) or are super-user routes',
  Help: "the platform's help videos, the same for every company; only super users change them",
  Announcement: "the platform's system announcements, read by every company; only super users change them (companyId names the writer)",
  RefreshToken: 'found by its hash before any company is known; belongs to a user',
  PasswordReset: 'found by e-mail before any company is known; belongs to a user',
  TicketTag: 'a link row between a ticket and a tag, both tenant-scoped; reached through them',
  PushVapidKey: "the platform's one VAPID key pair (web push), the same for every company",
  AuditLog: "the audit trail holds platform rows (no company) too; AuditService's reads take the caller's scope as a required argument",
  Media: 'an embeddable, not a table: its columns are part of the rows of the entities embedding it, which carry their own filter',
};

/** Files outside the `*.queries.ts` that hold SQL or reach the database around the ORM, and why: infrastructure. */
const RAW_SQL: Record<string, string> = {
  'backup/database.ts':
    "the operator's backup and restore (npm run backup / restore, outside the app): the server's version, every table's row count in the dump's snapshot, the migrations list, other clients; the whole database, no tenant of its own",
  'campaign/contact-lists/contact-list.entity.ts': "an ORM formula (a list's item counts), read through the entity and its tenant filter",
  'common/tenancy/platform-sql.ts': 'the executor of platform statements (no company bound); its statements live in the queries files',
  'database/embedded-postgres.ts': 'infrastructure: the development database server (pg_database, no tenant rows)',
  'common/tenancy/sql-scope.ts': 'the tenant check itself: SQL words in its messages',
  'common/tenancy/tenant-sql.ts': 'the helper itself: binds :companyId from a CompanyId',
  'health.controller.ts': '`select 1`: touches no table',
  'observability/metrics-collectors.ts': "reads the ORM's connection pool (knex's tarn pool) for /metrics: no statement",
  'ticket/ingest/ingest.service.ts':
    "borrows a connection of the ORM's pool (getKnex) for the batch writer (ingest-writer.ts), which sends INGEST_BATCH_SQL, platform statements of ingest.queries.ts, straight to the driver: one statement for several companies' messages, every row with its own CompanyId",
  'ticket/tickets/search-statistics.service.ts':
    "reads PostgreSQL's statistics of messages.search_vector (platform-wide word frequencies) to choose a search plan; no rows, nothing returned to callers",
};

/** The ways to reach the database around the ORM, and a call of the executor's own methods. */
const RAW_SQL_PATTERN =
  /\bem\.execute\s*[<(]|\.raw\s*[<(]|getKnex\s*\(|getConnection\s*\(|\bwhereRaw\s*\(|\bhavingRaw\s*\(|\bknex\s*\(|\.(?:execute|prepared)\s*[<(]|\.from\(\s*'[a-z_]+(?: as \w+)?'\s*\)/;
/** String literals and the SQL a string literal may hold. */
const STRINGS = /`(?:[^`\\]|\\[\s\S])*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;
const SQL_TEXT = /\b(?:select\s[\s\S]*?\bfrom\s+["(]?[a-z_]|insert\s+into\s|delete\s+from\s|update\s+"?[a-z_]+"?\s+(?:as\s+)?(?:[a-z_]+\s+)?set\s)/i;

/** Whether a source file holds SQL or reaches the database around the ORM. */
function holdsSql(text: string): boolean {
  return RAW_SQL_PATTERN.test(text) || [...text.matchAll(STRINGS)].some((m) => SQL_TEXT.test(m[0]));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}
const files = sources(SRC).map((path) => ({ file: relative(SRC, path), text: readFileSync(path, 'utf8') }));

describe('tenant scoping', () => {
  it('lifts the tenant filter only in the listed places, each with its reason', () => {
    const found: [string, string][] = [];
    for (const { file, text } of files) {
      for (const m of text.matchAll(/withoutTenantFilter\(\s*'([^'\n]*)'\s*\)/g)) found.push([file, m[1]]);
      if (file !== 'common/tenancy/tenant-filter.ts') {
        // Any other way of lifting or changing filters (`filters: false`, `filters: { tenant: false }`, ...).
        expect({ file, lifts: /\bfilters\s*:/.test(text) }).toEqual({ file, lifts: false });
      }
    }
    const sort = (l: [string, string][]) => [...l].sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1]));
    expect(sort(found)).toEqual(sort(FILTER_LIFTS));
  });

  it('puts the tenant filter on every entity but the listed platform-wide ones', () => {
    const unscoped = ENTITIES.filter((e) => !(TENANT_FILTER in MetadataStorage.getMetadataFromDecorator(e).filters)).map((e) => e.name);
    expect(unscoped.sort()).toEqual(Object.keys(NOT_TENANT_SCOPED).sort());
  });

  it('keeps every SQL statement in a *.queries.ts, but the listed infrastructure and platform files', () => {
    const raw = files.filter(({ file, text }) => !file.endsWith('.queries.ts') && holdsSql(text)).map(({ file }) => file);
    expect(raw.sort()).toEqual(Object.keys(RAW_SQL).sort());
  });

  it('finds SQL in a service: a statement text, an executor call, a query builder', () => {
    expect(holdsSql("const rows = await db.execute('select id from tickets where company_id = :companyId');")).toBe(true);
    expect(holdsSql('await sql.prepared(name, TEXT, [id]);')).toBe(true);
    expect(holdsSql("db.from('tickets as t').where('t.id', id);")).toBe(true);
    expect(holdsSql('const t = `update tickets t set status = ? where t.id = ?`;')).toBe(true);
    expect(holdsSql("await TicketQueries.lastMessage(db, id); const label = 'Select a queue';")).toBe(false);
  });

  it('lists as tenant tables every table with a company but the platform-wide ones', () => {
    const withCompany = ENTITIES.map((e) => MetadataStorage.getMetadataFromDecorator(e))
      .filter((m) => 'companyId' in m.properties && !(m.className in COMPANY_COLUMN_NOT_TENANT))
      .map((m) => m.tableName ?? m.collection);
    const migrations = join(SRC, 'database', 'migrations');
    const created = readdirSync(migrations).map((f) => readFileSync(join(migrations, f), 'utf8'));
    // The unmapped ones: created with a company_id by a migration.
    const unmapped = TENANT_TABLES.filter((t) => !withCompany.includes(t));
    for (const table of unmapped) {
      expect({ table, company: created.some((m) => new RegExp(`create table "${table}" \\([^;]*"company_id" int not null`).test(m)) }).toEqual({
        table,
        company: true,
      });
    }
    expect([...withCompany].sort()).toEqual(TENANT_TABLES.filter((t) => !unmapped.includes(t)).sort());
    expect(Object.keys(COMPANY_COLUMN_NOT_TENANT).every((name) => ENTITIES.some((e) => e.name === name))).toBe(true);
  });

  it('scopes every tenant table each statement names to the bound company', () => {
    const statements = collectStatements();
    const problems = statements.flatMap((s) => {
      // A platform statement runs on platformSql, which binds no company: naming one would be a mistake.
      if (s.platform) return /:companyId\b/.test(s.sql) ? [`${s.file} :: ${s.name}: a platform statement names :companyId`] : [];
      const named = /:companyId\b/.test(s.sql) ? [] : ['names no :companyId (bindCompany refuses it)'];
      return [...named, ...scopeProblems(s.sql, s.unscoped)].map((p) => `${s.file} :: ${s.name}: ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it('fails a statement that joins a second tenant table without its own scope, and passes scoped ones', () => {
    const scoped = 'select t.id from tickets t join contacts c on c.id = t.contact_id and c.company_id = :companyId where t.company_id = :companyId';
    expect(scopeProblems(scoped)).toEqual([]);
    expect(scopeProblems('select t.id from tickets t join contacts c on c.id = t.contact_id where t.company_id = :companyId')).toEqual([
      'c: 1 use(s) of a tenant table, 0 `c.company_id = :companyId`',
    ]);
    // One predicate for two uses of the same alias, in a subquery, in an UPDATE ... FROM, in a comma list.
    expect(scopeProblems('select 1 from tickets t where t.company_id = :companyId and exists (select 1 from tickets t where t.id = 2)')).toHaveLength(1);
    expect(scopeProblems('update tickets t set x = 1 from queues q where q.id = t.queue_id and t.company_id = :companyId')).toHaveLength(1);
    expect(scopeProblems('select 1 from tickets a, contacts b where a.company_id = :companyId')).toHaveLength(1);
    expect(scopeProblems('delete from messages where company_id = :companyId')).toEqual([]);
    expect(scopeProblems('delete from messages m using tickets t where m.ticket_id = t.id and m.company_id = :companyId')).toHaveLength(1);
    expect(scopeProblems('delete from messages where id = ?')).toHaveLength(1);
    // Quoted identifiers as the query builder writes them.
    expect(scopeProblems('select "t"."id" from "tickets" as "t" where "t"."company_id" = :companyId')).toEqual([]);
    // A predicate in a comment or a string does not count.
    expect(scopeProblems("select 1 from tickets t where t.status = 't.company_id = :companyId' -- t.company_id = :companyId")).toHaveLength(1);
    // Inserts write :companyId as every row's company.
    expect(scopeProblems('insert into tags (name, company_id) values (?, :companyId), (?, :companyId)')).toEqual([]);
    expect(scopeProblems('insert into tags (name, company_id) values (?, :companyId), (?, ?)')).toHaveLength(1);
    expect(scopeProblems('insert into tags (name) values (?)')).toHaveLength(1);
    expect(
      scopeProblems('insert into ticket_marks (user_id, ticket_id, company_id) select ?, t.id, :companyId from tickets t where t.company_id = :companyId'),
    ).toEqual([]);
    expect(
      scopeProblems('insert into ticket_marks (user_id, ticket_id, company_id) select ?, t.id, t.company_id from tickets t where t.company_id = :companyId'),
    ).toHaveLength(1);
    // Tables without a company (links, the companies themselves) need none; an annotation justifies an exception.
    expect(scopeProblems('select 1 from ticket_tags tt join companies c on c.id = ? where :companyId > 0')).toEqual([]);
    expect(
      scopeProblems('select t.id from tickets t join contacts c on c.id = t.contact_id where t.company_id = :companyId', { c: 'reached by the key' }),
    ).toEqual([]);
  });

  it('binds the company where a statement names it, among the positional values', () => {
    const company = asCompanyId(7);
    expect(bindCompany('select 1 from t where company_id = :companyId and a = ? and b = ?::int', ['x', 2], company)).toEqual({
      sql: 'select 1 from t where company_id = ? and a = ? and b = ?::int',
      params: [7, 'x', 2],
    });
    expect(
      bindCompany('select ? from t where a = ? and company_id = :companyId and x in (select 1 where company_id = :companyId)', [1, 2], company).params,
    ).toEqual([1, 2, 7, 7]);
    expect(() => bindCompany('select * from tickets where company_id = ?', [7], company)).toThrow(':companyId');
    expect(() => bindCompany('select * from t where company_id = :companyId and a = ?', [], company)).toThrow('0 values for 1 placeholders');
  });

  it('refuses a number that is not a company id', () => {
    expect(() => asCompanyId(0)).toThrow();
    expect(() => asCompanyId(1.5)).toThrow();
    expect(asCompanyId(3)).toBe(3);
  });
});
