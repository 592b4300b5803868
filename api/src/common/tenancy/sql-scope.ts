import { TENANT_TABLES } from './tenant-tables';

/**
 * Why a statement of a `*.queries.ts` leaves a tenant table without its own `company_id = :companyId`: the alias
 * (or the table's name when it has none) and the reason. Prefer adding the predicate: it is cheap and it is the point.
 */
export type Unscoped = Readonly<Record<string, string>>;

/** Words that can follow a table where an alias would stand, so they are not one. */
const NOT_ALIAS = new Set(
  (
    'where join left right inner outer full cross natural on using set order group limit offset having window union ' +
    'except intersect returning values select for as default lateral tablesample'
  ).split(' '),
);

interface Occurrence {
  table: string;
  alias: string | null;
  /** The word before the table: from, join, update, into, using. */
  via: string;
  /** Where the table's name starts, in the normalised text. */
  at: number;
}

/** Lower case, without comments, string literals or identifier quotes, whitespace collapsed. */
export function normaliseSql(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

/** Every table a statement names after FROM (and its comma list), JOIN, UPDATE, INSERT INTO, DELETE FROM or USING. */
function occurrences(text: string): Occurrence[] {
  const found: Occurrence[] = [];
  const aliasOf = (next: string | undefined, via: string) => (next && !NOT_ALIAS.has(next) && via !== 'into' ? next : null);
  const table = /\b(from|join|update|into|using)\s+(?:only\s+)?([a-z_][a-z0-9_]*)(?![\w.(])(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*)(?![\w.(]))?/g;
  for (const m of text.matchAll(table)) {
    const [, via, name, next] = m;
    found.push({ table: name, alias: aliasOf(next, via), via, at: m.index + m[0].indexOf(name, via.length) });
    if (via !== 'from') continue;
    // `from a x, b y`: the rest of a comma list (tables, not function calls).
    let rest = text.slice(m.index + m[0].length);
    for (let c; (c = /^\s*,\s*([a-z_][a-z0-9_]*)(?![\w.(])(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*)(?![\w.(]))?/.exec(rest)); rest = rest.slice(c[0].length)) {
      found.push({ table: c[1], alias: aliasOf(c[2], 'from'), via: 'from', at: -1 });
    }
  }
  return found;
}

/** The top-level comma-separated parts of `text` (commas inside brackets do not split). */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** The text from `start` (just after an opening bracket) to its closing bracket. */
function bracketed(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

const IS_COMPANY = /^:companyid(::int)?$/;

/** Whether an INSERT INTO a tenant table, at `at`, writes `:companyId` as every row's company_id. */
function insertScoped(text: string, at: number, table: string): boolean {
  const head = text.slice(at + table.length);
  const open = /^\s*(?:as\s+[a-z_]\w*\s*)?\(/.exec(head);
  if (!open) return false;
  const columns = splitTop(bracketed(head, open[0].length));
  const index = columns.indexOf('company_id');
  if (index < 0) return false;
  const rest = head.slice(open[0].length + bracketed(head, open[0].length).length + 1).trim();
  if (rest.startsWith('values')) {
    // Every row tuple of the VALUES list.
    let tuples = 0;
    let i = rest.indexOf('(');
    while (i >= 0) {
      const tuple = bracketed(rest, i + 1);
      if (!IS_COMPANY.test(splitTop(tuple)[index] ?? '')) return false;
      tuples++;
      const after = rest.slice(i + 1 + tuple.length + 1);
      const more = /^\s*,\s*\(/.exec(after);
      if (!more) break;
      i = i + 1 + tuple.length + 1 + more[0].length - 1;
    }
    return tuples > 0;
  }
  const select = /^(?:with\b[\s\S]*?\)\s*)?select\s+(?:distinct\s+(?:on\s*\([^)]*\)\s*)?)?/.exec(rest);
  if (!select) return false;
  // The select list runs to its top-level FROM (or to the end).
  const body = rest.slice(select[0].length);
  let depth = 0;
  let end = body.length;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '(') depth++;
    else if (body[i] === ')') depth--;
    else if (depth === 0 && /^\bfrom\b/.test(body.slice(i)) && /\W/.test(body[i - 1] ?? ' ')) {
      end = i;
      break;
    }
  }
  const value = (splitTop(body.slice(0, end))[index] ?? '').replace(/\s+as\s+\w+$/, '');
  return IS_COMPANY.test(value);
}

/**
 * What keeps a statement from being provably scoped to the bound company, one line each (none: it is). Every
 * tenant table it names after FROM, JOIN, UPDATE, DELETE FROM or USING needs its own `<alias>.company_id = :companyId`
 * (`company_id = :companyId` or `<table>.company_id = :companyId` without an alias; one predicate per occurrence
 * of an alias), and every INSERT INTO a tenant table writes `:companyId` as company_id, unless `unscoped` names the
 * alias with a reason. The statement's text is all it reads: a predicate under an OR passes, so review still reads
 * the statement (the snapshot shows it).
 */
export function scopeProblems(sql: string, unscoped: Unscoped = {}, tenantTables: readonly string[] = TENANT_TABLES): string[] {
  const text = normaliseSql(sql);
  const tenant = new Set(tenantTables);
  const problems: string[] = [];
  const predicates = (key: string) =>
    [...text.matchAll(new RegExp(`(?<![\\w.])${key}\\.company_id = :companyid\\b|:companyid = ${key}\\.company_id\\b`, 'g'))].length;
  let bare = [...text.matchAll(/(?<![\w.])company_id = :companyid\b|:companyid = company_id\b/g)].length;
  const needed = new Map<string, number>();
  for (const o of occurrences(text)) {
    if (!tenant.has(o.table)) continue;
    const key = o.alias ?? o.table;
    if (key in unscoped) continue;
    if (o.via === 'into') {
      if (!insertScoped(text, o.at, o.table)) problems.push(`insert into ${o.table} does not write :companyId as company_id`);
      continue;
    }
    needed.set(key, (needed.get(key) ?? 0) + 1);
  }
  for (const [key, n] of needed) {
    let have = predicates(key);
    const table = tenant.has(key);
    // An unaliased table may be scoped by a bare `company_id = :companyId`, each such predicate once.
    while (have < n && table && bare > 0) {
      have++;
      bare--;
    }
    if (have < n) problems.push(`${key}: ${n} use(s) of a tenant table, ${have} \`${key}.company_id = :companyId\``);
  }
  return problems;
}
