import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { getQueueToken } from '@nestjs/bull';
import Bull, { type Job, type Queue } from 'bull';
import Redis from 'ioredis';
import { QUEUES } from '../src/jobs/jobs';
import { GracefulShutdown } from '../src/shutdown';
import { connectSocket, createTestApp, REDIS_URL, TestApp, until } from './harness';
import { createTenant } from './factories';

const GRACE_MS = 1500;
const JOB = 'graceful-shutdown-test';

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });

/**
 * A SIGTERM's graceful shutdown (src/shutdown.ts) on a process of a deployment: no new connection gets in, a
 * request in flight gets its answer, sockets end so that their clients reconnect (elsewhere), and a job still running
 * at the grace is handed back: another worker runs it.
 */
describe('graceful shutdown', () => {
  // The deployment's other process: it owns the database and Redis prefix and outlives the one shut down.
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ env: { ROLE: 'api' } });
  });
  afterAll(() => other.close());

  it('drains HTTP, closes sockets for reconnection, and hands a job still running at the grace back to another worker', async () => {
    const leaving = await createTestApp({ shareWith: other, env: { ROLE: 'all', JOB_LOCK_MS: '3000' } });
    const port = Number(new URL(leaving.url).port);
    const graceful = new GracefulShutdown(leaving.app, GRACE_MS);
    const tenant = await createTenant(other);

    // A job that runs past the grace, on one of the process's real queues.
    const queue = leaving.app.get<Queue>(getQueueToken(QUEUES.presence));
    let finishFirstRun: () => void = () => undefined;
    void queue.process(JOB, 1, () => new Promise<void>((resolve) => (finishFirstRun = resolve)));
    const job = await queue.add(JOB, { companyId: tenant.company.id });
    await until(() => job.isActive(), 5000);

    // A socket of the leaving process, which would reconnect by itself.
    const socket = await connectSocket(leaving.url, tenant.adminToken);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // A request in flight: its headers are in, its body not yet.
    const server = leaving.app.getHttpServer();
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const req = httpRequest({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<IncomingMessage>((resolve, reject) => req.once('response', resolve).once('error', reject));
    req.write(body.slice(0, 10));
    await arrived;

    const started = Date.now();
    const run = graceful.run('SIGTERM');
    // No new connection gets in, while the request in flight is still being received.
    expect(await refused(port)).toBe(true);
    req.end(body.slice(10));
    const res = await answered;
    res.resume();
    expect(res.statusCode).toBe(401);
    expect(res.headers.connection).toBe('close');
    expect(Date.now() - started).toBeLessThan(GRACE_MS);
    // The socket ended at the transport (a server-side disconnect would tell the client not to reconnect).
    expect(await disconnected).toBe('transport close');
    socket.close();

    await run;
    const tookMs = Date.now() - started;
    expect(tookMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect(tookMs).toBeLessThan(GRACE_MS + 4000);
    // The job still running at the grace was handed back: its lock is gone, and another worker runs it.
    const redis = new Redis(REDIS_URL);
    const lockKey = `${other.config.redisPrefix}:bull:${QUEUES.presence}:${String(job.id)}:lock`;
    expect(await redis.exists(lockKey)).toBe(0);
    redis.disconnect();
    const next: Queue = new Bull(QUEUES.presence, {
      redis: REDIS_URL,
      prefix: `${other.config.redisPrefix}:bull`,
      settings: { lockDuration: 1000, stalledInterval: 300 },
    });
    try {
      const rerun = new Promise<Job>((resolve) => void next.process(JOB, 1, async (j: Job) => resolve(j)));
      const taken = await Promise.race([rerun, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 8000))]);
      expect(taken?.id).toBe(job.id);
    } finally {
      finishFirstRun();
      await next.close();
    }
  });
});
