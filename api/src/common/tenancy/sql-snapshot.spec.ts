import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectStatements, sqlSnapshot } from './sql-statements';

/** The committed snapshot shows, in review, every query a change changes; like api/openapi.json for the routes. */
describe('SQL snapshot', () => {
  it('has a committed api/sql.snapshot.sql identical to a fresh one (run `npm run sql:snapshot -w api`)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', '..', 'sql.snapshot.sql'), 'utf8');
    const fresh = sqlSnapshot();
    if (fresh !== committed) throw new Error('api/sql.snapshot.sql is stale: run `npm run sql:snapshot -w api` and commit it');
    expect(fresh).toEqual(committed);
  });

  it('names every statement once, in file and name order', () => {
    const keys = collectStatements().map((s) => `${s.file} :: ${s.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(0);
  });
});
