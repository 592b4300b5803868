import { OutboundService } from '../src/ticket/messages/outbound.service';
import { connectSocket, createTestApp, record, TestApp, until } from './harness';
import { createContact, createMessage, createQueue, createTenant, createTicket, createUser, createWhatsapp, login } from './factories';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
type Page = { messages: { id: string; ticketId: number; body: string }[]; count: number; hasMore: boolean };

/** GET /messages/{ticketId} shows the contact's history; search finds text in it; close and pending previews. */
describe('conversation: history across tickets, search, close and the pending preview', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A returning customer: a closed ticket in queue 1 (two messages), then a new pending one in queue 2. */
  async function world() {
    const tenant = await createTenant(t);
    const companyId = tenant.company.id;
    const q1 = await createQueue(t.orm, companyId, { name: `Suporte ${Math.random()}` });
    const q2 = await createQueue(t.orm, companyId, { name: `Vendas ${Math.random()}` });
    const wapp = await createWhatsapp(t.orm, companyId, { isDefault: true });
    const ana = await createUser(t.orm, { companyId, name: 'Ana', queueIds: [q1.id, q2.id] });
    const caio = await createUser(t.orm, { companyId, name: 'Caio', queueIds: [q2.id] });
    const [anaToken, caioToken] = await Promise.all([ana, caio].map(async (u) => (await login(t, u.email)).token));
    const contact = await createContact(t.orm, companyId, { name: 'Cliente Volta' });
    const first = await createTicket(t.orm, companyId, { contactId: contact.id, whatsappId: wapp.id, queueId: q1.id, status: 'closed', userId: ana.id });
    await createMessage(t.orm, first, 'Meu pedido 123 atrasou');
    await createMessage(t.orm, first, 'Resolvido, obrigado', true);
    const second = await createTicket(t.orm, companyId, { contactId: contact.id, whatsappId: wapp.id, queueId: q2.id, status: 'pending' });
    await createMessage(t.orm, second, 'Voltei, outro pedido');
    return { ...tenant, companyId, q1, q2, wapp, ana, caio, anaToken, caioToken, contact, first, second };
  }

  const page = async (token: string, ticketId: number, pageNumber = 1): Promise<Page> =>
    (await t.http().get(`/messages/${ticketId}?pageNumber=${pageNumber}`).set(bearer(token)).expect(200)).body as Page;
  const bodies = (p: Page) => p.messages.map((m) => m.body);

  it("shows a returning customer's earlier ticket, oldest first, each message with its ticket", async () => {
    const w = await world();
    const p = await page(w.anaToken, w.second.id);
    expect(p.messages.map((m) => [m.ticketId, m.body])).toEqual([
      [w.first.id, 'Meu pedido 123 atrasou'],
      [w.first.id, 'Resolvido, obrigado'],
      [w.second.id, 'Voltei, outro pedido'],
    ]);
    expect([p.count, p.hasMore]).toEqual([3, false]);
    // An admin too; opening the earlier ticket shows only what came before it.
    expect(bodies(await page(w.adminToken, w.second.id))).toHaveLength(3);
    expect(bodies(await page(w.anaToken, w.first.id))).toEqual(['Meu pedido 123 atrasou', 'Resolvido, obrigado']);
  });

  it("keeps another company's tickets, another connection's and unseen queues out; viewAllMessageTicket shows the whole history", async () => {
    const w = await world();
    // Another company's ticket forced onto the same contact and connection ids: the company scope keeps it out.
    const other = await createTenant(t);
    const foreign = await createTicket(t.orm, other.company.id, { status: 'closed' });
    await createMessage(t.orm, foreign, 'Segredo de outra empresa');
    await t.orm.em.fork().getConnection().execute('update tickets set contact_id = ?, whatsapp_id = ? where id = ?', [w.contact.id, w.wapp.id, foreign.id]);
    // The same contact on another connection of the company: another conversation.
    const wapp2 = await createWhatsapp(t.orm, w.companyId, { name: 'Outra linha' });
    const elsewhere = await createTicket(t.orm, w.companyId, { contactId: w.contact.id, whatsappId: wapp2.id, queueId: w.q2.id, status: 'closed' });
    await createMessage(t.orm, elsewhere, 'Pela outra linha');
    await t.orm.em.fork().getConnection().execute(`update tickets set status = 'closed' where id = ?`, [w.second.id]);
    const latest = await createTicket(t.orm, w.companyId, { contactId: w.contact.id, whatsappId: w.wapp.id, queueId: w.q2.id, status: 'pending' });
    await createMessage(t.orm, latest, 'Terceira vez');

    const all = bodies(await page(w.adminToken, latest.id));
    expect(all).toEqual(['Meu pedido 123 atrasou', 'Resolvido, obrigado', 'Voltei, outro pedido', 'Terceira vez']);
    // Caio works queue 2 only: the queue-1 ticket stays hidden from him.
    expect(bodies(await page(w.caioToken, latest.id))).toEqual(['Voltei, outro pedido', 'Terceira vez']);
    await t.orm.em.fork().getConnection().execute(`update users set view_all_message_ticket = 'habilitado' where id = ?`, [w.caio.id]);
    expect(bodies(await page(w.caioToken, latest.id))).toEqual(all);
    // The other company's own admin never sees this company's messages through their ticket either.
    expect(bodies(await page(other.adminToken, foreign.id))).toEqual(['Segredo de outra empresa']);
  });

  it('pages the history newest first; search answers each hit with the page that holds it', async () => {
    const w = await world();
    for (let i = 1; i <= 25; i += 1) await createMessage(t.orm, w.second, `mensagem ${i}`);
    const first = await page(w.anaToken, w.second.id);
    expect([first.count, first.hasMore, first.messages.at(-1)?.body]).toEqual([28, true, 'mensagem 25']);
    const second = await page(w.anaToken, w.second.id, 2);
    expect(bodies(second)).toEqual([
      'Meu pedido 123 atrasou',
      'Resolvido, obrigado',
      'Voltei, outro pedido',
      'mensagem 1',
      'mensagem 2',
      'mensagem 3',
      'mensagem 4',
      'mensagem 5',
    ]);

    const found = await t.http().get(`/messages/${w.second.id}/search?q=PEDIDO`).set(bearer(w.anaToken)).expect(200);
    expect(found.body.hits.map((h: { body: string; pageNumber: number; ticketId: number }) => [h.body, h.pageNumber, h.ticketId])).toEqual([
      ['Voltei, outro pedido', 2, w.second.id],
      ['Meu pedido 123 atrasou', 2, w.first.id],
    ]);
    const recent = await t.http().get(`/messages/${w.second.id}/search?q=mensagem 2`).set(bearer(w.anaToken)).expect(200);
    expect(recent.body.hits.map((h: { body: string; pageNumber: number }) => [h.body, h.pageNumber])).toEqual([
      ['mensagem 25', 1],
      ['mensagem 24', 1],
      ['mensagem 23', 1],
      ['mensagem 22', 1],
      ['mensagem 21', 1],
      ['mensagem 20', 1],
      ['mensagem 2', 2],
    ]);
    // Wildcards are text; a caller without the ticket is refused; q is required.
    expect((await t.http().get(`/messages/${w.second.id}/search?q=%25%25`).set(bearer(w.anaToken)).expect(200)).body.hits).toEqual([]);
    const outsider = await createUser(t.orm, { companyId: w.companyId, name: 'Sem fila', queueIds: [] });
    await t
      .http()
      .get(`/messages/${w.second.id}/search?q=pedido`)
      .set(bearer((await login(t, outsider.email)).token))
      .expect(403);
    await t.http().get(`/messages/${w.second.id}/search`).set(bearer(w.anaToken)).expect(400);
    const other = await createTenant(t);
    await t.http().get(`/messages/${w.second.id}/search?q=pedido`).set(bearer(other.adminToken)).expect(404);
  });

  it('reading a pending ticket (the read-only peek) marks nothing read; after accepting, reading does', async () => {
    const w = await world();
    await t.orm.em.fork().getConnection().execute('update tickets set unread_messages = 1 where id = ?', [w.second.id]);
    const peek = await page(w.anaToken, w.second.id);
    expect(bodies(peek)).toContain('Voltei, outro pedido');
    expect((await t.http().get(`/tickets/${w.second.id}`).set(bearer(w.anaToken)).expect(200)).body.unreadMessages).toBe(1);
    await t.http().put(`/tickets/${w.second.id}`).set(bearer(w.anaToken)).send({ status: 'open', userId: w.ana.id }).expect(200);
    const read = (await t.http().get(`/messages/${w.second.id}`).set(bearer(w.anaToken)).expect(200)).body as { ticket: { unreadMessages: number } };
    expect(read.ticket.unreadMessages).toBe(0);
  });

  it('closing a ticket clears its unread count', async () => {
    const w = await world();
    const open = await createTicket(t.orm, w.companyId, { whatsappId: w.wapp.id, queueId: w.q1.id, status: 'open', userId: w.ana.id, unreadMessages: 3 });
    const res = await t.http().put(`/tickets/${open.id}`).set(bearer(w.anaToken)).send({ status: 'closed', userId: w.ana.id, queueId: w.q1.id }).expect(200);
    expect([res.body.status, res.body.unreadMessages]).toEqual(['closed', 0]);
    const stored = await t.http().get(`/tickets/${open.id}`).set(bearer(w.anaToken)).expect(200);
    expect(stored.body.unreadMessages).toBe(0);
  });

  it("a pending ticket keeps the customer's words as its preview when the bot answers; an attendant's message replaces it", async () => {
    const w = await world();
    const pending = await createTicket(t.orm, w.companyId, {
      whatsappId: w.wapp.id,
      queueId: w.q1.id,
      status: 'pending',
      lastMessage: 'Quero saber do meu pedido',
    });
    const outbound = t.app.get(OutboundService);
    await outbound.queueText(w.companyId, pending.id, 'Olá! Escolha uma opção: *1* - Suporte', { source: 'bot' });
    const previewOf = async (id: number) => (await t.http().get(`/tickets/${id}`).set(bearer(w.anaToken)).expect(200)).body.lastMessage as string;
    expect(await previewOf(pending.id)).toBe('Quero saber do meu pedido');
    // A ticket with no message yet takes the bot's; once open, every message is the preview.
    const empty = await createTicket(t.orm, w.companyId, { whatsappId: w.wapp.id, queueId: w.q1.id, status: 'pending' });
    await outbound.queueText(w.companyId, empty.id, 'Bem-vindo', { source: 'bot' });
    expect(await previewOf(empty.id)).toBe('Bem-vindo');
    await outbound.queueText(w.companyId, pending.id, 'Já vou ver', { source: 'attendant', userId: w.ana.id });
    expect(await previewOf(pending.id)).toBe('Já vou ver');
  });
  it("pins and marks unread per user: the caller's own marks, cleared by opening the conversation, scoped to what they may see", async () => {
    const w = await world();
    const put = (token: string, id: number, body: object) => t.http().put(`/tickets/${id}/marks`).set(bearer(token)).send(body);
    const marks = async (token: string) =>
      (await t.http().get('/tickets/marks').set(bearer(token)).expect(200)).body as { ticketId: number; pinned: boolean; unread: boolean }[];

    const anaSocket = await connectSocket(t.url, w.anaToken);
    const caioSocket = await connectSocket(t.url, w.caioToken);
    const anaHeard = record<{ action: string; mark: { ticketId: number; pinned: boolean } }>(anaSocket, `company-${w.companyId}-ticketMark`);
    const caioHeard = record(caioSocket, `company-${w.companyId}-ticketMark`);
    const pinned = await put(w.anaToken, w.second.id, { pinned: true }).expect(200);
    // Only Ana's own sockets hear her marks, as the PUT answered them.
    await until(() => anaHeard.length >= 1);
    expect(anaHeard[0]).toEqual({ action: 'update', mark: pinned.body });
    expect(caioHeard).toEqual([]);
    anaSocket.disconnect();
    caioSocket.disconnect();
    expect(pinned.body).toMatchObject({ ticketId: w.second.id, pinned: true, unread: false, pinnedAt: expect.any(String) });
    await put(w.anaToken, w.first.id, { unread: true }).expect(200);
    await put(w.anaToken, w.first.id, { pinned: true }).expect(200);
    // The newest pin first; Caio has marks of his own (none).
    expect((await marks(w.anaToken)).map((m) => [m.ticketId, m.pinned, m.unread])).toEqual([
      [w.first.id, true, true],
      [w.second.id, true, false],
    ]);
    expect(await marks(w.caioToken)).toEqual([]);

    // Opening the conversation clears the unread mark, not the pin; unpinning an unmarked ticket forgets it.
    await page(w.anaToken, w.first.id);
    expect((await marks(w.anaToken)).map((m) => [m.ticketId, m.pinned, m.unread])).toEqual([
      [w.first.id, true, false],
      [w.second.id, true, false],
    ]);
    await put(w.anaToken, w.first.id, { pinned: false }).expect(200);
    expect((await marks(w.anaToken)).map((m) => m.ticketId)).toEqual([w.second.id]);

    // Caio cannot see the queue-1 ticket; another company's admin does not find it; a wrong body is refused.
    expect((await put(w.caioToken, w.first.id, { pinned: true }).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    const other = await createTenant(t);
    await put(other.adminToken, w.first.id, { pinned: true }).expect(404);
    await put(w.anaToken, w.second.id, { pinned: 'sim' }).expect(400);
    expect(await marks(other.adminToken)).toEqual([]);
  });
});
