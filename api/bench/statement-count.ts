/**
 * Counts the statements the process sends to PostgreSQL, by statement: every pg client's `query` is wrapped (knex,
 * MikroORM and our prepared reads all go through it). A prepared statement counts under its name, another under
 * its first words. Counting costs a Map update per statement; `take()` answers the counts since the last take.
 */
import { Client } from 'pg';

export interface StatementCounter {
  /** The counts since the last take (or the install), most frequent first, and starts counting afresh. */
  take(): [string, number][];
}

export function countStatements(): StatementCounter {
  let counts = new Map<string, number>();
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { name?: string; text?: string } | undefined;
    const key = typeof first === 'string' ? label(first) : first?.name ? `[${first.name}]` : label(first?.text ?? '?');
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return query.apply(this, args);
  };
  return {
    take() {
      const out = [...counts].sort((a, b) => b[1] - a[1]);
      counts = new Map();
      return out;
    },
  };
}

/** A statement's first words, whitespace folded: enough to tell statements apart in a count. */
function label(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().slice(0, 90);
}
