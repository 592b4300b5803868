import type { TestApp } from '../harness';
import { OVERRIDES } from './overrides';

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
export interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
export interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface RecordedCall {
  operationId: string;
  ok: boolean;
  status: number;
  request?: unknown;
  response?: unknown;
}

/** How a call may be shaped by hand (overrides.ts), where the schema alone does not make a valid one. */
export interface CallOverride {
  /** Path parameters by name. */
  params?: (ids: Ids) => Record<string, string | number | undefined>;
  query?: (ids: Ids) => Record<string, string | number | undefined>;
  /** Fields set over the body made from the schema. */
  patch?: (ids: Ids) => Record<string, unknown>;
  /** Which session calls it; by default the admin, then the super user on a 403. */
  as?: 'admin' | 'super' | 'none';
  /** Keep the answer's id under this name (ids.own(name)). */
  register?: string;
  /** The file a multipart call uploads, where an image does not do; `false` for none. */
  file?: { name: string; content: string } | false;
  /** A multipart call's other fields. */
  fields?: Record<string, string>;
  /** When it runs (see phase()), where it needs what a later call of its phase makes. */
  phase?: number;
  /** Skip: recorded by hand (hand-written.ts). */
  skip?: true;
}

type Tokens = Record<'admin' | 'super', string>;

/** The resource a body field or path parameter names (`queueId` -> the ids of `/queue`). */
const FIELD_RESOURCE: Record<string, string> = {
  queueId: 'queue',
  queueIds: 'queue',
  userId: 'users',
  userIds: 'users',
  users: 'users',
  whatsappId: 'whatsapp',
  whatsappIds: 'whatsapp',
  contactId: 'contacts',
  tagId: 'tags',
  tagIds: 'tags',
  ticketId: 'tickets',
  contactListId: 'contact-lists',
  fileListId: 'files',
  promptId: 'prompt',
  integrationId: 'queueIntegration',
  queueIntegrationId: 'queueIntegration',
  companyId: 'companies',
  planId: 'plans',
  chatId: 'chats',
  campaignId: 'campaigns',
  messageId: 'messages',
  holidayId: 'holidays',
  targetId: 'users',
  currentUserId: 'users',
};

/** The ids seen so far per collection path (`/queue` -> [1, 2]): the seed's, then the ones the recorder created. */
export class Ids {
  private readonly seen = new Map<string, number[]>();
  private readonly created = new Map<string, number>();
  private readonly records = new Map<string, Record<string, unknown>>();
  /** The first record seen of a resource (a list's first row). */
  record(resource: string): Record<string, unknown> | undefined {
    return this.records.get(resource);
  }
  /** The id the recorder created of a resource. */
  own(resource: string): number | undefined {
    return this.created.get(resource);
  }
  /** The n-th id seen of a resource. */
  nth(resource: string, n: number): number | undefined {
    return this.seen.get(resource)?.[n];
  }
  add(resource: string, id: unknown, created = false, record?: Record<string, unknown>): void {
    // Message ids are strings (64-bit); the others numbers.
    if (typeof id === 'string' && /^\d+$/.test(id)) id = Number(id);
    if (typeof id !== 'number') return;
    if (record && !this.records.has(resource)) this.records.set(resource, record);
    const list = this.seen.get(resource) ?? [];
    if (!list.includes(id)) list.push(id);
    this.seen.set(resource, list);
    if (created) this.created.set(resource, id);
  }
  /** An id of the resource: a seeded one to read and change, the recorder's own one to delete. */
  get(resource: string, forDelete = false): number | undefined {
    if (forDelete && this.created.has(resource)) return this.created.get(resource);
    return this.seen.get(resource)?.[0] ?? this.created.get(resource);
  }
}

const segment = (path: string) => path.split('/')[1];

/** Records the ids of every object with a numeric id found in an answer (two levels deep). */
function collectIds(ids: Ids, resource: string, body: unknown, depth = 0): void {
  if (depth > 2 || !body || typeof body !== 'object') return;
  if (Array.isArray(body)) {
    for (const item of body) collectIds(ids, resource, item, depth + 1);
    return;
  }
  const record = body as Record<string, unknown>;
  if (typeof record.id === 'number') ids.add(resource, record.id, false, record);
  for (const [key, value] of Object.entries(record))
    if (Array.isArray(value) && key !== 'users' && key !== 'queues') collectIds(ids, resource, value, depth + 1);
}

export function resolve(doc: Doc, schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(doc, doc.components.schemas[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length === 1) return { ...resolve(doc, schema.allOf[0]), ...schema, allOf: undefined };
  return schema;
}

const FUTURE = new Date(Date.now() + 30 * 86_400_000);

/** A plausible value for a string field, by its name and format. */
function sampleString(name: string, s: Schema): string {
  if (s.format === 'date-time') return FUTURE.toISOString();
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000001';
  if (s.format === 'date') return FUTURE.toISOString().slice(0, 10);
  if (s.format === 'email' || /email/i.test(name)) return `exemplo.${name.toLowerCase()}@demo.atende.local`;
  if (s.format === 'uri' || /url$/i.test(name)) return 'https://partner.example.com/hook';
  if (/password/i.test(name)) return 'Senha@2026';
  if (/number|phone/i.test(name)) return '5511988887777';
  if (/color/i.test(name)) return '#2563eb';
  if (/time$|Time$|start|end/i.test(name) && (s.maxLength ?? 99) <= 5) return '08:00';
  const text = name === 'name' || name === 'title' ? 'Exemplo' : `Exemplo de ${name}`;
  return s.maxLength && text.length > s.maxLength ? text.slice(0, s.maxLength) : text;
}

/** A body made from a schema: its examples and defaults, enum firsts, ids the recorder has seen. */
export function sampleBody(doc: Doc, schema: Schema | undefined, ids?: Ids, name = '', depth = 0, full = false): unknown {
  const s = resolve(doc, schema);
  if (!s || depth > 5) return undefined;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.oneOf?.length || s.anyOf?.length) return sampleBody(doc, (s.oneOf ?? s.anyOf)![0], ids, name, depth + 1, full);
  // OpenAPI 3.1: a nullable value's type lists 'null' (a reference's is anyOf [ref, null], taken as the ref).
  if (full && Array.isArray(s.type) && s.type.includes('null')) return null;
  const resource = FIELD_RESOURCE[name];
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (!full && !s.required?.includes(key)) continue;
        const v = sampleBody(doc, prop, ids, key, depth + 1, full);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array': {
      if (resource && ids?.get(resource) !== undefined) return [ids.get(resource)];
      const item = sampleBody(doc, s.items, ids, name, depth + 1, full);
      return item === undefined ? [] : [item];
    }
    case 'integer':
    case 'number':
      if (resource && ids?.get(resource) !== undefined) return ids.get(resource);
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      return sampleString(name, s);
    default:
      return undefined;
  }
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The order the calls go in: reading lists, creating, reading again, reading one, changing, deleting, then sessions. */
function phase(path: string, method: string, op: Operation): number {
  const given = OVERRIDES[op.operationId]?.phase;
  if (given !== undefined) return given;
  const hasParams = path.includes('{');
  if (/^\/auth\/(logout|impersonate)|^\/resetpassword|^\/forgetpassword/.test(path)) return 9;
  if (method === 'get') return hasParams ? 3 : 0;
  // Bulk actions last: they delete and close what the single calls before them use.
  if (path.endsWith('/bulk')) return 7;
  if (method === 'post' && !hasParams && !/sync|import|findOrCreate|testSession/.test(path)) return 1;
  if (method === 'delete') return op.operationId.startsWith('delete') && !path.endsWith('media-upload') ? 6 : 5;
  return 4;
}

/** Calls every operation once (the list ones twice: before and after creating), yielding what each answered. */
export async function* planCalls(t: TestApp, doc: Doc, tokens: Tokens): AsyncGenerator<RecordedCall> {
  const ids = new Ids();
  const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
  const inPhase = (n: number) => ops.filter((o) => phase(o.path, o.method, o.op) === n);
  // Creates go in dependency order: what others name (queues, contacts, lists, files) first.
  const FIRST = ['queue', 'tags', 'contacts', 'contact-lists', 'files', 'users', 'whatsapp', 'prompt', 'queueIntegration', 'plans', 'companies'];
  const rank = (path: string) => (FIRST.includes(segment(path)) ? FIRST.indexOf(segment(path)) : FIRST.length);
  const creates = inPhase(1).sort((a, b) => rank(a.path) - rank(b.path));
  // Lists are read twice: first for the seed's ids only, again after the creates (that answer is the example).
  const plan = [...inPhase(0).map((o) => ({ ...o, feedOnly: true })), ...creates, ...inPhase(0), ...[3, 4, 5, 6, 7, 9].flatMap(inPhase)] as {
    path: string;
    method: string;
    op: Operation;
    feedOnly?: boolean;
  }[];
  for (const { path, method, op, feedOnly } of plan) {
    const override = OVERRIDES[op.operationId] ?? {};
    if (override.skip) continue;
    const forDelete = phase(path, method, op) === 6;
    const givenParams = override.params?.(ids) ?? {};
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const given = givenParams[name];
      if (given !== undefined) return encodeURIComponent(String(given));
      const p = op.parameters?.find((x) => x.name === name);
      if (resolve(doc, p?.schema)?.type === 'string' && name !== 'id' && !FIELD_RESOURCE[name]) return String(sampleBody(doc, p?.schema, ids, name));
      const resource = name === 'id' ? segment(path) : (FIELD_RESOURCE[name] ?? segment(path));
      return String(ids.get(resource, forDelete) ?? 1);
    });
    const success = Object.keys(op.responses).find((s) => s.startsWith('2'));
    const content = op.requestBody?.content;
    const multipart = content?.['multipart/form-data'];
    const sampled = content?.['application/json'] ? sampleBody(doc, content['application/json'].schema, ids) : undefined;
    const body = override.patch ? { ...(sampled as object), ...override.patch(ids) } : sampled;
    // Required query parameters, and those naming a resource, get a value as a body field would.
    const query: Record<string, unknown> = {};
    for (const p of op.parameters ?? []) {
      if (p.in === 'query' && (p.required || (FIELD_RESOURCE[p.name] && ids.get(FIELD_RESOURCE[p.name]) !== undefined)))
        query[p.name] = sampleBody(doc, p.schema, ids, p.name);
    }
    Object.assign(query, override.query?.(ids));
    const send = async (who: 'admin' | 'super' | 'none') => {
      let req = t
        .http()
        [method as 'get'](url)
        .query(query as Record<string, string>)
        .set('Accept', 'application/json');
      if (who !== 'none') req = req.set('Authorization', `Bearer ${tokens[who]}`);
      if (multipart) {
        const schema = resolve(doc, multipart.schema);
        for (const [key, prop] of Object.entries(schema?.properties ?? {})) {
          const p = resolve(doc, prop);
          if (p?.format === 'binary' || p?.items?.format === 'binary') {
            if (override.file === false) continue;
            req = override.file ? req.attach(key, Buffer.from(override.file.content), override.file.name) : req.attach(key, PNG, 'exemplo.png');
          } else if (override.fields?.[key] !== undefined) req = req.field(key, override.fields[key]);
          else if (schema?.required?.includes(key)) req = req.field(key, String(sampleBody(doc, p, ids, key)));
        }
        return req;
      }
      return body === undefined ? req : req.send(body as object);
    };
    let res = await send(override.as ?? 'admin');
    if (!override.as && res.status === 403) res = await send('super');
    const resource = segment(path);
    if (String(res.status) === success) {
      const answer = res.body as { id?: number; messages?: { id: string }[] };
      if (override.register) ids.add(override.register, answer?.id ?? answer?.messages?.[0]?.id, true);
      else if (phase(path, method, op) === 1) ids.add(resource, (res.body as { id?: number })?.id, true);
      else if (method === 'get') collectIds(ids, resource, res.body);
    }
    if (feedOnly) continue;
    const request = multipart ? { ...multipartExample(doc, multipart.schema, override.file === false), ...override.fields } : body;
    yield {
      operationId: op.operationId,
      ok: String(res.status) === success,
      status: res.status,
      request,
      response: res.status === 204 || !(res.headers['content-type'] ?? '').includes('json') ? undefined : res.body,
    };
  }
}

/** What a multipart request carries, as its example shows it: the file fields named, the others as sent. */
function multipartExample(doc: Doc, schema: Schema, noFile: boolean): Record<string, unknown> {
  const s = resolve(doc, schema);
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(s?.properties ?? {})) {
    const p = resolve(doc, prop);
    if (p?.format === 'binary' || p?.items?.format === 'binary') {
      if (!noFile) out[key] = p.format === 'binary' ? 'exemplo.png' : ['exemplo.png'];
    } else if (s?.required?.includes(key)) out[key] = sampleBody(doc, p, undefined, key);
  }
  return out;
}
