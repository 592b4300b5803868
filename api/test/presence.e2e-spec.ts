import { createTestApp, connectSocket, record, sleep, TestApp, until } from './harness';
import { createTenant } from './factories';
import { User } from '../src/auth/users/user.entity';

/**
 * Presence as a person sees it on the dashboard: online as soon as the user's page connects (not at the first
 * 5-minute ping), still online across a reload, offline a short grace after the last tab closed.
 */
describe('presence follows the sockets', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // The default PRESENCE_TTL (6 min): nothing here waits for an expiry.
    a = await createTestApp({ env: { PRESENCE_GRACE_MS: '600' } });
    b = await createTestApp({ shareWith: a, env: { PRESENCE_GRACE_MS: '600' } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const onlineInDb = async (id: number) => (await a.orm.em.fork().findOneOrFail(User, id, { filters: false })).online;

  it('is online the moment a socket connects, without any userStatus ping', async () => {
    const tenant = await createTenant(a);
    const admin = await connectSocket(a.url, tenant.adminToken);
    const updates = record<{ action: string; user: { id: number; online: boolean } }>(admin, `company-${tenant.company.id}-user`);
    const attendant = await connectSocket(b.url, tenant.userToken);
    try {
      // Stored before the client's connect: the dashboard's GET sees it at once.
      expect(await onlineInDb(tenant.user.id)).toBe(true);
      await until(() => updates.some((u) => u.user.id === tenant.user.id && u.user.online), 2000);
      const dashboard = await a.http().get('/dashboard').set(tenant.auth(tenant.adminToken)).expect(200);
      const row = (dashboard.body.attendants as { id: number; online: boolean }[]).find((r) => r.id === tenant.user.id);
      expect(row?.online).toBe(true);
    } finally {
      admin.close();
      attendant.close();
    }
  });

  it('stays online across a reload and goes offline a grace after the last socket closed, on any process', async () => {
    const tenant = await createTenant(a);
    const admin = await connectSocket(a.url, tenant.adminToken);
    const updates = record<{ action: string; user: { id: number; online: boolean } }>(admin, `company-${tenant.company.id}-user`);
    const first = await connectSocket(a.url, tenant.userToken);
    const offline = () => updates.filter((u) => u.user.id === tenant.user.id && !u.user.online);
    try {
      // A reload: the old page's socket closes, the new one connects (here on the other process) within the grace.
      first.close();
      const second = await connectSocket(b.url, tenant.userToken);
      await sleep(1200);
      expect(offline()).toEqual([]);
      expect(await onlineInDb(tenant.user.id)).toBe(true);
      // The tab closes: offline within the grace and a little.
      const closedAt = Date.now();
      second.close();
      await until(() => offline().length > 0, 3000);
      expect(Date.now() - closedAt).toBeLessThan(3000);
      expect(await onlineInDb(tenant.user.id)).toBe(false);
    } finally {
      admin.close();
    }
  });

  it('goes offline when the only tab closes', async () => {
    const tenant = await createTenant(a);
    const attendant = await connectSocket(a.url, tenant.userToken);
    expect(await onlineInDb(tenant.user.id)).toBe(true);
    attendant.close();
    await until(async () => !(await onlineInDb(tenant.user.id)), 3000);
  });
});
