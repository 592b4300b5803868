import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { CompanyId } from '../src/common/tenancy/company-id';
import { createTestApp, TestApp } from './harness';
import { Help } from '../src/tenant/helps/help.entity';
import {
  createContact,
  createHoliday,
  createMessage,
  createQueue,
  createQueueOption,
  createQuickMessage,
  createSuperUser,
  createTag,
  createTicket,
  createTicketNote,
  createUser,
  createWhatsapp,
  login,
  PASSWORD,
} from './factories';

/**
 * Contract-driven robustness: every operation of the committed api/openapi.json gets malformed input (wrong types,
 * NUL characters, huge and deeply nested values, broken JSON and multipart, malformed path ids and query values),
 * signed in as a super user and admin of a seeded company. No answer may be a 5xx, and every 4xx must carry an
 * `error` of the contract's ErrorCode enum. The cases come from the contract, so routes added later are covered.
 */

interface Schema {
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
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}
interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> & { ErrorCode: { enum: string[] } } };
}

const contract = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as Contract;
const CODES = new Set(contract.components.schemas.ErrorCode.enum);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const NUL_TEXT = 'a\u0000b';
/** A high surrogate without its low half: JSON can carry it (`"\ud800"`), no encoding of text can. */
const LONE_SURROGATE = 'a\ud800b';
/** Longer than any varchar column (the longest is 4096): a DTO without its MaxLength meets the column. */
const OVERLONG = 'x'.repeat(5000);
/**
 * What every string leaf of a body gets, one at a time: text no column takes, text longer than any column, and the
 * longest text the contract allows there (its maxLength: a DTO allowing more than its column holds meets the column).
 */
const BAD_TEXTS: [string, (s: Schema) => string | undefined][] = [
  ['NUL', () => NUL_TEXT],
  ['lone surrogate', () => LONE_SURROGATE],
  ['5000 characters', () => OVERLONG],
  ['its maxLength', (s) => (s.maxLength && !s.enum && !s.format ? 'x'.repeat(s.maxLength) : undefined)],
];
/** 1e20: passes @IsInt, overflows an integer column (written as the JSON number clients send). */
const HUGE_INT = 1e20;
const KB = 1024;
const big = (bytes: number) => 'x'.repeat(bytes);
/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** How many cases are in flight at once: enough to overlap I/O, modest on two cores. */
const CONCURRENCY = 6;

/**
 * A multipart body written by hand (boundary `zzz`): `fields`, then a PNG in `fileField` with the given
 * Content-Disposition file name parameter. FormData cannot send an RFC 5987 `filename*`, which busboy decodes.
 */
function rawMultipart(fields: Record<string, string>, fileField: string, fileNameParam: string): Buffer {
  const parts = Object.entries(fields).map(([k, v]) => `--zzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return Buffer.concat([
    Buffer.from(`${parts.join('')}--zzz\r\nContent-Disposition: form-data; name="${fileField}"; ${fileNameParam}\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from('\r\n--zzz--\r\n'),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas

function resolve(s: Schema | undefined, depth = 0): Schema {
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

type Kind = 'string' | 'binary' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'any';
function kindOf(s: Schema): Kind {
  if (s.type === 'string' && s.format === 'binary') return 'binary';
  if (s.type) return s.type as Kind;
  if (s.enum) return typeof s.enum[0] === 'number' ? 'number' : 'string';
  if (s.properties) return 'object';
  return 'any';
}

let unique = 0;

// ---------------------------------------------------------------------------------------------------------------

describe('robustness: every operation of the contract answers malformed input with a catalogue 4xx', () => {
  let t: TestApp;
  let companyId: CompanyId;
  let self: { id: number; email: string };
  let token = '';
  /** Ids of the seeded records, by the singular name a parameter or property uses ("ticket" for ticketId). */
  const ids: Record<string, number> = {};
  /** Ids found through the contract's own list routes, by first path segment. */
  const listed: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const su = await createSuperUser(t);
    companyId = su.company.id;
    self = su.user;
    token = su.token;
    const queue = await createQueue(t.orm, companyId);
    const whatsapp = await createWhatsapp(t.orm, companyId, { isDefault: true });
    const other = await createUser(t.orm, { companyId, profile: 'user', queueIds: [queue.id] });
    const contact = await createContact(t.orm, companyId);
    const ticket = await createTicket(t.orm, companyId, { contactId: contact.id, status: 'open', userId: self.id, queueId: queue.id, whatsappId: whatsapp.id });
    const message = await createMessage(t.orm, ticket, 'Olá', true);
    const tag = await createTag(t.orm, companyId, { ticketIds: [ticket.id] });
    const note = await createTicketNote(t.orm, ticket, { userId: self.id });
    const quick = await createQuickMessage(t.orm, companyId, { userId: self.id });
    const queueOption = await createQueueOption(t.orm, companyId, { queueId: queue.id, option: 1 });
    const holiday = await createHoliday(t.orm, companyId);
    const helpEm = t.orm.em.fork();
    const help = helpEm.create(Help, { title: 'Robust', video: 'dQw4w9WgXcQ' });
    await helpEm.flush();
    Object.assign(ids, {
      company: companyId,
      plan: su.company.plan.id,
      queue: queue.id,
      whatsapp: whatsapp.id,
      user: other.id,
      target: other.id,
      currentuser: self.id,
      contact: contact.id,
      ticket: ticket.id,
      message: Number(message.id),
      tag: tag.id,
      note: note.id,
      ticketnote: note.id,
      quickmessage: quick.id,
      queueoption: queueOption.id,
      parent: queueOption.id,
      holiday: holiday.id,
      help: help.id,
    });
    // The contract's parameterless GET list routes name real records of each collection.
    for (const path of Object.keys(contract.paths)) {
      const seg = path.split('/')[1];
      if (listed[seg] || path.includes('{') || !contract.paths[path].get) continue;
      if (path !== `/${seg}` && path !== `/${seg}/list` && path !== `/${seg}/all`) continue;
      const res = await call('GET', path);
      const first = firstId(res.json);
      if (first) listed[seg] = first;
    }
  }, 60_000);
  afterAll(() => t?.close());

  function firstId(body: unknown): number | undefined {
    const rows = Array.isArray(body) ? body : body && typeof body === 'object' ? Object.values(body).find(Array.isArray) : undefined;
    const id = (rows as { id?: unknown }[] | undefined)?.[0]?.id;
    return typeof id === 'number' ? id : undefined;
  }

  /** A real id for a parameter or property name: `{id}` of a path is a record of its collection. */
  function idFor(name: string, path?: string): number {
    const base = name
      .replace(/Ids?$/, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    if (base === 'id' && path) {
      const seg = path.split('/')[1];
      const singular = seg.replace(/-/g, '').replace(/ies$/, 'y').replace(/s$/, '');
      return listed[seg] ?? ids[singular] ?? 1;
    }
    return ids[base] ?? 1;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Valid values, from the schema

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

  // -------------------------------------------------------------------------------------------------------------
  // Calls

  interface Answer {
    status: number;
    text: string;
    json: unknown;
  }

  async function call(method: string, url: string, init: { headers?: Record<string, string>; body?: string | Buffer | FormData } = {}): Promise<Answer> {
    const res = await fetch(t.url + url, {
      method,
      redirect: 'manual',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
      body: method === 'GET' || method === 'HEAD' ? undefined : (init.body as RequestInit['body']),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  }

  let renewing: Promise<void> | undefined;
  /**
   * A case may end the session (a password or profile change of the caller, a logout): sign in again, and when
   * the password no longer works, as a fresh super user of the same company (or of a new one once it is gone).
   */
  function renewSession(stale: string): Promise<void> {
    if (token !== stale) return Promise.resolve();
    renewing ??= (async () => {
      try {
        token = (await login(t, self.email, PASSWORD)).token;
      } catch {
        try {
          const fresh = await createUser(t.orm, { companyId, profile: 'admin', super: true });
          self = fresh;
          token = (await login(t, fresh.email)).token;
        } catch {
          const su = await createSuperUser(t);
          companyId = su.company.id;
          self = su.user;
          token = su.token;
        }
      }
    })().finally(() => (renewing = undefined));
    return renewing;
  }

  interface Case {
    op: string;
    what: string;
    method: string;
    url: string;
    headers?: Record<string, string>;
    body?: () => string | Buffer | FormData;
    public: boolean;
  }

  /** Why an answer breaks the rule, or undefined. */
  function offence(a: Answer): string | undefined {
    if (a.status >= 500) return `${a.status} ${a.text.slice(0, 200)}`;
    if (a.status >= 400) {
      const error = (a.json as { error?: unknown } | undefined)?.error;
      if (typeof error !== 'string' || !CODES.has(error)) return `${a.status} without a catalogue code: ${a.text.slice(0, 200)}`;
    }
    return undefined;
  }

  async function run(c: Case): Promise<string | undefined> {
    for (let attempt = 0; ; attempt++) {
      const used = token;
      let a: Answer;
      try {
        a = await call(c.method, c.url, { headers: c.headers, body: c.body?.() });
      } catch (e) {
        return `${c.op} [${c.what}]: request failed: ${String((e as Error).cause ?? e)}`;
      }
      const error = (a.json as { error?: string } | undefined)?.error;
      if (!c.public && a.status === 401 && error === 'ERR_SESSION_EXPIRED' && attempt === 0) {
        await renewSession(used);
        continue;
      }
      const bad = offence(a);
      return bad && `${c.op} [${c.what}]: ${bad}`;
    }
  }

  async function runAll(cases: Case[], concurrency: number): Promise<string[]> {
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < cases.length) {
          const bad = await run(cases[next++]);
          if (bad) failures.push(bad);
        }
      }),
    );
    return failures;
  }

  // -------------------------------------------------------------------------------------------------------------
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
      if (name === 'messageId') return String(ids.message);
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

  // -------------------------------------------------------------------------------------------------------------

  it('NUL anywhere in the input is a 400 ERR_VALIDATION naming the field', async () => {
    let a = await call('POST', '/quick-messages', { headers: JSON_TYPE, body: JSON.stringify({ shortcode: 'nul', message: NUL_TEXT }) });
    expect(a.status).toBe(400);
    expect(a.json).toEqual({ error: 'ERR_VALIDATION', message: expect.any(String), fields: [{ field: 'message', messages: [expect.any(String)] }] });
    a = await call('PUT', `/contacts/${ids.contact}`, { headers: JSON_TYPE, body: JSON.stringify({ extraInfo: [{ name: 'ok', value: NUL_TEXT }] }) });
    expect(a.json).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'extraInfo.0.value' }] });
    a = await call('GET', '/quick-messages?searchParam=a%00');
    expect(a.json).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'searchParam' }] });
    a = await call('GET', '/tickets/u/a%00b');
    expect(a.json).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'uuid' }] });
    a = await call('GET', '/settings/a%00b');
    expect(a.json).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'key' }] });

    const form = new FormData();
    form.set('typeArch', NUL_TEXT);
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'x.png');
    a = await call('POST', `/quick-messages/${ids.quickmessage}/media-upload`, { body: form });
    expect(a.json).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'typeArch' }] });
    // busboy refuses a raw NUL in a part header (400 ERR_BAD_REQUEST); an RFC 5987 file name decodes to one.
    a = await call('POST', `/quick-messages/${ids.quickmessage}/media-upload`, {
      headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' },
      body: rawMultipart({}, 'file', "filename*=UTF-8''x%00.png"),
    });
    expect(a.json).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'file' }] });
  });

  it('a lone surrogate is a 400 ERR_VALIDATION naming the field, before any token (it was a 500 from validator.js)', async () => {
    const expectField = (a: Answer, field: string) => {
      expect(a.status).toBe(400);
      expect(a.json).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field, messages: [expect.stringMatching(/surrogate/)] }] });
    };
    const publicCall = (url: string, body: unknown) =>
      fetch(t.url + url, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) }).then(async (r) => {
        const text = await r.text();
        return { status: r.status, text, json: JSON.parse(text) as unknown };
      });
    expectField(await publicCall('/auth/login', { email: 'ana\ud800@demo.test', password: PASSWORD }), 'email');
    expectField(await publicCall('/auth/login', { email: 'ana@demo.test', password: '\udfff' }), 'password');
    expectField(
      await publicCall('/companies/cadastro', { name: 'Loja', email: 'loja\ud800@test.local', password: PASSWORD, phone: '11999990000', planId: 1 }),
      'email',
    );
    expectField(
      await call('PUT', `/contacts/${ids.contact}`, { headers: JSON_TYPE, body: JSON.stringify({ extraInfo: [{ name: 'x', value: 'a\ud800' }] }) }),
      'extraInfo.0.value',
    );
    // A surrogate pair (an emoji) is text like any other.
    const ok = await call('POST', '/quick-messages', { headers: JSON_TYPE, body: JSON.stringify({ shortcode: 'emoji', message: 'Olá 😀' }) });
    expect(ok.status).toBe(201);
  });

  it('answers broken and oversized bodies with catalogue codes', async () => {
    let a = await call('POST', '/quick-messages', { headers: JSON_TYPE, body: '{"shortcode": ' });
    expect([a.status, (a.json as { error: string }).error]).toEqual([400, 'ERR_BAD_REQUEST']);
    a = await call('POST', '/quick-messages', { headers: JSON_TYPE, body: JSON.stringify({ shortcode: 'big', message: big(KB * KB) }) });
    expect([a.status, (a.json as { error: string }).error]).toEqual([413, 'ERR_PAYLOAD_TOO_LARGE']);
  });

  it('never answers a 5xx or a code outside the catalogue, on any operation of the contract', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const bodyOps = ops.filter((o) => o.op.requestBody);
    // The parsers' own failures (1 MB, charsets, encodings) on every tenth body operation; 100 KB runs everywhere.
    const parserOps = new Set(bodyOps.filter((_, i) => i % 10 === 0).map((o) => o.name));
    const safe: Case[] = [];
    const destructive: Case[] = [];
    for (const o of ops) {
      const c = casesOf(o, parserOps.has(o.name));
      safe.push(...c.safe);
      destructive.push(...c.destructive);
    }
    // Session-ending operations (a logout) run last of all: after them the session is renewed, nothing else runs.
    const endsSession = (c: Case) => /logout/.test(c.op);
    destructive.sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));

    // A value the DTO let through but its column refused answers 400 (ErrorFilter), with a warning: here, a failure,
    // since it means a DTO allows more than its column holds.
    const refused: string[] = [];
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      if (String(message).includes('database refused')) refused.push(String(message));
    });
    const started = Date.now();
    const failures = [...(await runAll(safe, CONCURRENCY)), ...(await runAll(destructive, 1))];
    warn.mockRestore();
    const health = await call('GET', '/health');
    console.log(`robustness: ${ops.length} operations, ${safe.length + destructive.length} cases in ${Date.now() - started} ms`);
    expect(health.status).toBe(200);
    expect(failures).toEqual([]);
    expect(refused).toEqual([]);
  }, 300_000);

  it('a value its column cannot hold, where a DTO allows more than the column, is a 400 and a warning (the check above relies on it)', async () => {
    const sql = t.orm.em.fork().getConnection();
    // A column narrower than its DTO's MaxLength (100), as a schema change could leave it.
    // The earlier tests of this file stored longer shortcodes: those rows go first, or the column cannot narrow.
    await sql.execute('delete from quick_messages where length(shortcode) > 8');
    await sql.execute('alter table quick_messages alter column shortcode type varchar(8)');
    const warnings: string[] = [];
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    try {
      const post = () => call('POST', '/quick-messages', { headers: JSON_TYPE, body: JSON.stringify({ shortcode: 'longer-than-eight', message: 'Olá' }) });
      // The cases above may have ended this session (a logout, a password change): sign in again, as they do.
      const used = token;
      let a = await post();
      if (a.status === 401) {
        await renewSession(used);
        a = await post();
      }
      expect([a.status, (a.json as { error: string }).error]).toEqual([400, 'ERR_VALIDATION']);
      expect(warnings).toEqual([expect.stringMatching(/database refused \(SQLSTATE 22001\)/)]);
    } finally {
      warn.mockRestore();
      await sql.execute('alter table quick_messages alter column shortcode type varchar(100)');
    }
  });
});
