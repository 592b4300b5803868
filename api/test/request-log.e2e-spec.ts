import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { QUEUES } from '../src/jobs/jobs';
import { createTestApp, TestApp, until } from './harness';
import { createTenant, createTicket, createWhatsapp, PASSWORD } from './factories';

type Line = Record<string, unknown> & { msg: string; level: string; context?: string; requestId?: string };

/**
 * LOG_FORMAT=json, as production runs it, with its lines captured: one JSON object per line, one line per request
 * (route pattern, never the URL), the request id from X-Request-Id to the answer's header, into the jobs the request
 * added and onto the error of a 5xx; no secret and no colour code in any of it.
 */
describe('JSON logs', () => {
  let t: TestApp;
  let raw = '';
  const lines: Line[] = [];
  const destination = {
    write(chunk: string) {
      raw += chunk;
      for (const text of chunk.split('\n')) if (text) lines.push(JSON.parse(text) as Line);
    },
  };
  const requestLine = (requestId: string) => lines.find((l) => l.context === 'HTTP' && l.requestId === requestId);

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_FORMAT: 'json' }, app: { logger: ['fatal', 'error', 'warn', 'log'], logDestination: destination } });
  });
  afterAll(() => t?.close());

  it('writes one JSON line per request: id, company, user, route pattern, method, status and duration; no secret, no colour', async () => {
    const a = await createTenant(t);
    const ticket = await createTicket(t.orm, a.company.id);
    await t
      .http()
      .get(`/tickets/${ticket.id}?token=query-secret-123&access_token=query-secret-456`)
      .set(a.auth(a.adminToken))
      .set('Cookie', 'jrt=cookie-secret-789')
      .set('X-Request-Id', 'req-show-1')
      .expect(200);
    const line = await until(() => requestLine('req-show-1'));
    expect(line).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: process.pid,
      hostname: expect.any(String),
      role: 'all',
      context: 'HTTP',
      requestId: 'req-show-1',
      method: 'GET',
      route: '/tickets/:id',
      status: 200,
      durationMs: expect.any(Number),
      companyId: a.company.id,
      userId: a.admin.id,
      msg: expect.stringMatching(/^GET \/tickets\/:id 200 [\d.]+ ms$/),
    });
    console.log(`a request's line: ${JSON.stringify(line)}`);

    // A password in a body, a failed login's: in no line.
    await t.http().post('/auth/login').set('X-Request-Id', 'req-login-1').send({ email: a.admin.email, password: 'wrong-password-xyz' }).expect(401);
    await t.http().post('/auth/login').send({ email: a.admin.email, password: PASSWORD }).expect(200);
    expect(await until(() => requestLine('req-login-1'))).toMatchObject({ route: '/auth/login', status: 401 });
    for (const secret of ['query-secret', 'cookie-secret', a.adminToken, 'wrong-password-xyz', PASSWORD]) expect(raw).not.toContain(secret);
    // No colour codes; every line is one JSON object (parsed above).
    expect(raw.includes('\u001b[')).toBe(false);
  });

  it('keeps a well-formed X-Request-Id, replaces any other, and returns it on every answer, errors included', async () => {
    const kept = await t.http().get('/health/live').set('X-Request-Id', 'edge-proxy.42:a_b').expect(200);
    expect(kept.headers['x-request-id']).toBe('edge-proxy.42:a_b');
    for (const bad of ['two words', 'x'.repeat(65), 'quote"d', '']) {
      const res = await t.http().get('/tickets').set('X-Request-Id', bad).expect(401);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const unknown = await t.http().get('/no-such-route').expect(404);
    const id: string = unknown.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await until(() => requestLine(id))).toMatchObject({ route: '(unmatched)', status: 404 });
    expect(requestLine(id)).not.toHaveProperty('companyId');
  });

  it("carries the request id into the jobs the request adds, and logs a job's failure with it", async () => {
    const a = await createTenant(t);
    // A connection that runs nowhere: the send job fails.
    const whatsapp = await createWhatsapp(t.orm, a.company.id);
    const ticket = await createTicket(t.orm, a.company.id, { whatsappId: whatsapp.id, status: 'open', userId: a.user.id });
    const sent = await t.http().post(`/messages/${ticket.id}`).set(a.auth(a.userToken)).set('X-Request-Id', 'req-send-1').send({ body: 'Olá' }).expect(201);
    const messageId = String(sent.body.messages[0].id);
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.messages), { strict: false });
    const job = await until(async () =>
      (await queue.getJobs(['waiting', 'active', 'delayed', 'failed'])).find((j) => String(j?.data?.messageId) === messageId),
    );
    expect(job.data).toMatchObject({ companyId: a.company.id, requestId: 'req-send-1' });
    const failure = await until(() => lines.find((l) => l.context === 'Jobs' && l.requestId === 'req-send-1'), 15_000);
    expect(failure).toMatchObject({ level: 'warn', job: `${QUEUES.messages}#${job.id}`, msg: expect.stringMatching(/failed \(attempt 1 of \d+, retried\)/) });
    console.log(`a job's failure: ${JSON.stringify(failure)}`);
  });

  it('logs the error of an unhandled 5xx with its request id', async () => {
    const a = await createTenant(t);
    // A bug stand-in: a table the route reads is gone.
    await t.orm.em.getConnection().execute('alter table tags rename to tags_gone');
    try {
      await t.http().get('/tags').set(a.auth(a.userToken)).set('X-Request-Id', 'req-500-1').expect(500);
    } finally {
      await t.orm.em.getConnection().execute('alter table tags_gone rename to tags');
    }
    const error = await until(() => lines.find((l) => l.level === 'error' && l.requestId === 'req-500-1'));
    expect(error).toMatchObject({ context: 'Error', companyId: a.company.id, userId: a.user.id, msg: expect.stringContaining('tags') });
    expect(await until(() => requestLine('req-500-1'))).toMatchObject({ route: '/tags', status: 500 });
  });
});
