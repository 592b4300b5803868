import { parseArgs } from 'node:util';
import type { Client } from 'pg';
import { connect, openAppDatabase } from '../backup/database';
import { SecretBox } from '../common/infra/secret-box';
import { loadConfig } from '../config/app-config';
import { withLocalSecrets } from '../config/local-secrets';
import { SEALED_COLUMNS, type SealedTable } from './sealed-columns';

/** A stored value neither key opens: reported, never changed. */
export interface UnreadableValue {
  table: string;
  id: number;
  column: string;
  reason: string;
}

export interface ResealTableResult {
  table: string;
  /** Rows with at least one sealed value. */
  rows: number;
  /** Values moved from the previous key onto the current one (or, in a dry run, that would be). */
  resealed: number;
  /** Values already sealed with the current key. */
  current: number;
  unreadable: number;
}

export interface ResealResult {
  tables: ResealTableResult[];
  unreadable: UnreadableValue[];
}

export interface ResealOptions {
  /** Rows per transaction (500 by default). */
  batchSize?: number;
  /** Read and count only: nothing is written. */
  dryRun?: boolean;
  /** SEALED_COLUMNS by default. */
  tables?: readonly SealedTable[];
  log?: (line: string) => void;
}

/**
 * Moves every sealed value of `tables` onto the box's current key: a value the previous key opens is sealed again with
 * the current one; one already on the current key is left alone, so a second run writes nothing; one neither key
 * opens is reported with its table, row id and column, and left exactly as it is. Each batch of rows is read `for
 * update` and written in one transaction: the app may keep running (its processes already hold both keys and seal
 * only with the current one), and a value it changes meanwhile is never overwritten with an older one.
 */
export async function resealSecrets(client: Client, box: SecretBox, options: ResealOptions = {}): Promise<ResealResult> {
  if (!box.rotating) throw new Error('no previous key: SECRETS_KEY_PREVIOUS names the key the stored values are moved from');
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const log = options.log ?? (() => undefined);
  const result: ResealResult = { tables: [], unreadable: [] };
  for (const { table, columns } of options.tables ?? SEALED_COLUMNS) {
    const counts: ResealTableResult = { table, rows: 0, resealed: 0, current: 0, unreadable: 0 };
    const name = client.escapeIdentifier(table);
    const cols = columns.map((c) => client.escapeIdentifier(c));
    const read =
      `select id, ${cols.join(', ')} from ${name} where (${cols.map((c) => `${c} is not null`).join(' or ')})` +
      ` and ($1::bigint is null or id > $1::bigint) order by id limit $2${options.dryRun ? '' : ' for update'}`;
    let after: number | null = null;
    for (;;) {
      await client.query('begin');
      let rows: Record<string, unknown>[];
      try {
        rows = (await client.query<Record<string, unknown>>(read, [after, batchSize])).rows;
        for (const row of rows) {
          const id = Number(row.id);
          const changes: [column: string, value: string][] = [];
          for (const column of columns) {
            const value = row[column];
            if (value === null || value === undefined) continue;
            try {
              if (typeof value !== 'string') throw new Error('not a sealed secret');
              const moved = box.reseal(value);
              if (moved === null) counts.current++;
              else changes.push([column, moved]);
            } catch (e) {
              counts.unreadable++;
              result.unreadable.push({ table, id, column, reason: (e as Error).message });
            }
          }
          counts.rows++;
          counts.resealed += changes.length;
          if (changes.length && !options.dryRun) {
            const set = changes.map(([column], i) => `${client.escapeIdentifier(column)} = $${i + 2}`).join(', ');
            await client.query(`update ${name} set ${set} where id = $1`, [id, ...changes.map(([, value]) => value)]);
          }
        }
        await client.query('commit');
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      }
      if (rows.length < batchSize) break;
      after = Number(rows[rows.length - 1].id);
    }
    result.tables.push(counts);
    log(
      `  ${table}: ${counts.resealed} ${options.dryRun ? 'to reseal' : 'resealed'}, ${counts.current} already on SECRETS_KEY, ${counts.unreadable} unreadable (${counts.rows} ${counts.rows === 1 ? 'row' : 'rows'})`,
    );
  }
  return result;
}

const HELP = `npm run secrets:reseal [-- [--dry-run] [--batch-size <n>]]
(in the image: node api/dist/secrets/reseal.js [--dry-run] [--batch-size <n>])

Re-seals every stored credential (AI keys, integration secrets, embed keys, the VAPID private key) with SECRETS_KEY.
Needs SECRETS_KEY_PREVIOUS, the key being replaced: values it opens are sealed again with SECRETS_KEY; values already
on SECRETS_KEY are left alone (it can run again); a value neither key opens is reported and left as it is, and the
command exits 1. Run it once every api and worker process runs with both keys. --dry-run counts and changes nothing.
docs/operations/secrets.md has the procedure.
`;

/** `npm run secrets:reseal`: the operator's step between "restart with both keys" and "remove SECRETS_KEY_PREVIOUS". */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' }, 'batch-size': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const batchSize = values['batch-size'] === undefined ? 500 : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    console.error(`--batch-size must be a whole number of rows, 1 or more (got "${values['batch-size']}")`);
    return 2;
  }
  let config = loadConfig();
  // A development install without SECRETS_KEY keeps its key in <DATA_DIR>/secrets.json, as a start would read it.
  if (config.generatedSecrets.includes('SECRETS_KEY')) config = withLocalSecrets(config);
  if (!config.secretsKeyPrevious) {
    console.error(
      'SECRETS_KEY_PREVIOUS is not set: it must name the key being replaced (SECRETS_KEY is the new one). Nothing was changed.\n' +
        'docs/operations/secrets.md has the procedure.',
    );
    return 2;
  }
  const box = new SecretBox(config.secretsKey, config.secretsKeyPrevious);
  if (!box.rotating) {
    console.error('SECRETS_KEY_PREVIOUS is the same key as SECRETS_KEY: set it to the key being replaced. Nothing was changed.');
    return 2;
  }
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const db = await openAppDatabase(config, log);
  try {
    const { client } = await connect(db.url);
    try {
      const dryRun = values['dry-run'] ?? false;
      log(dryRun ? 'Counting the sealed values (dry run: nothing is written)' : 'Re-sealing the stored credentials with SECRETS_KEY');
      const result = await resealSecrets(client, box, { batchSize, dryRun, log });
      for (const u of result.unreadable) log(`  ${u.table} id ${u.id}, ${u.column}: ${u.reason}; left as it is`);
      const moved = result.tables.reduce((n, t) => n + t.resealed, 0);
      const current = result.tables.reduce((n, t) => n + t.current, 0);
      log(`${dryRun ? 'To reseal' : 'Resealed'}: ${moved} values; already on SECRETS_KEY: ${current}; unreadable: ${result.unreadable.length}.`);
      if (result.unreadable.length) {
        log(
          'Keep SECRETS_KEY_PREVIOUS: the values above open with neither key. Run this again with the key they were sealed with as ' +
            'SECRETS_KEY_PREVIOUS, or enter those credentials again in the console.',
        );
        return 1;
      }
      if (!dryRun) log('Every stored credential is sealed with SECRETS_KEY: SECRETS_KEY_PREVIOUS can be removed from every process.');
      return 0;
    } finally {
      await client.end();
    }
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e: Error) => {
      console.error(`Reseal failed: ${e.message}`);
      process.exit(1);
    },
  );
}
