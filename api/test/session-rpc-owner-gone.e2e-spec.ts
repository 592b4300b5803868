import { AppError } from '../src/common/http/errors';
import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { SessionLeaseService } from '../src/connection/sessions/session-lease.service';
import { SessionRpcBus } from '../src/connection/sessions/session-rpc.bus';
import { createTestApp, TestApp } from './harness';
import { createSandboxConnection, createTenant } from './factories';

/**
 * A command for a session waits for the worker that runs it. When that worker dies (SIGKILL) with the command
 * unanswered, its Redis connections close with it: the caller notices within a second or two (its channel has no
 * subscriber) and fails the command with ERR_WAPP_NOT_INITIALIZED, instead of holding a send job (and the later
 * sends of its ticket) for the whole SESSION_RPC_TIMEOUT_MS (20 s): the send is retried and reaches the session's
 * new owner. Seen in test/faults/scale.fault-spec.ts: replies waited 20 s after a worker was killed.
 */
describe('a command whose worker dies unanswered', () => {
  let api: TestApp;
  let worker: TestApp;
  beforeAll(async () => {
    api = await createTestApp({ env: { ROLE: 'api' } });
    worker = await createTestApp({ shareWith: api, env: { ROLE: 'worker' } });
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
  });

  it('fails within a couple of seconds, not at the time-out', async () => {
    const { company } = await createTenant(api);
    const whatsapp = await createSandboxConnection(worker, company.id);
    expect(await api.app.get(SessionLeaseService).ownerOf(whatsapp.id)).toBe(worker.app.get(SessionLeaseService).workerId);
    // A command the worker takes and never answers (a provider call in progress when the process died).
    let taken = false;
    worker.app.get(ConnectionSessionsService).handleCommand('neverAnswers', () => {
      taken = true;
      return new Promise(() => undefined);
    });
    const started = Date.now();
    const outcome = api.app
      .get(ConnectionSessionsService)
      .runWhereSessionRuns('neverAnswers', company.id, whatsapp.id, [])
      .then(
        () => 'answered',
        (e: unknown) => (e instanceof AppError ? e.def.code : `not an AppError: ${String(e)}`),
      );
    while (!taken) await new Promise((r) => setTimeout(r, 10));
    // The worker dies: what its process's end does to Redis, its connection to the bus closes.
    const bus: unknown = worker.app.get(SessionRpcBus);
    (bus as { sub: { disconnect(): void } }).sub.disconnect();

    const settled = await Promise.race([outcome, new Promise<string>((r) => setTimeout(() => r('still waiting after 5 s'), 5000))]);
    expect(settled).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
