import { MetricsServer } from '../src/observability/metrics-endpoint';
import { connectSocket, createTestApp, TestApp, until } from './harness';
import { createSandboxConnection, createTenant, createTicket, createWhatsapp, sandboxOf } from './factories';

const TOKEN = 'metrics-token-for-tests-0123456789';

/**
 * /metrics in Prometheus's text format: only with the token on the API's port (and on a port of its own), each
 * series the operator's dashboards read, counted from what the test did.
 */
describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' } });
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };
  /** The value of one series (labels in any order), or undefined when absent. */
  const value = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
    for (const line of text.split('\n')) {
      const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m || m[1] !== name) continue;
      const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
      if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
    }
    return undefined;
  };

  it('is refused without the token, with a wrong one, and to anything but GET', async () => {
    const none = await t.http().get('/metrics').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.text).not.toContain('atende_');
    await t.http().get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789').expect(401);
    await t.http().get('/metrics').set('Authorization', `Basic ${TOKEN}`).expect(401);
    await t.http().post('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('measures HTTP answers by method, route pattern and status', async () => {
    const a = await createTenant(t);
    const tickets = await Promise.all([createTicket(t.orm, a.company.id), createTicket(t.orm, a.company.id)]);
    for (const ticket of tickets) await t.http().get(`/tickets/${ticket.id}`).set(a.auth(a.adminToken)).expect(200);
    await t.http().get('/tickets/999999').set(a.auth(a.adminToken)).expect(404);
    const text = await scrape();
    const series = { method: 'GET', route: '/tickets/:id', status_code: '200' };
    expect(value(text, 'atende_http_request_duration_seconds_count', series)).toBe(2);
    expect(value(text, 'atende_http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toBe(2);
    expect(value(text, 'atende_http_request_duration_seconds_sum', series)).toBeGreaterThan(0);
    expect(value(text, 'atende_http_request_duration_seconds_count', { ...series, status_code: '404' })).toBe(1);
    // Never a URL as a label.
    expect(text).not.toMatch(/route="\/tickets\/\d/);
  });

  it('counts inbound messages, their commit time and lag; queue depths and failed jobs; sockets; connections by status; the pool', async () => {
    const a = await createTenant(t);
    const connection = await createSandboxConnection(t, a.company.id);
    await sandboxOf(t).sendFromPhoneStored('5511988887777', connection.id, { body: 'Oi' });
    const providerId = await sandboxOf(t).sendFromPhoneStored('5511988887777', connection.id, { body: 'Tudo bem?' });
    await sandboxOf(t).sendFromPhoneStored('5511988887777', connection.id, { body: 'Tudo bem?', providerId });
    // A send job that fails: its connection runs nowhere.
    const idle = await createWhatsapp(t.orm, a.company.id, { status: 'DISCONNECTED' });
    const ticket = await createTicket(t.orm, a.company.id, { whatsappId: idle.id, status: 'open', userId: a.user.id });
    await t.http().post(`/messages/${ticket.id}`).set(a.auth(a.userToken)).send({ body: 'Olá' }).expect(201);
    const socket = await connectSocket(t.url, a.userToken);
    try {
      const text = await until(async () => {
        const scraped = await scrape();
        return (value(scraped, 'atende_jobs_failed_total', { queue: 'messages', job: 'send' }) ?? 0) >= 1 && scraped;
      });
      expect(value(text, 'atende_ingest_messages_total', { outcome: 'stored' })).toBe(2);
      expect(value(text, 'atende_ingest_messages_total', { outcome: 'duplicate' })).toBe(1);
      expect(value(text, 'atende_ingest_commit_seconds_count')).toBe(3);
      expect(value(text, 'atende_ingest_lag_seconds_count')).toBe(3);
      expect(value(text, 'atende_ingest_in_flight')).toBe(0);
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        for (const queue of ['messages', 'campaigns', 'automation', 'presence', 'push', 'billing']) {
          expect({ queue, state, n: value(text, 'atende_queue_jobs', { queue, state }) }).toEqual({ queue, state, n: expect.any(Number) });
        }
      }
      // The failed send waits for its retry.
      expect(value(text, 'atende_queue_jobs', { queue: 'messages', state: 'delayed' })).toBeGreaterThanOrEqual(1);
      expect(value(text, 'atende_sockets_connected')).toBe(1);
      expect(value(text, 'atende_whatsapp_connections', { status: 'CONNECTED' })).toBe(1);
      expect(value(text, 'atende_whatsapp_connections', { status: 'DISCONNECTED' })).toBe(1);
      for (const state of ['used', 'free', 'pending_acquires', 'pending_creates'])
        expect(value(text, 'atende_db_pool_connections', { state })).toEqual(expect.any(Number));
      expect(value(text, 'atende_db_pool_connections', { state: 'free' })! + value(text, 'atende_db_pool_connections', { state: 'used' })!).toBeGreaterThan(0);
      // The process's own, prom-client's defaults.
      expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(value(text, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
    } finally {
      socket.close();
    }
  });

  it('is served on METRICS_PORT too (only /metrics, with the token when one is set)', async () => {
    const address = t.app.get(MetricsServer).address();
    expect(address?.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address!.port}`;
    const ok = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('atende_http_request_duration_seconds');
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/tickets`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});
