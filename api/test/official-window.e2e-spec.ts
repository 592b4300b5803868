import { connectSocket, createTestApp, record, TestApp, until } from './harness';
import { createContact, createQueue, createSuperUser, createTenant, createUser, login } from './factories';

const HOUR = 60 * 60 * 1000;

/**
 * The customer's 24-hour window in the conversation (issue 35), on the sandbox's official API (`sandbox_cloud`): the
 * window a customer's message opens, free text refused once it is closed (nothing stored), approved templates sent
 * with the platform's placeholders filled, automatic messages switching to their purpose's template or refusing,
 * campaigns and schedules on such a connection, edits and deletes refused, every route inside the caller's company.
 */
describe('the official API window and templates in the chat', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEND_ATTEMPTS: '1', SEND_RETRY_DELAY_MS: '50', CAMPAIGN_SWEEP_MS: '1000' } });
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(() => t.close());

  const asSuper = () => ({ Authorization: `Bearer ${superToken}` });
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.orm.em.fork().execute<T[]>(query, params);
  let phoneSeq = 0;
  const phone = () => `5521${String(900000000 + (process.pid % 1000) * 1000 + ++phoneSeq * 7919).slice(-9)}`;
  const inboxOf = async (number: string) =>
    (await t.http().get(`/sandbox/phones/${number}/inbox`).set(asSuper()).expect(200)).body as { body: string; providerId: string; whatsappId: number }[];

  /** A company with an official sandbox connection (templates synced) in a queue, an attendant of that queue, and a phone. */
  async function setup() {
    const tenant = await createTenant(t, { connections: 5 });
    const admin = tenant.auth(tenant.adminToken);
    const queue = await createQueue(t.orm, tenant.company.id, { greetingMessage: null });
    const attendant = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [queue.id], name: 'Bruno Atendente' });
    const attendantToken = (await login(t, attendant.email)).token;
    const adminSocket = await connectSocket(t.url, tenant.adminToken);
    const statuses = record<any>(adminSocket, `company-${tenant.company.id}-whatsappSession`);
    const whatsapp = (
      await t
        .http()
        .post('/whatsapp')
        .set(admin)
        .send({ name: 'Oficial', provider: 'sandbox_cloud', queueIds: [queue.id] })
        .expect(201)
    ).body as { id: number; token: string };
    await until(() => statuses.some((e) => e.session.id === whatsapp.id && e.session.status === 'CONNECTED'));
    adminSocket.close();
    await t.http().post(`/whatsapp/${whatsapp.id}/templates/sync`).set(admin).expect(200);
    const number = phone();
    const asAttendant = { Authorization: `Bearer ${attendantToken}` };
    return { ...tenant, asAdmin: admin, queue, attendant, asAttendant, whatsapp, number };
  }
  type World = Awaited<ReturnType<typeof setup>>;

  /** The customer writes; answers their ticket's id. */
  async function customerWrites(s: World, body: string, name = 'Carla Souza', number = s.number): Promise<number> {
    await t.http().post(`/sandbox/phones/${number}/messages`).set(asSuper()).send({ whatsappId: s.whatsapp.id, body, name }).expect(201);
    const [row] = await sql<{ id: number }>(
      `select t.id from tickets t join contacts c on c.id = t.contact_id where t.company_id = ? and c.number = ? and t.status <> 'closed' order by t.id desc limit 1`,
      [s.company.id, number],
    );
    return row.id;
  }
  const ageWindow = (s: World, number = s.number) =>
    sql(`update customer_windows set last_inbound_at = now() - interval '25 hours' where whatsapp_id = ? and contact_number = ?`, [s.whatsapp.id, number]);
  const messagesOf = (ticketId: number) =>
    sql<{
      id: string;
      body: string;
      source: string;
      user_id: number | null;
      data_json: any;
      provider_id: string | null;
      ack: number;
      send_error: string | null;
    }>(`select id, body, source, user_id, data_json, provider_id, ack, send_error from messages where ticket_id = ? and from_me order by id`, [ticketId]);
  const choosePurposes = (s: World, templatePurposes: Record<string, unknown>) =>
    t.http().put(`/whatsapp/${s.whatsapp.id}`).set(s.asAdmin).send({ templatePurposes }).expect(200);

  it('a customer writes: the window opens for 24 h; the attendant answers in it; aged, free text is refused and nothing stored, a template goes out with the placeholders filled', async () => {
    const s = await setup();
    const before = Date.now();
    const ticketId = await customerWrites(s, 'Olá, quero um orçamento');
    const window = (await t.http().get(`/messages/${ticketId}/window`).set(s.asAttendant).expect(200)).body;
    expect(window).toMatchObject({ official: true, open: true });
    const last = new Date(window.lastInboundAt).getTime();
    expect(Math.abs(last - before)).toBeLessThan(60_000);
    expect(new Date(window.expiresAt).getTime() - last).toBe(24 * HOUR);
    // The chat knows the connection's type from the ticket.
    const shown = (await t.http().get(`/tickets/${ticketId}`).set(s.asAttendant).expect(200)).body;
    expect(shown.whatsapp).toEqual({ id: s.whatsapp.id, name: 'Oficial', type: 'official' });

    await t.http().put(`/tickets/${ticketId}`).set(s.asAttendant).send({ status: 'open', userId: s.attendant.id }).expect(200);
    await t.http().post(`/messages/${ticketId}`).set(s.asAttendant).send({ body: 'Claro! Qual produto?' }).expect(201);
    await until(async () => (await inboxOf(s.number)).some((m) => m.body === 'Claro! Qual produto?'));

    await ageWindow(s);
    const closed = (await t.http().get(`/messages/${ticketId}/window`).set(s.asAttendant).expect(200)).body;
    expect(closed).toMatchObject({ official: true, open: false });
    expect(new Date(closed.expiresAt).getTime()).toBeLessThan(Date.now());
    const stored = (await messagesOf(ticketId)).length;
    const refused = await t.http().post(`/messages/${ticketId}`).set(s.asAttendant).send({ body: 'Ainda está aí?' }).expect(409);
    expect(refused.body).toMatchObject({ error: 'ERR_WINDOW_CLOSED' });
    const withFile = await t
      .http()
      .post(`/messages/${ticketId}`)
      .set(s.asAttendant)
      .field('body', 'segue o arquivo')
      .attach('medias', Buffer.from('%PDF-1.4\n%\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'orcamento.pdf')
      .expect(409);
    expect(withFile.body.error).toBe('ERR_WINDOW_CLOSED');
    expect(await messagesOf(ticketId)).toHaveLength(stored);

    // A template goes out whatever the window: the placeholders filled from the contact, stored as the attendant's.
    const sent = await t
      .http()
      .post(`/messages/${ticketId}/template`)
      .set(s.asAttendant)
      .send({ name: 'retomar_conversa', language: 'pt_BR', params: ['{{firstName}}'] })
      .expect(201);
    const text = 'Olá Carla, podemos continuar seu atendimento? Responda esta mensagem.';
    expect(sent.body).toMatchObject({
      ticketId,
      body: text,
      fromMe: true,
      source: 'attendant',
      userId: s.attendant.id,
      dataJson: { template: { name: 'retomar_conversa', language: 'pt_BR', params: ['Carla'] } },
    });
    await until(async () => (await inboxOf(s.number)).some((m) => m.body === text));
    await until(async () => (await messagesOf(ticketId)).find((m) => m.id === sent.body.id)?.provider_id);

    // Only an approved template of this connection, with one value per variable.
    const unknown = await t.http().post(`/messages/${ticketId}/template`).set(s.asAttendant).send({ name: 'nao_existe', language: 'pt_BR', params: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_TEMPLATE_NOT_FOUND');
    const pending = await t
      .http()
      .post(`/messages/${ticketId}/template`)
      .set(s.asAttendant)
      .send({ name: 'novidades_produto', language: 'pt_BR', params: ['a', 'b'] });
    expect(pending.status).toBe(404);
    const count = await t.http().post(`/messages/${ticketId}/template`).set(s.asAttendant).send({ name: 'retomar_conversa', language: 'pt_BR', params: [] });
    expect(count.status).toBe(400);
    expect(count.body.fields).toEqual([{ field: 'params', messages: [expect.stringContaining('takes 1')] }]);
    expect(
      (await t.http().post(`/messages/${ticketId}/template`).set(s.asAttendant).send({ name: '', language: 'pt_BR', params: 'x' }).expect(400)).body.error,
    ).toBe('ERR_VALIDATION');

    // The customer writes again: the window opens again and free text goes out.
    await customerWrites(s, 'Oi, voltei');
    expect((await t.http().get(`/messages/${ticketId}/window`).set(s.asAttendant).expect(200)).body.open).toBe(true);
    await t.http().post(`/messages/${ticketId}`).set(s.asAttendant).send({ body: 'Que bom!' }).expect(201);
  });

  it('the send-message API: free text outside the window is refused before any contact or ticket exists; an approved template starts the conversation', async () => {
    const s = await setup();
    const api = { Authorization: `Bearer ${s.whatsapp.token}` };
    const number = phone();
    const refused = await t.http().post('/messages/send').set(api).send({ number, body: 'Seu pedido saiu para entrega.' }).expect(409);
    expect(refused.body).toMatchObject({ error: 'ERR_WINDOW_CLOSED' });
    expect(await sql(`select id from contacts where company_id = ? and number = ?`, [s.company.id, number])).toHaveLength(0);

    const wrong = await t
      .http()
      .post('/messages/send')
      .set(api)
      .send({ number, template: { name: 'nao_existe', language: 'pt_BR', params: [] } });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ error: 'ERR_TEMPLATE_NOT_FOUND' });

    const sent = await t
      .http()
      .post('/messages/send')
      .set(api)
      .send({ number, template: { name: 'retomar_conversa', language: 'pt_BR', params: ['{{name}}'] } })
      .expect(201);
    expect(sent.body.messages).toHaveLength(1);
    const [message] = await messagesOf(sent.body.ticketId);
    expect(message).toMatchObject({ source: 'api', data_json: { template: { name: 'retomar_conversa', language: 'pt_BR', params: [number] } } });
    await until(async () => (await inboxOf(number)).some((m) => m.body === `Olá ${number}, podemos continuar seu atendimento? Responda esta mensagem.`));
  });

  it('edit and delete of a sent message are refused on an official connection before anything changes', async () => {
    const s = await setup();
    const ticketId = await customerWrites(s, 'Bom dia');
    await t.http().put(`/tickets/${ticketId}`).set(s.asAttendant).send({ status: 'open', userId: s.attendant.id }).expect(200);
    const sent = (await t.http().post(`/messages/${ticketId}`).set(s.asAttendant).send({ body: 'Bom dia! Em que posso ajudar?' }).expect(201)).body.messages[0];
    const edit = await t.http().post(`/messages/edit/${sent.id}`).set(s.asAttendant).send({ body: 'Boa tarde!' }).expect(409);
    expect(edit.body.error).toBe('ERR_NOT_ON_OFFICIAL');
    const remove = await t.http().delete(`/messages/${sent.id}`).set(s.asAttendant).expect(409);
    expect(remove.body.error).toBe('ERR_NOT_ON_OFFICIAL');
    const [row] = await sql<{ body: string; is_edited: boolean; is_deleted: boolean }>('select body, is_edited, is_deleted from messages where id = ?', [
      sent.id,
    ]);
    expect(row).toEqual({ body: 'Bom dia! Em que posso ajudar?', is_edited: false, is_deleted: false });
  });

  it("automatic messages outside the window go as their purpose's template, or show in the chat as failed with the reason and never go", async () => {
    const s = await setup();
    await t.http().put(`/whatsapp/${s.whatsapp.id}`).set(s.asAdmin).send({ complationMessage: 'Obrigado pelo contato!' }).expect(200);
    const ticketId = await customerWrites(s, 'Preciso de ajuda');
    await t.http().put(`/tickets/${ticketId}`).set(s.asAttendant).send({ status: 'open', userId: s.attendant.id }).expect(200);
    await ageWindow(s);

    // No farewell template chosen: closing sends nothing to the phone; the chat shows the farewell failed, and why.
    const before = (await messagesOf(ticketId)).length;
    await t.http().put(`/tickets/${ticketId}`).set(s.asAttendant).send({ status: 'closed' }).expect(200);
    const refused = await until(async () => (await messagesOf(ticketId)).find((m) => m.body === 'Obrigado pelo contato!'));
    expect(await messagesOf(ticketId)).toHaveLength(before + 1);
    expect(refused).toMatchObject({ ack: -1, send_error: 'ERR_NO_TEMPLATE_CHOSEN', provider_id: null, source: 'bot' });
    expect(refused.data_json.sendFailure).toMatch(/farewell/);
    await new Promise((r) => setTimeout(r, 500));
    expect((await inboxOf(s.number)).map((m) => m.body)).not.toContain('Obrigado pelo contato!');

    // With the farewell's template chosen: the template, its values filled from the contact and the ticket.
    await choosePurposes(s, { farewell: { name: 'atendimento_encerrado', language: 'pt_BR', params: ['{{name}}', '{{protocol}}'] } });
    await t.http().put(`/tickets/${ticketId}`).set(s.asAttendant).send({ status: 'open', userId: s.attendant.id }).expect(200);
    await t.http().put(`/tickets/${ticketId}`).set(s.asAttendant).send({ status: 'closed' }).expect(200);
    const farewell = await until(async () => (await messagesOf(ticketId)).find((m) => m.data_json?.template));
    expect(farewell.data_json.template).toMatchObject({
      name: 'atendimento_encerrado',
      language: 'pt_BR',
      params: ['Carla Souza', expect.stringMatching(new RegExp(`^\\d{8}-${ticketId}$`))],
    });
    expect(farewell.body).toBe(`Olá Carla Souza, seu atendimento ${farewell.data_json.template.params[1]} foi encerrado. Obrigado pelo contato!`);
    expect(farewell.source).toBe('bot');
    await until(async () => (await inboxOf(s.number)).some((m) => m.body === farewell.body));
    expect((await inboxOf(s.number)).map((m) => m.body)).not.toContain('Obrigado pelo contato!');

    // Inside the window the same automatic message goes as written.
    const again = await customerWrites(s, 'Mais uma dúvida');
    await t.http().put(`/tickets/${again}`).set(s.asAttendant).send({ status: 'open', userId: s.attendant.id }).expect(200);
    await t.http().put(`/tickets/${again}`).set(s.asAttendant).send({ status: 'closed' }).expect(200);
    const plain = await until(async () => (await messagesOf(again)).find((m) => m.body === 'Obrigado pelo contato!'));
    expect(plain.data_json?.template).toBeUndefined();
  });

  it('a campaign to 5 numbers on an official connection sends exactly one template each; without a campaign template its recipients fail no-template', async () => {
    const s = await setup();
    await t
      .http()
      .post('/campaign-settings')
      .set(s.asAdmin)
      .send({ settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })
      .expect(200);
    const list = async (people: { name: string; number: string }[]) => {
      const [row] = await sql<{ id: number }>(
        `insert into contact_lists (company_id, name, created_at, updated_at) values (?, 'Clientes', now(), now()) returning id`,
        [s.company.id],
      );
      for (const p of people) {
        await sql(`insert into contact_list_items (company_id, contact_list_id, name, number, created_at, updated_at) values (?, ?, ?, ?, now(), now())`, [
          s.company.id,
          row.id,
          p.name,
          p.number,
        ]);
      }
      return row.id;
    };
    const run = async (name: string, listId: number) => {
      const c = (
        await t
          .http()
          .post('/campaigns')
          .set(s.asAdmin)
          .send({ name, whatsappId: s.whatsapp.id, contactListId: listId, message1: 'Oi {nome}, temos novidades', scheduledAt: new Date() })
          .expect(201)
      ).body;
      await until(async () => (await t.http().get(`/campaigns/${c.id}`).set(s.asAdmin).expect(200)).body.campaign.status === 'FINALIZADA', 30_000);
      return c.id as number;
    };

    // No campaign template chosen: every recipient fails, nothing is sent.
    const refusedPeople = [0, 1].map((i) => ({ name: `Recusado${i}`, number: phone() }));
    const refused = await run('Sem modelo', await list(refusedPeople));
    const recipients = (await t.http().get(`/campaigns/${refused}/recipients`).set(s.asAdmin).expect(200)).body;
    expect(recipients.recipients.map((r: any) => [r.state, r.reason])).toEqual([
      ['failed', 'no-template'],
      ['failed', 'no-template'],
    ]);
    for (const p of refusedPeople) expect(await inboxOf(p.number)).toEqual([]);

    await choosePurposes(s, { campaign: { name: 'promocao_mensal', language: 'pt_BR', params: ['{{name}}', 'frete grátis'] } });
    const people = Array.from({ length: 5 }, (_, i) => ({ name: `Cliente${i}`, number: phone() }));
    const id = await run('Promoção', await list(people));
    for (const p of people) {
      const inbox = await until(async () => {
        const got = await inboxOf(p.number);
        return got.length ? got : null;
      });
      expect(inbox.map((m) => m.body)).toEqual([`Olá ${p.name}, a promoção deste mês: frete grátis. Responda QUERO para saber mais.`]);
    }
    const stored = await sql<{ data_json: any }>(
      `select m.data_json from campaign_shippings s join messages m on m.id = s.message_id where s.campaign_id = ?`,
      [id],
    );
    expect(stored).toHaveLength(5);
    for (const m of stored) expect(m.data_json.template).toMatchObject({ name: 'promocao_mensal', language: 'pt_BR' });
    // Exactly once: no second message to anyone after a sweep's worth of time.
    await new Promise((r) => setTimeout(r, 1500));
    for (const p of people) expect(await inboxOf(p.number)).toHaveLength(1);
  });

  it('a schedule outside the window without a chosen template fails with the reason and opens no ticket', async () => {
    const s = await setup();
    const contact = await createContact(t.orm, s.company.id, { name: 'Dora', number: phone() });
    const row = (
      await t
        .http()
        .post('/schedules')
        .set(s.asAdmin)
        .send({ body: 'Lembrete da consulta', contactId: contact.id, sendAt: new Date(Date.now() + 200).toISOString() })
        .expect(201)
    ).body;
    const failed = await until(async () => {
      const r = (await t.http().get(`/schedules/${row.id}`).set(s.asAdmin).expect(200)).body;
      return r.status === 'ERRO' && r;
    });
    expect(failed.error).toMatch(/no template is chosen for the scheduled message/);
    expect(await sql('select id from tickets where contact_id = ?', [contact.id])).toEqual([]);
    expect(await inboxOf(contact.number)).toEqual([]);
  });

  it("keeps the window and template routes inside the caller's company, and answers a QR-code ticket's window as always open", async () => {
    const s = await setup();
    const ticketId = await customerWrites(s, 'Oi');
    const other = await createTenant(t);
    const theirs = other.auth(other.adminToken);
    expect((await t.http().get(`/messages/${ticketId}/window`).set(theirs).expect(404)).body.error).toBe('ERR_NO_TICKET_FOUND');
    const foreign = await t
      .http()
      .post(`/messages/${ticketId}/template`)
      .set(theirs)
      .send({ name: 'retomar_conversa', language: 'pt_BR', params: ['x'] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect(await messagesOf(ticketId)).toEqual([]);

    // A QR-code connection: always open, and templates are not for it.
    const adminSocket = await connectSocket(t.url, s.adminToken);
    const statuses = record<any>(adminSocket, `company-${s.company.id}-whatsappSession`);
    const qr = (
      await t
        .http()
        .post('/whatsapp')
        .set(s.asAdmin)
        .send({ name: 'QR', provider: 'sandbox', queueIds: [s.queue.id] })
        .expect(201)
    ).body;
    await until(() => statuses.some((e) => e.session.id === qr.id && e.session.status === 'CONNECTED'));
    adminSocket.close();
    const qrNumber = phone();
    await t.http().post(`/sandbox/phones/${qrNumber}/messages`).set(asSuper()).send({ whatsappId: qr.id, body: 'Oi pelo QR', name: 'Eva' }).expect(201);
    const [qrTicket] = await sql<{ id: number }>(`select t.id from tickets t join contacts c on c.id = t.contact_id where t.company_id = ? and c.number = ?`, [
      s.company.id,
      qrNumber,
    ]);
    expect((await t.http().get(`/messages/${qrTicket.id}/window`).set(s.asAdmin).expect(200)).body).toEqual({
      official: false,
      open: true,
      expiresAt: null,
      lastInboundAt: null,
    });
    expect(await sql('select * from customer_windows where whatsapp_id = ?', [qr.id])).toEqual([]);
    await t.http().put(`/tickets/${qrTicket.id}`).set(s.asAdmin).send({ status: 'open', userId: s.admin.id }).expect(200);
    const notOfficial = await t
      .http()
      .post(`/messages/${qrTicket.id}/template`)
      .set(s.asAdmin)
      .send({ name: 'retomar_conversa', language: 'pt_BR', params: ['x'] });
    expect(notOfficial.status).toBe(409);
    expect(notOfficial.body.error).toBe('ERR_NOT_OFFICIAL');
    expect((await t.http().get(`/tickets/${qrTicket.id}`).set(s.asAdmin).expect(200)).body.whatsapp.type).toBe('qrcode');
  });
});
