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
import { CODES, KB, NUL_TEXT, PNG, big, contract, contractCases, rawMultipart, type Case } from './robustness-contract';

/**
 * Contract-driven robustness: every operation of the committed api/openapi.json gets malformed input (wrong types,
 * NUL characters, huge and deeply nested values, broken JSON and multipart, malformed path ids and query values),
 * signed in as a super user and admin of a seeded company. No answer may be a 5xx, and every 4xx must carry an
 * `error` of the contract's ErrorCode enum. The cases come from the contract, so routes added later are covered.
 */

/** How many cases are in flight at once: enough to overlap I/O, modest on two cores. */
const CONCURRENCY = 6;

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
  const { operations, JSON_TYPE, casesOf } = contractCases(idFor);

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
