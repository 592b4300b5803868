import { RedisClient } from '../src/common/infra/redis';
import type { MessageDto } from '../src/ticket/messages/dto/message.dto';
import { MessageUpdatesService } from '../src/ticket/ingest/message-updates.service';
import { Message } from '../src/ticket/messages/message.entity';
import type { TicketDto } from '../src/ticket/tickets/dto/ticket.dto';
import { TicketEventsService } from '../src/ticket/tickets/ticket-events.service';
import { createTestApp, TestApp } from './harness';
import { createMessage, createTenant, createTicket, createWhatsapp } from './factories';

/**
 * Acks arriving together are raised by one statement (MessageUpdatesService.raiseBatch) and announced with one read
 * of their tickets; each call still gets its own answer, and an ack never goes back. Acks for a message whose send
 * job runs in this process are held for the job, not looked up.
 */
describe('Acks raised together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers each ack of a batch on its own, raises each message once to its best ack and announces it once', async () => {
    const { company } = await createTenant(t);
    const w = await createWhatsapp(t.orm, company.id);
    const first = await createTicket(t.orm, company.id, { whatsappId: w.id });
    const second = await createTicket(t.orm, company.id, { whatsappId: w.id });
    const ids: Record<string, string> = {};
    for (const [pid, ticket, ack] of [
      ['PID-A', first, 1],
      ['PID-B', second, 1],
      ['PID-C', first, 3],
    ] as const) {
      const m = await createMessage(t.orm, ticket, pid, true);
      await t.orm.em.getConnection().execute('update messages set whatsapp_id = ?, provider_id = ?, ack = ? where id = ?', [w.id, pid, ack, m.id]);
      ids[pid] = String(m.id);
    }
    const announced: [MessageDto, TicketDto][] = [];
    const spy = jest.spyOn(t.app.get(TicketEventsService), 'message').mockImplementation((_action, message, ticket) => void announced.push([message, ticket]));
    try {
      const updates = t.app.get(MessageUpdatesService);
      // Delivered and read of A together, delivered of B, a late delivered of C (read already), an unknown id.
      const outcomes = await Promise.all([
        updates.raiseAck(company.id, w.id, 'PID-A', 2),
        updates.raiseAck(company.id, w.id, 'PID-A', 3),
        updates.raiseAck(company.id, w.id, 'PID-B', 2),
        updates.raiseAck(company.id, w.id, 'PID-C', 2),
        updates.raiseAck(company.id, w.id, 'PID-NONE', 2),
      ]);
      expect(outcomes).toEqual(['raised', 'raised', 'raised', 'kept', 'missing']);
      const acks = async () =>
        Object.fromEntries((await t.orm.em.fork().find(Message, { id: { $in: Object.values(ids) } }, { filters: false })).map((m) => [m.providerId, m.ack]));
      expect(await acks()).toEqual({ 'PID-A': 3, 'PID-B': 2, 'PID-C': 3 });
      // One announcement per raised message, with its best ack and its own ticket.
      expect(announced.map(([m, ticket]) => [m.id, m.ack, ticket.id]).sort()).toEqual(
        [
          [ids['PID-A'], 3, first.id],
          [ids['PID-B'], 2, second.id],
        ].sort(),
      );
      // A lower ack afterwards changes nothing and announces nothing.
      expect(await updates.raiseAck(company.id, w.id, 'PID-A', 2)).toBe('kept');
      expect(await acks()).toEqual({ 'PID-A': 3, 'PID-B': 2, 'PID-C': 3 });
      expect(announced).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('holds the acks of a message this process is sending for its job, and parks them for the retry when the send fails', async () => {
    const { company } = await createTenant(t);
    const w = await createWhatsapp(t.orm, company.id);
    const updates = t.app.get(MessageUpdatesService);
    const redis = t.app.get(RedisClient);
    const parked = (pid: string) => redis.redis.get(`${redis.prefix}:early-ack:${w.id}:${pid}`);

    // Sent: held acks go to the job, best first, nothing parked.
    updates.expectAcks(w.id, 'PID-SENT');
    await Promise.all([updates.ack(company.id, w.id, 'PID-SENT', 3), updates.ack(company.id, w.id, 'PID-SENT', 2)]);
    expect(updates.heldAck(w.id, 'PID-SENT')).toBe(3);
    expect(await parked('PID-SENT')).toBeNull();
    expect(await updates.takeEarlyAck(w.id, 'PID-SENT')).toBe(3);
    // Taken: a later ack looks in the database again (no message has that id here: parked for a send job).
    await updates.ack(company.id, w.id, 'PID-SENT', 4);
    expect(await parked('PID-SENT')).toBe('4');

    // Not sent (the provider refused): what was held is parked, for the retry that sends under the same id.
    updates.expectAcks(w.id, 'PID-REFUSED');
    await updates.ack(company.id, w.id, 'PID-REFUSED', 2);
    await updates.releaseAcks(w.id, 'PID-REFUSED');
    expect(await parked('PID-REFUSED')).toBe('2');
    expect(await updates.takeEarlyAck(w.id, 'PID-REFUSED')).toBe(2);
  });
});
