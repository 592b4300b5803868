import type { CompanyId } from '../../src/common/tenancy/company-id';
import { ConnectionSessionsService } from '../../src/connection/sessions/connection-sessions.service';
import { Whatsapp } from '../../src/connection/whatsapps/whatsapp.entity';
import { SANDBOX_NETWORK } from '../../src/connection/sandbox-api/sandbox.service';
import { SandboxNetwork } from '../../src/connection/providers/sandbox/sandbox-network';
import { Queue } from '../../src/tenant/queues/queue.entity';
import type { TestApp } from '../harness';
import { sleep, until } from '../harness';
import { IngestService } from '../../src/ticket/ingest/ingest.service';
import { ChatbotService } from '../../src/automation/chatbot/chatbot.service';
import { Ticket } from '../../src/ticket/tickets/ticket.entity';
import { createQueue, createTenant } from './tenant';

/** A sandbox connection of the company, linked to the given queues, started and CONNECTED. */
export async function createSandboxConnection(t: TestApp, companyId: CompanyId, queueIds: number[] = [], name = 'Sandbox'): Promise<Whatsapp> {
  const em = t.orm.em.fork();
  // The company's first connection is its default (one per company); names are unique in a company.
  const others = await em.find(Whatsapp, { companyId }, { filters: false });
  const taken = others.some((o) => o.name.toLowerCase() === name.toLowerCase());
  const w = em.create(Whatsapp, {
    companyId,
    name: taken ? `${name} ${others.length + 1}` : name,
    provider: 'sandbox',
    status: 'OPENING',
    isDefault: !others.some((o) => o.isDefault),
  });
  w.queues.set(queueIds.map((id) => em.getReference(Queue, id)));
  await em.flush();
  const sessions = t.app.get(ConnectionSessionsService);
  await sessions.start(companyId, w.id);
  // The sandbox connects in milliseconds. One clean CI run (issue 30) saw a first connection of a file stay unconnected
  // for 15 s, not reproduced since: after 7.5 s the factory restarts the session once, saying so, and only then fails.
  for (let attempt = 0; attempt < 2; attempt++) {
    for (const until = Date.now() + 7_500; Date.now() < until;) {
      const fresh = await t.orm.em.fork().findOneOrFail(Whatsapp, w.id, { filters: false });
      if (fresh.status === 'CONNECTED') return fresh;
      await sleep(20);
    }
    if (attempt === 0) {
      const stuck = await t.orm.em.fork().findOneOrFail(Whatsapp, w.id, { filters: false });
      console.warn(`createSandboxConnection: connection ${w.id} still ${stuck.status} after 7.5 s; restarting its session once`);
      await sessions.restart(companyId, w.id, { fresh: false });
    }
  }
  throw new Error('sandbox connection did not connect');
}

export const sandboxOf = (t: TestApp): SandboxNetwork => t.app.get(SANDBOX_NETWORK);

/** Waits for everything handed over to be stored, handled by the bot and delivered (no reply of the company left at ack 0). */
export async function settleConversations(t: TestApp, companyId: CompanyId): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await t.app.get(IngestService).drain();
    await t.app.get(ChatbotService).drain();
    await until(async () => {
      const [{ n }] = await t.orm.em
        .fork()
        .getConnection()
        .execute<{ n: number }[]>('select count(*)::int as n from messages where company_id = ? and from_me and ack = 0', [companyId]);
      return n === 0;
    });
  }
}

/**
 * A new company with a 'Suporte' queue (no greeting) on a sandbox connection, whose customer (a random phone, Maria
 * Souza) wrote "oi" and whose ticket the company's admin has accepted. `superToken` drives the sandbox phone.
 */
export async function acceptedConversation(t: TestApp, superToken: string) {
  const s = await createTenant(t);
  const queue = await createQueue(t.orm, s.company.id, { greetingMessage: null, name: 'Suporte' });
  const whatsapp = await createSandboxConnection(t, s.company.id, [queue.id]);
  const phone = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
  await t
    .http()
    .post(`/sandbox/phones/${phone}/messages`)
    .set('Authorization', `Bearer ${superToken}`)
    .send({ whatsappId: whatsapp.id, body: 'oi', name: 'Maria Souza' })
    .expect(201);
  await t.app.get(IngestService).drain();
  const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: s.company.id }, { filters: false });
  const auth = { Authorization: `Bearer ${s.adminToken}` };
  await t.http().put(`/tickets/${ticket.id}`).set(auth).send({ status: 'open', userId: s.admin.id }).expect(200);
  return { s, whatsapp, phone, ticket, auth };
}
