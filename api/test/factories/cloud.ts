import { randomBytes } from 'node:crypto';
import { Whatsapp } from '../../src/connection/whatsapps/whatsapp.entity';
import { Ticket } from '../../src/ticket/tickets/ticket.entity';
import type { GraphApiFake } from '../fakes/graph-api-fake';
import type { TestApp } from '../harness';
import { until } from '../harness';
import { createQueue, createTenant } from './tenant';

/**
 * A company with an official (Cloud API) connection made through POST /whatsapp, on the Graph API fake (the app's
 * WHATSAPP_GRAPH_URL), connected; and helpers to write as the customer through signed webhook deliveries.
 */
export async function cloudWorld(t: TestApp, graph: GraphApiFake) {
  const tenant = await createTenant(t, { connections: 5 });
  const admin = tenant.auth(tenant.adminToken);
  // No greeting: these tests are about the messages between the customer and the company.
  const queue = await createQueue(t.orm, tenant.company.id, { greetingMessage: null });
  const phoneNumberId = `1${randomBytes(6).readUIntBE(0, 6)}`;
  const wabaId = `2${randomBytes(6).readUIntBE(0, 6)}`;
  const token = `EAAG${randomBytes(16).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  graph.phones.set(phoneNumberId, {
    display_phone_number: '+55 11 4000-1234',
    verified_name: 'Loja Oficial',
    quality_rating: 'GREEN',
    messaging_limit_tier: 'TIER_1K',
  });
  const created = await t
    .http()
    .post('/whatsapp')
    .set(admin)
    .send({
      name: 'Oficial',
      provider: 'cloud',
      cloudPhoneNumberId: phoneNumberId,
      cloudBusinessAccountId: wabaId,
      cloudAccessToken: token,
      cloudAppSecret: appSecret,
      queueIds: [queue.id],
    })
    .expect(201);
  const whatsappId = created.body.id as number;
  const verifyToken = created.body.verifyToken as string;
  const connection = await until(async () => {
    const w = await t.orm.em.fork().findOne(Whatsapp, whatsappId, { filters: false });
    return w?.status === 'CONNECTED' ? w : null;
  });
  const customer = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
  let seq = 0;
  const wamid = () => `wamid.IN${randomBytes(10).toString('hex').toUpperCase()}${seq++}`;

  /** One `messages` change with these messages (from the customer, with their profile name) and statuses. */
  const payload = (value: { messages?: Record<string, unknown>[]; statuses?: Record<string, unknown>[]; name?: string; field?: string }) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        changes: [
          {
            field: value.field ?? 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551140001234', phone_number_id: phoneNumberId },
              ...(value.messages ? { contacts: [{ profile: { name: value.name ?? 'Maria Cliente' }, wa_id: customer }], messages: value.messages } : {}),
              ...(value.statuses ? { statuses: value.statuses } : {}),
            },
          },
        ],
      },
    ],
  });
  /** A message of the customer's as the webhook carries it (`type` and its object). */
  const inbound = (type: string, content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    from: customer,
    id: wamid(),
    timestamp: String(Math.floor(Date.now() / 1000)),
    type,
    [type]: content,
    ...extra,
  });
  const deliver = (body: unknown, options: { forge?: boolean } = {}) => graph.deliver(t.url, whatsappId, body, { appSecret, ...options });
  const ticketOf = () =>
    until(
      async () => (await t.orm.em.fork().find(Ticket, { companyId: tenant.company.id, whatsapp: whatsappId }, { filters: false, populate: ['contact'] }))[0],
    );
  const messages = async (ticketId: number) => (await t.http().get(`/messages/${ticketId}`).set(admin).expect(200)).body.messages as any[];
  return {
    ...tenant,
    adminAuth: admin,
    queue,
    whatsappId,
    connection,
    verifyToken,
    phoneNumberId,
    wabaId,
    token,
    appSecret,
    customer,
    payload,
    inbound,
    deliver,
    ticketOf,
    messages,
    wamid,
  };
}

export type CloudWorld = Awaited<ReturnType<typeof cloudWorld>>;
