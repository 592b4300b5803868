import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import { createTenant, createTicket, createWhatsapp } from './factories';

/**
 * Two API processes on one database and one Redis: an event emitted by either reaches the sockets held by both
 * (socket.io's Redis adapter), each socket once. The adapter's parser skips decoding a process's own broadcasts
 * when Redis sends them back (src/realtime/echo-skipping-parser.ts); this is the test that it drops nothing else.
 */
describe('realtime across API processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ shareWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a change made through either process reaches the sockets on both, each once', async () => {
    const tenant = await createTenant(a);
    const companyId = tenant.company.id;
    const wapp = await createWhatsapp(a.orm, companyId);
    const ticket = await createTicket(a.orm, companyId, { whatsappId: wapp.id, status: 'pending' });
    const onA = await connectSocket(a.url, tenant.adminToken);
    const onB = await connectSocket(b.url, tenant.adminToken);
    try {
      const updates = (seen: { action: string; ticket?: { id: number; status: string } }[], status: string) =>
        seen.filter((e) => e.action === 'update' && e.ticket?.id === ticket.id && e.ticket.status === status);
      const seenA = record<{ action: string; ticket?: { id: number; status: string } }>(onA, `company-${companyId}-ticket`);
      const seenB = record<{ action: string; ticket?: { id: number; status: string } }>(onB, `company-${companyId}-ticket`);
      const put = (app: TestApp, body: object) =>
        app.http().put(`/tickets/${ticket.id}`).set('Authorization', `Bearer ${tenant.adminToken}`).send(body).expect(200);

      await put(a, { status: 'open', userId: tenant.admin.id });
      await until(() => updates(seenB, 'open').length > 0);
      await eventsDelivered(a, onA, onB);
      await eventsDelivered(b, onA, onB);
      expect(updates(seenA, 'open')).toHaveLength(1);
      expect(updates(seenB, 'open')).toHaveLength(1);

      await put(b, { status: 'closed' });
      await until(() => updates(seenA, 'closed').length > 0);
      await eventsDelivered(a, onA, onB);
      await eventsDelivered(b, onA, onB);
      expect(updates(seenA, 'closed')).toHaveLength(1);
      expect(updates(seenB, 'closed')).toHaveLength(1);
    } finally {
      onA.close();
      onB.close();
    }
  });
});
