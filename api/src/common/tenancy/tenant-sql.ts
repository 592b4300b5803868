import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/postgresql';
import type { CompanyId } from './company-id';

/**
 * The one way raw SQL reaches tenant tables. Raw SQL skips the ORM's tenant filter, so the statement names the
 * company as `:companyId` wherever it scopes a table, and the helper binds it from a CompanyId; a statement that
 * never names it is refused before it runs. Other values are positional `?` bindings, in order.
 * Every statement lives in a `*.queries.ts` (see README.md beside this file); `tenant-scope.spec.ts` beside it
 * fails when raw SQL appears anywhere else, or a statement leaves a tenant table it names unscoped.
 */
export interface TenantSql {
  readonly companyId: CompanyId;
  /** Rows of a query, or nothing for a statement (`method: 'run'`). Joins the EntityManager's transaction, if any. */
  execute<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], method?: 'all' | 'run'): Promise<T[]>;
  /**
   * `execute` for the hot reads whose text never changes (a session, a list's rows): a named prepared statement,
   * so each pooled connection plans it once and reuses the plan (planning the ticket row loader cost 5 ms, more than
   * running it). Inside a transaction it is a plain `execute`.
   */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A query builder over one tenant table, already narrowed to the company: `from('tickets as t')`. */
  from(table: string): Knex.QueryBuilder;
  /** The knex that `from` builds on, for the parts a built statement joins (unions, subqueries of untenanted tables). */
  readonly knex: Knex;
}

interface PgClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

export function tenantSql(em: EntityManager, companyId: CompanyId): TenantSql {
  return {
    companyId,
    async execute<T>(sql: string, params: readonly unknown[] = [], method: 'all' | 'run' = 'all'): Promise<T[]> {
      const bound = bindCompany(sql, params, companyId);
      // Server-side bindings through knex (arrays stay arrays for `= any(?::int[])`), in the EntityManager's transaction.
      const query = em.getKnex().raw(bound.sql, bound.params as Knex.RawBinding[]);
      const trx = em.getTransactionContext<Knex.Transaction>();
      if (trx) void query.transacting(trx);
      const result = (await query) as { rows: T[] };
      return method === 'run' ? [] : result.rows;
    },
    async prepared<T>(name: string, sql: string, params: readonly unknown[] = []): Promise<T[]> {
      if (em.getTransactionContext()) return this.execute<T>(sql, params);
      const bound = bindCompany(sql, params, companyId);
      let n = 0;
      const text = bound.sql.replace(/\?/g, () => `$${++n}`);
      return withPooledConnection<PgClient, T[]>(
        em.getKnex(),
        async (connection) => (await connection.query({ name, text, values: bound.params })).rows as T[],
      );
    },
    from(table: string) {
      return tenantFrom(em.getKnex(), table, companyId);
    },
    get knex() {
      return em.getKnex();
    },
  };
}

/**
 * A built statement (query builder or raw) outside any transaction, compiled by knex and sent on a pooled connection
 * by the pg client itself, as `prepared` does: knex's runner (its connection dance, events and response processing)
 * cost 30-90 µs of CPU a statement on top of the driver's 50-65 (a two-binding select, 3,000 times, this machine loaded). Answers the rows.
 * `prepare`: for a shape whose best plan does not depend on its values (see shapeName), named by its text.
 */
export async function runBuilt<T>(query: Knex.QueryBuilder | Knex.Raw, options: { prepare?: boolean } = {}): Promise<T[]> {
  const statement = builtStatement(query, options);
  return withPooledConnection<PgClient, T[]>(query as unknown as Knex, async (connection) => (await connection.query(statement)).rows as T[]);
}

/** What runBuilt sends: the driver's query config of a built statement (named when prepared). */
export function builtStatement(query: Knex.QueryBuilder | Knex.Raw, options: { prepare?: boolean } = {}): { name?: string; text: string; values: unknown[] } {
  const native = query.toSQL().toNative();
  const name = options.prepare ? shapeName(native.sql) : undefined;
  return { ...(name ? { name } : {}), text: native.sql, values: native.bindings as unknown[] };
}

/**
 * At most this many built shapes are prepared per process; past it they run unnamed (planned on each call). Each
 * holds its plan in every pooled connection that ran it: a six-slice list's generic plan and source took 195 KB
 * (`pg_backend_memory_contexts`), so 64 shapes on 10 connections stay under 130 MB of PostgreSQL's memory at worst.
 */
export const MAX_PREPARED_SHAPES = 64;
const shapeNames = new Map<string, string>();

/**
 * The name of a built statement's text, for `runBuilt(..., { prepare: true })`: each pooled connection then parses
 * it once, and PostgreSQL moves to the generic plan when it prices it no higher than the plans it made with the
 * values. Undefined (run unnamed) once MAX_PREPARED_SHAPES texts have names: each connection keeps every statement
 * it prepared.
 */
function shapeName(text: string): string | undefined {
  let name = shapeNames.get(text);
  if (name === undefined && shapeNames.size < MAX_PREPARED_SHAPES) {
    name = `built-${shapeNames.size + 1}`;
    shapeNames.set(text, name);
  }
  return name;
}

/**
 * A connection of the ORM's pool (knex's) lent to `use` and given back, for the statements the driver sends itself
 * (prepared reads, built list reads, the ingest's batch): outside any transaction. `owner` is the knex, or a query
 * built on it (both hold the pool's client).
 */
export async function withPooledConnection<C, T>(owner: Knex, use: (connection: C) => Promise<T>): Promise<T> {
  const client = (owner as unknown as { client: { acquireConnection(): Promise<C>; releaseConnection(connection: C): Promise<void> } }).client;
  const connection = await client.acquireConnection();
  try {
    return await use(connection);
  } finally {
    await client.releaseConnection(connection);
  }
}

/** `from(table)` on any knex (the snapshot renders the same builder on one without a connection). */
export function tenantFrom(knex: Knex, table: string, companyId: CompanyId): Knex.QueryBuilder {
  const alias = /\s+as\s+(\w+)\s*$/i.exec(table)?.[1] ?? table;
  return knex(table).where(`${alias}.company_id`, companyId);
}

/** `:companyId` becomes a positional binding of the company, in its place among the `?` ones. */
export function bindCompany(sql: string, params: readonly unknown[], companyId: CompanyId): { sql: string; params: unknown[] } {
  if (!/:companyId\b/.test(sql)) throw new Error('tenantSql: the statement does not name :companyId');
  const out: unknown[] = [];
  let next = 0;
  // `??` (identifier bindings) is not used by our statements; `?::type` casts are plain bindings.
  const text = sql.replace(/:companyId\b|\?/g, (token) => {
    out.push(token === '?' ? params[next++] : companyId);
    return '?';
  });
  if (next !== params.length) throw new Error(`tenantSql: ${params.length} values for ${next} placeholders`);
  return { sql: text, params: out };
}
