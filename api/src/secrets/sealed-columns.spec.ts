import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MetadataStorage, UnderscoreNamingStrategy } from '@mikro-orm/core';
import { ENTITIES } from '../entities';
import { SEALED_COLUMNS } from './sealed-columns';

/**
 * SEALED_COLUMNS must name every column holding a sealed value, or a key rotation's reseal leaves that column on the
 * old key, and removing SECRETS_KEY_PREVIOUS then makes it unreadable. Found two ways, from the sources: what the
 * services seal or open with their SecretBox (the property a `box.seal(...)` is assigned to, the property a
 * `box.open(...)` reads), and what the entities document as sealed. Either must lead to a listed column.
 */
const SRC = join(__dirname, '..');
const naming = new UnderscoreNamingStrategy();

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}
const files = sources(SRC).map((path) => ({ file: relative(SRC, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));

interface Column {
  entity: string;
  property: string;
  table: string;
  column: string;
  type: unknown;
}
const columns: Column[] = ENTITIES.flatMap((e) => {
  const meta = MetadataStorage.getMetadataFromDecorator(e);
  return Object.values(meta.properties).map((p) => ({
    entity: meta.className,
    property: p.name,
    table: meta.tableName ?? meta.collection,
    column: (p as { fieldName?: string }).fieldName ?? naming.propertyToColumnName(p.name),
    type: p.type,
  }));
});
const listed = SEALED_COLUMNS.flatMap(({ table, columns: cols }) => cols.map((column) => `${table}.${column}`));
const isListed = (c: Column) => listed.includes(`${c.table}.${c.column}`);

/** Where a file seals or opens with a SecretBox it was given: the property each call writes or reads. */
function sealedProperties(file: string, text: string): { line: number; property: string | null; call: string }[] {
  const boxes = [...text.matchAll(/(\w+)\s*:\s*SecretBox\b/g)].map((m) => m[1]);
  const found: { line: number; property: string | null; call: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const box of boxes) {
      for (const m of line.matchAll(new RegExp(`\\b(?:this\\.)?${box}\\.(seal|sealOptional|open)\\(`, 'g'))) {
        const call = m[1];
        // seal: `prop: this.box.seal(...)` or `row.prop = cond ? this.box.seal(...)`; open: `this.box.open(row.prop)`.
        const property =
          call === 'open'
            ? (/^\s*[\w.?]*?(\w+)\s*!?\s*\)/.exec(line.slice(m.index + m[0].length))?.[1] ?? null)
            : (/(\w+)\s*(?:=(?![=>])|:)[^:;=]*$/.exec(line.slice(0, m.index))?.[1] ?? null);
        found.push({ line: i + 1, property, call });
      }
    }
  });
  return found;
}

describe('SEALED_COLUMNS', () => {
  it('names columns of the entities, text columns keyed by an integer id, created by the migrations', () => {
    const migrations = join(SRC, 'database', 'migrations');
    const created = readdirSync(migrations).map((f) => readFileSync(join(migrations, f), 'utf8'));
    for (const { table, columns: cols } of SEALED_COLUMNS) {
      expect({ table, id: columns.find((c) => c.table === table && c.column === 'id')?.type }).toEqual({ table, id: 'integer' });
      for (const column of cols) {
        // Text: a sealed value is longer than what it seals (base64 and the IV and tag).
        expect({ column: `${table}.${column}`, type: columns.find((c) => c.table === table && c.column === column)?.type }).toEqual({
          column: `${table}.${column}`,
          type: 'text',
        });
        // Created with its table, or added to it later (`alter table "whatsapps" add column "cloud_access_token" text`).
        const inMigration = created.some(
          (m) =>
            new RegExp(`create table "${table}" \\([^;]*"${column}" text`).test(m) ||
            new RegExp(`alter table "${table}" [^;]*add column "${column}" text`).test(m),
        );
        expect({ column: `${table}.${column}`, inMigration }).toEqual({ column: `${table}.${column}`, inMigration: true });
      }
    }
  });

  it('holds every property a service seals or opens with its SecretBox', () => {
    const problems: string[] = [];
    let calls = 0;
    for (const { file, text } of files) {
      if (file === 'common/infra/secret-box.ts' || file.startsWith('secrets/')) continue;
      for (const { line, property, call } of sealedProperties(file, text)) {
        calls++;
        const where = `${file}:${line}`;
        if (!property) {
          problems.push(`${where}: cannot tell which property this ${call} writes or reads; name it plainly (row.prop = box.seal(...), box.open(row.prop))`);
          continue;
        }
        // The entities the file names that have such a property; any that has it when the file names none (a helper
        // loaded the row).
        const having = columns.filter((c) => c.property === property);
        const named = having.filter((c) => new RegExp(`\\b${c.entity}\\b`).test(text));
        const candidates = named.length ? named : having;
        if (!candidates.some(isListed)) {
          const what = candidates.map((c) => `${c.table}.${c.column}`).join(' or ') || `an entity's ${property}`;
          problems.push(`${where}: ${call}s ${what}, which SEALED_COLUMNS (src/secrets/sealed-columns.ts) lacks`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The scan sees the calls it is about (prompts, integrations, embed keys, VAPID, the agents).
    expect(calls).toBeGreaterThanOrEqual(12);
  });

  it('holds every entity property documented as sealed', () => {
    const documented: string[] = [];
    for (const { file, text } of files.filter((f) => f.file.endsWith('.entity.ts'))) {
      // A property's doc comment, its decorators, its name: `/** Sealed (SecretBox). */ @Property(...) apiKey!: string;`
      for (const m of text.matchAll(/\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*((?:@\w+\((?:[^()]|\([^()]*\))*\)\s*)+)(\w+)[!?]?:/g)) {
        if (!/\bsealed\b|SecretBox/i.test(m[1])) continue;
        const entity = /export class (\w+)/.exec(text)?.[1];
        const column = columns.find((c) => c.entity === entity && c.property === m[3]);
        documented.push(column ? `${column.table}.${column.column}` : `${file}: ${m[3]}`);
      }
      for (const m of text.matchAll(/^\s+(\w+Sealed)[!?]?:/gm)) {
        const column = columns.find((c) => c.property === m[1] && file.endsWith('.entity.ts') && text.includes(`export class ${c.entity}`));
        documented.push(column ? `${column.table}.${column.column}` : `${file}: ${m[1]}`);
      }
    }
    expect([...new Set(documented)].sort()).toEqual([...listed].sort());
  });

  it('finds a sealed property in a service line, and fails one it cannot read', () => {
    const service = [
      'constructor(private readonly box: SecretBox) {}',
      'row.apiKey = this.box.seal(dto.apiKey);',
      'voiceKey: dto.voiceKey?.trim() ? this.box.seal(dto.voiceKey.trim()) : null,',
      'const plain = this.box.open(integration.secret!);',
      'return this.box.open(sealedValue);',
      'await send(this.box.seal(x));',
    ].join('\n');
    expect(sealedProperties('x.service.ts', service).map((f) => [f.call, f.property])).toEqual([
      ['seal', 'apiKey'],
      ['seal', 'voiceKey'],
      ['open', 'secret'],
      ['open', 'sealedValue'],
      ['seal', null],
    ]);
  });
});
