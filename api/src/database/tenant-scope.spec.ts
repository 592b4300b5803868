import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MetadataStorage } from '@mikro-orm/core';
import { asCompanyId } from '../common/company-id';
import { ENTITIES } from '../entities';
import { TENANT_FILTER } from './tenant-filter';
import { bindCompany } from './tenant-sql';

/**
 * Tenant scoping that cannot be forgotten: the places that lift the ORM's tenant filter and the places that reach
 * the database with raw SQL outside `tenantSql` are listed here, each with its reason. A new one fails this test
 * until someone reviews it and adds it, reason and all.
 */
const SRC = join(__dirname, '..');

/** Every `withoutTenantFilter(reason)` call: file and reason. */
const FILTER_LIFTS: [file: string, reason: string][] = [
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
};

/** Files that reach the database with raw SQL other than through `tenantSql`, and why that is safe. */
const RAW_SQL: Record<string, string> = {
  'automation/timers/automation-sweeper.service.ts':
    "the platform's automation sweeper: finds every company's inactive, waiting and stale-menu tickets; each timer it runs carries its row's company",
  'campaign/campaigns/campaign-sweeper.service.ts':
    "the platform's campaign sweeper: finds every company's due starts and lost jobs; each job it queues carries its row's company",
  'campaign/schedules/schedule-sweeper.service.ts':
    "the platform's schedule sweeper: finds every company's due schedules and unqueued sent messages; each job it queues carries its row's company",
  'database/tenant-sql.ts': 'the helper itself: binds :companyId from a CompanyId',
  'health.controller.ts': '`select 1`: touches no table',
  'ticket/messages/outbound-sweeper.service.ts':
    "the platform's outbound sweep: finds every company's unsent outbound messages whose send job is gone; each job it queues carries its row's company",
  'ticket/ingest/ingest-writer.ts': "one set-based write for a batch of several companies' messages: every row carries its own CompanyId",
  'ticket/ingest/ingest.service.ts': 'opens the transaction the batch writer runs in',
  'ticket/tickets/ticket-search.service.ts': "hands the EntityManager's knex to ticket-list-sql.ts, whose queries start from tenantSql().from()",
  'ticket/tickets/ticket-list-sql.ts': 'SQL fragments (dates, counts, full-text) and unions of queries started by tenantSql().from()',
  'ticket/tickets/search-statistics.service.ts':
    "reads PostgreSQL's statistics of messages.search_vector (platform-wide word frequencies) to choose a search plan; no rows, nothing returned to callers",
};

/** The ways to reach the database around the ORM (tenantSql's own `execute` is not one of them). */
const RAW_SQL_PATTERN = /\bem\.execute\s*[<(]|\.raw\s*[<(]|getKnex\s*\(|getConnection\s*\(|\bwhereRaw\s*\(|\bhavingRaw\s*\(|\bknex\s*\(/;

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
      if (file !== 'database/tenant-filter.ts') {
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

  it('reaches the database with raw SQL only through tenantSql, outside the listed files', () => {
    const raw = files.filter(({ text }) => RAW_SQL_PATTERN.test(text)).map(({ file }) => file);
    expect(raw.sort()).toEqual(Object.keys(RAW_SQL).sort());
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
