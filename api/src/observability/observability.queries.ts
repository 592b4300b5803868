import type { Statements } from '../common/tenancy/sql-statements';
import type { PlatformSql } from '../common/tenancy/platform-sql';

/**
 * The statements of /metrics and /health/ready (see README.md here): platform statements, run without a company.
 * Neither answers a company's rows: counts per status over every company, and the names of applied migrations.
 */
const CONNECTIONS_BY_STATUS = 'select w.status, count(*)::int as n from whatsapps w group by w.status';
const APPLIED_MIGRATIONS = 'select m.name from mikro_orm_migrations m';
const PING = 'select 1 as ok';

export const STATEMENTS: Statements = {
  connectionsByStatus: { sql: CONNECTIONS_BY_STATUS, platform: "metrics: the deployment's WhatsApp connections counted by status, no row of any company" },
  appliedMigrations: { sql: APPLIED_MIGRATIONS, platform: 'readiness: the names of the applied migrations (no tenant table)' },
  ping: { sql: PING, platform: 'readiness: PostgreSQL answers (no table)' },
};

/** How many connections of the whole deployment are in each status (CONNECTED, DISCONNECTED, qrcode...). */
export function connectionsByStatus(db: PlatformSql): Promise<{ status: string; n: number }[]> {
  return db.execute<{ status: string; n: number }>(CONNECTIONS_BY_STATUS);
}

/** The names of the migrations recorded as applied. */
export async function appliedMigrations(db: PlatformSql): Promise<string[]> {
  return (await db.execute<{ name: string }>(APPLIED_MIGRATIONS)).map((r) => r.name);
}

/** Resolves when PostgreSQL answers a statement. */
export async function ping(db: PlatformSql): Promise<void> {
  await db.execute(PING);
}
