import type { TestApp } from '../harness';
import { createQueue, createTenant, createUser, login } from './tenant';
import { createTicket, createWhatsapp, type TicketInput } from './tickets';

/**
 * The visibility set-up tickets-lists.e2e-spec.ts and tickets-search.e2e-spec.ts share.
 * Queues q1 and q2; Ana and Bia attend q1, Caio q2; a supervisor without queues; an admin.
 * Tickets: p1 pending q1, p2 pending q2, n1 pending without queue, o1 open q1 Ana, o2 open q1 Bia,
 * o3 open q2 assigned to Ana, c1 closed q1 Bia, c2 closed q2 Caio.
 */
export async function ticketWorld(t: TestApp) {
  const tenant = await createTenant(t);
  const companyId = tenant.company.id;
  const q1 = await createQueue(t.orm, companyId);
  const q2 = await createQueue(t.orm, companyId);
  const wapp = await createWhatsapp(t.orm, companyId, { isDefault: true });
  const ana = await createUser(t.orm, { companyId, name: 'Ana', queueIds: [q1.id] });
  const bia = await createUser(t.orm, { companyId, name: 'Bia', queueIds: [q1.id] });
  const caio = await createUser(t.orm, { companyId, name: 'Caio', queueIds: [q2.id] });
  const sup = await createUser(t.orm, { companyId, name: 'Sup', profile: 'supervisor' });
  const [anaToken, caioToken, supToken] = await Promise.all([ana, caio, sup].map(async (u) => (await login(t, u.email)).token));
  const mk = (over: TicketInput) => createTicket(t.orm, companyId, { whatsappId: wapp.id, status: 'pending', queueId: q1.id, ...over });
  const p1 = await mk({});
  const p2 = await mk({ queueId: q2.id });
  const n1 = await mk({ queueId: null });
  const o1 = await mk({ status: 'open', userId: ana.id });
  const o2 = await mk({ status: 'open', userId: bia.id });
  const o3 = await mk({ status: 'open', queueId: q2.id, userId: ana.id });
  const c1 = await mk({ status: 'closed', userId: bia.id });
  const c2 = await mk({ status: 'closed', queueId: q2.id, userId: caio.id });
  return { ...tenant, companyId, q1, q2, wapp, ana, bia, caio, sup, anaToken, caioToken, supToken, mk, p1, p2, n1, o1, o2, o3, c1, c2 };
}
export type TicketWorld = Awaited<ReturnType<typeof ticketWorld>>;
