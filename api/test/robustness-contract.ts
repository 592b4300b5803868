import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The contract side of robustness.e2e-spec.ts: the committed api/openapi.json read as schemas, the bad values every
 * string leaf gets, and the valid and wrong values of a schema. No app and no database: the spec seeds the records
 * whose ids the values name (`idFor`) and sends the cases.
 */
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  example?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
}
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}
export interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> & { ErrorCode: { enum: string[] } } };
}

export const contract = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as Contract;
export const CODES = new Set(contract.components.schemas.ErrorCode.enum);
export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export const NUL_TEXT = 'a\u0000b';
/** A high surrogate without its low half: JSON can carry it (`"\ud800"`), no encoding of text can. */
export const LONE_SURROGATE = 'a\ud800b';
/** Longer than any varchar column (the longest is 4096): a DTO without its MaxLength meets the column. */
export const OVERLONG = 'x'.repeat(5000);
/**
 * What every string leaf of a body gets, one at a time: text no column takes, text longer than any column, and the
 * longest text the contract allows there (its maxLength: a DTO allowing more than its column holds meets the column).
 */
export const BAD_TEXTS: [string, (s: Schema) => string | undefined][] = [
  ['NUL', () => NUL_TEXT],
  ['lone surrogate', () => LONE_SURROGATE],
  ['5000 characters', () => OVERLONG],
  ['its maxLength', (s) => (s.maxLength && !s.enum && !s.format ? 'x'.repeat(s.maxLength) : undefined)],
];
/** 1e20: passes @IsInt, overflows an integer column (written as the JSON number clients send). */
export const HUGE_INT = 1e20;
export const KB = 1024;
export const big = (bytes: number) => 'x'.repeat(bytes);
/** A real 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * A multipart body written by hand (boundary `zzz`): `fields`, then a PNG in `fileField` with the given
 * Content-Disposition file name parameter. FormData cannot send an RFC 5987 `filename*`, which busboy decodes.
 */
export function rawMultipart(fields: Record<string, string>, fileField: string, fileNameParam: string): Buffer {
  const parts = Object.entries(fields).map(([k, v]) => `--zzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return Buffer.concat([
    Buffer.from(`${parts.join('')}--zzz\r\nContent-Disposition: form-data; name="${fileField}"; ${fileNameParam}\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from('\r\n--zzz--\r\n'),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas

export function resolve(s: Schema | undefined, depth = 0): Schema {
  if (!s || depth > 10) return {};
  if (s.$ref) return resolve(contract.components.schemas[s.$ref.split('/').pop()!], depth + 1);
  const parts = [...(s.allOf ?? []), ...(s.oneOf ?? []).slice(0, 1), ...(s.anyOf ?? []).slice(0, 1)];
  if (!parts.length) return s;
  const { allOf: _a, oneOf: _o, anyOf: _n, ...rest } = s;
  const merged: Schema = {};
  for (const part of parts) {
    const r = resolve(part, depth + 1);
    Object.assign(merged, r, { properties: { ...merged.properties, ...r.properties }, required: [...(merged.required ?? []), ...(r.required ?? [])] });
  }
  return { ...merged, ...rest };
}

export type Kind = 'string' | 'binary' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'any';
export function kindOf(s: Schema): Kind {
  if (s.type === 'string' && s.format === 'binary') return 'binary';
  if (s.type) return s.type as Kind;
  if (s.enum) return typeof s.enum[0] === 'number' ? 'number' : 'string';
  if (s.properties) return 'object';
  return 'any';
}

let unique = 0;

/** One request of the run: what it sends and whether the route is public. */
export interface Case {
  op: string;
  what: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: () => string | Buffer | FormData;
  public: boolean;
}

/** Valid and wrong values of a schema, and the cases of each operation; `idFor` names a seeded record for an id. */
export function contractCases(idFor: (name: string, path?: string) => number) {
  function valid(schema: Schema | undefined, name = '', all = false, depth = 0): unknown {
    const s = resolve(schema);
    if (s.enum?.length) return s.enum[0];
    switch (kindOf(s)) {
      case 'string': {
        if (/email/i.test(name) || s.format === 'email') return `robust-${process.pid}-${++unique}@test.local`;
        if (s.format === 'date-time') return new Date().toISOString();
        if (s.format === 'date') return '2030-01-01';
        if (typeof s.example === 'string') return s.example;
        if (typeof s.default === 'string') return s.default;
        let text = `robust${++unique}`;
        if (s.minLength) text = text.padEnd(s.minLength, 'x');
        return s.maxLength ? text.slice(0, s.maxLength) : text;
      }
      case 'number':
      case 'integer':
        if (/(^id$|Ids?$)/.test(name)) return idFor(name);
        if (typeof s.example === 'number') return s.example;
        if (typeof s.default === 'number') return s.default;
        return s.minimum ?? 1;
      case 'boolean':
        return typeof s.example === 'boolean' ? s.example : false;
      case 'array':
        if (kindOf(resolve(s.items)) === 'binary' || depth > 4) return [];
        return [valid(s.items, name.replace(/s$/, ''), all, depth + 1)];
      case 'object':
        return depth > 4 ? {} : validObject(s, all, depth + 1);
      default:
        return 'robust';
    }
  }

  /** The required properties (or all of them), binary ones left out (multipart files). */
  function validObject(schema: Schema, all = false, depth = 0): Record<string, unknown> {
    const s = resolve(schema);
    const out: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      if (!all && !s.required?.includes(name)) continue;
      if (kindOf(resolve(prop)) === 'binary') continue;
      out[name] = valid(prop, name, all, depth);
    }
    return out;
  }

  /** Values of `schema` with `text` (for that leaf's schema) in one string leaf each (nested objects and arrays included). */
  function textVariants(schema: Schema | undefined, text: (s: Schema) => string | undefined, depth = 0): unknown[] {
    const s = resolve(schema);
    if (depth > 3) return [];
    switch (kindOf(s)) {
      case 'string':
      case 'any': {
        const value = text(s);
        return value === undefined ? [] : [value];
      }
      case 'array':
        return textVariants(s.items, text, depth + 1).map((v) => [v]);
      case 'object': {
        const base = validObject(s, true);
        return Object.entries(s.properties ?? {}).flatMap(([p, ps]) => textVariants(ps, text, depth + 1).map((v) => ({ ...base, [p]: v })));
      }
      default:
        return [];
    }
  }

  /** Values of the wrong type (and shape) for a property: a few of each kind, to keep the run short. */
  function wrongValues(schema: Schema): unknown[] {
    const s = resolve(schema);
    const common = [null, { junk: { deeper: [1, 'two'] } }];
    switch (kindOf(s)) {
      case 'string':
        // Over-long text is one of BAD_TEXTS, sent in every string leaf.
        return [...common, 12345, ['a', 'b'], ...(s.enum ? ['not-a-member'] : [])];
      case 'number':
      case 'integer':
        return [...common, 'abc', 1.5, HUGE_INT, [1]];
      case 'boolean':
        return [...common, 'maybe', 1];
      case 'array':
        return [...common, 'x', [null], [{ junk: 1 }], [HUGE_INT]];
      case 'object':
        return [...common, 'x', []];
      default:
        return [...common, 'x', 1];
    }
  }

  // Cases, from the contract

  interface Op {
    method: string;
    path: string;
    op: Operation;
    name: string;
  }
  const operations = (): Op[] =>
    Object.entries(contract.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, op: item[m], name: `${m.toUpperCase()} ${path}` })),
    );

  function pathWith(o: Op, override: Record<string, string> = {}): string {
    return o.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      if (name in override) return override[name];
      const p = o.op.parameters?.find((x) => x.in === 'path' && x.name === name);
      const s = resolve(p?.schema);
      const kind = kindOf(s);
      if (kind === 'number' || kind === 'integer') return String(idFor(name, o.path));
      if (name === 'messageId') return String(idFor('message'));
      if (name === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return encodeURIComponent(String(valid(s, name)));
    });
  }

  const MALFORMED_PATH = ['abc', '-1', '1.5', '99999999999999999999', 'a%00b', '%E0%A4%A', big(3 * KB)];

  function pathCases(o: Op, isPublic: boolean): Case[] {
    return (o.op.parameters ?? [])
      .filter((p) => p.in === 'path')
      .flatMap((p) =>
        MALFORMED_PATH.map((v) => ({
          op: o.name,
          what: `path ${p.name}=${v.slice(0, 20)}`,
          method: o.method,
          url: pathWith(o, { [p.name]: v }),
          public: isPublic,
        })),
      );
  }

  function queryCases(o: Op, isPublic: boolean): Case[] {
    const base = pathWith(o);
    return (o.op.parameters ?? [])
      .filter((p) => p.in === 'query')
      .flatMap((p) => {
        const s = resolve(p.schema);
        const n = encodeURIComponent(p.name);
        const kind = kindOf(s);
        // %ED%A0%80 is a lone surrogate's UTF-8 form: not UTF-8, so it must stay text the route refuses or ignores.
        const values = [`${n}=a%00b`, `${n}=a%ED%A0%80b`, `${n}=1&${n}=2`, `${n}=${big(6 * KB)}`, `${n}[a]=1`];
        if (kind === 'number' || kind === 'integer') values.push(`${n}=abc`, `${n}=99999999999999999999`);
        else if (s.enum) values.push(`${n}=not-a-member`);
        return values.map((q) => ({ op: o.name, what: `query ${q.slice(0, 40)}`, method: o.method, url: `${base}?${q}`, public: isPublic }));
      });
  }

  const JSON_TYPE = { 'Content-Type': 'application/json' };

  function jsonBodyCases(o: Op, schema: Schema, isPublic: boolean, parserCases: boolean): Case[] {
    const url = pathWith(o);
    const s = resolve(schema);
    const base = validObject(s);
    const cases: Case[] = [];
    const add = (what: string, body: () => string | Buffer, headers: Record<string, string> = JSON_TYPE) =>
      cases.push({ op: o.name, what, method: o.method, url, headers, body, public: isPublic });
    const json = (what: string, value: unknown) => add(what, () => JSON.stringify(value));

    json('valid base', base);
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      if (kindOf(resolve(prop)) === 'binary') continue;
      for (const value of wrongValues(prop)) json(`${name}=${JSON.stringify(value)?.slice(0, 30)}`, { ...base, [name]: value });
      for (const [label, text] of BAD_TEXTS) {
        for (const value of textVariants(prop, text)) json(`${name} with ${label} ${JSON.stringify(value).slice(0, 40)}`, { ...base, [name]: value });
      }
    }
    json('NUL in a key', { ...base, ['x\u0000y']: 1 });
    json('lone surrogate in a key', { ...base, ['x\udc00y']: 1 });
    json('NUL in a nested key', { ...base, junk: { ['a\u0000']: 'b' } });
    let deepArray: unknown = 1;
    for (let i = 0; i < 3000; i++) deepArray = [deepArray];
    let deepObject: unknown = { leaf: NUL_TEXT };
    for (let i = 0; i < 1000; i++) deepObject = { a: deepObject };
    const firstProp = Object.keys(s.properties ?? {})[0] ?? 'junk';
    json('deeply nested array', { ...base, [firstProp]: deepArray });
    json('deeply nested object', { ...base, [firstProp]: deepObject, junk: deepObject });
    json('a body of 2 000 keys', Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])));
    for (const text of ['{"a":', 'nul', '\u0000', '"text"', '[1,2]', '']) {
      add(`JSON text ${JSON.stringify(text)}`, () => text);
    }
    add('urlencoded with NUL', () => `${encodeURIComponent(firstProp)}=%00&x%00=1`, { 'Content-Type': 'application/x-www-form-urlencoded' });
    add('urlencoded nested', () => `${encodeURIComponent(firstProp)}[a][b][c][d][e][f][g][h]=1&${encodeURIComponent(firstProp)}[]=1`, {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    add('body of 100 KB', () => JSON.stringify({ ...base, junk: big(100 * KB) }));
    if (!parserCases) return cases;
    // The body parsers are the same for every route: their own failures run on a few operations only.
    add('body of 1 MB', () => JSON.stringify({ ...base, junk: big(KB * KB) }));
    add('invalid UTF-8', () => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    add('charset utf-7', () => '{}', { 'Content-Type': 'application/json; charset=utf-7' });
    add('unknown content-encoding', () => '{}', { ...JSON_TYPE, 'Content-Encoding': 'br-nope' });
    add('gzip garbage', () => 'not gzip at all', { ...JSON_TYPE, 'Content-Encoding': 'gzip' });
    add('text/plain', () => 'hello', { 'Content-Type': 'text/plain' });
    add('multipart without boundary', () => '--x\r\n', { 'Content-Type': 'multipart/form-data' });
    return cases;
  }

  function multipartCases(o: Op, schema: Schema, isPublic: boolean): Case[] {
    const url = pathWith(o);
    const s = resolve(schema);
    const props = Object.entries(s.properties ?? {}).map(([name, p]) => ({ name, s: resolve(p) }));
    const files = props.filter((p) => kindOf(p.s) === 'binary' || (kindOf(p.s) === 'array' && kindOf(resolve(p.s.items)) === 'binary'));
    const fields = props.filter((p) => !files.includes(p));
    const cases: Case[] = [];
    /** A valid form: every required field, one PNG per file field; `change` edits it. */
    const form =
      (change: (f: FormData) => void = () => undefined, withFile = true) =>
      () => {
        const f = new FormData();
        for (const p of fields) if (s.required?.includes(p.name)) f.set(p.name, String(valid(p.s, p.name)));
        if (withFile) for (const p of files) f.set(p.name, new Blob([PNG], { type: 'image/png' }), 'logo.png');
        change(f);
        return f;
      };
    const add = (what: string, body: () => string | Buffer | FormData, headers?: Record<string, string>) =>
      cases.push({ op: o.name, what: `multipart ${what}`, method: o.method, url, headers, body, public: isPublic });
    const required = () => Object.fromEntries(fields.filter((p) => s.required?.includes(p.name)).map((p) => [p.name, String(valid(p.s, p.name))]));
    const multipartWithFileName = (field: string, filenameStar: string) => rawMultipart(required(), field, `filename*=${filenameStar}`);

    add('valid', form());
    add('no file', form(undefined, false));
    for (const p of fields) {
      add(
        `${p.name} with NUL`,
        form((f) => f.set(p.name, NUL_TEXT)),
      );
      add(
        `${p.name} 100 KB`,
        form((f) => f.set(p.name, big(100 * KB))),
      );
      add(
        `${p.name} twice`,
        form((f) => (f.set(p.name, 'a'), f.append(p.name, 'b'))),
      );
      add(
        `${p.name}[nested]`,
        form((f) => f.set(`${p.name}[a][b]`, 'x')),
      );
    }
    for (const p of files) {
      add(
        `${p.name} file named with NUL`,
        form((f) => f.set(p.name, new Blob([PNG], { type: 'image/png' }), 'lo\u0000go.png')),
      );
      add(`${p.name} file named with NUL (filename*)`, () => multipartWithFileName(p.name, "UTF-8''lo%00go.png"), {
        'Content-Type': 'multipart/form-data; boundary=zzz',
      });
      add(
        `${p.name} empty file`,
        form((f) => f.set(p.name, new Blob([]), 'empty.png')),
      );
      add(
        `${p.name} sent as text`,
        form((f) => f.set(p.name, 'not a file')),
      );
      add(
        `${p.name} six times`,
        form((f) => Array.from({ length: 6 }, () => f.append(p.name, new Blob([PNG]), 'x.png'))),
      );
    }
    add(
      'field named with NUL',
      form((f) => f.set('x\u0000y', 'v')),
    );
    add(
      'file under an unexpected name',
      form((f) => f.set('unexpected', new Blob([PNG]), 'x.png')),
    );
    add(
      'field of 1.1 MB',
      form((f) => f.set(fields[0]?.name ?? 'junk', big(1.1 * KB * KB))),
    );
    add(
      '200 fields',
      form((f) => Array.from({ length: 200 }, (_, i) => f.set(`f${i}`, 'v'))),
    );
    add('no boundary', () => '--x\r\n', { 'Content-Type': 'multipart/form-data' });
    add('garbage', () => 'garbage', { 'Content-Type': 'multipart/form-data; boundary=zzz' });
    add('truncated', () => '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue', { 'Content-Type': 'multipart/form-data; boundary=zzz' });
    add('malformed part header', () => '--zzz\r\nContent-Disposition form-data\r\n\r\nv\r\n--zzz--\r\n', {
      'Content-Type': 'multipart/form-data; boundary=zzz',
    });
    return cases;
  }

  function casesOf(o: Op, parserCases: boolean): { safe: Case[]; destructive: Case[] } {
    const isPublic = Array.isArray(o.op.security) && o.op.security.length === 0;
    const safe: Case[] = [...pathCases(o, isPublic), ...queryCases(o, isPublic)];
    const destructive: Case[] = [];
    const content = o.op.requestBody?.content ?? {};
    for (const [type, { schema }] of Object.entries(content)) {
      if (type === 'application/json') safe.push(...jsonBodyCases(o, schema, isPublic, parserCases));
      else if (type === 'multipart/form-data') safe.push(...multipartCases(o, schema, isPublic));
    }
    // A plain call with valid path values: deletes run it last, after every other case.
    const plain: Case = { op: o.name, what: 'plain call', method: o.method, url: pathWith(o), public: isPublic };
    if (o.method === 'DELETE') destructive.push(plain);
    else if (!o.op.requestBody) safe.push(plain);
    return { safe, destructive };
  }

  // What the spec runs; the rest builds them.
  return { operations, JSON_TYPE, casesOf };
}
