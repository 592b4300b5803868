import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { Message } from '../src/ticket/messages/message.entity';
import { GraphApiFake } from './fakes/graph-api-fake';
import { cloudWorld, CloudWorld } from './factories/cloud';
import { connectSocket, createTestApp, TestApp, until } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** What the company sends over an official Cloud API connection, and the statuses Meta reports back. */
describe('the official Cloud API provider: sending and statuses', () => {
  let t: TestApp;
  const graph = new GraphApiFake();

  beforeAll(async () => {
    await graph.start();
    t = await createTestApp({ env: { WHATSAPP_GRAPH_URL: graph.url, SEND_ATTEMPTS: '3', SEND_RETRY_DELAY_MS: '50' } });
  });
  afterAll(async () => {
    await t.close();
    await graph.stop();
  });

  /** The customer writes first (the window opens), and the admin takes the ticket. */
  async function conversation() {
    const s = await cloudWorld(t, graph);
    const first = s.inbound('text', { body: 'Oi, tudo bem?' });
    expect((await s.deliver(s.payload({ messages: [first] }))).status).toBe(200);
    const ticket = await s.ticketOf();
    await t.http().put(`/tickets/${ticket.id}`).set(s.adminAuth).send({ status: 'open', userId: s.admin.id }).expect(200);
    const firstRow = await t.orm.em.fork().findOneOrFail(Message, { providerId: first.id }, { filters: false });
    return { ...s, ticket, first, firstRow };
  }

  const row = (id: string | number) => t.orm.em.fork().findOneOrFail(Message, { id: String(id) }, { filters: false });
  const sentRow = (id: string | number) =>
    until(async () => {
      const m = await row(id);
      return m.providerId || m.ack < 0 ? m : null;
    });
  const send = (s: CloudWorld, ticketId: number, body: Record<string, unknown>) =>
    t.http().post(`/messages/${ticketId}`).set(s.adminAuth).send(body).expect(201);
  const statuses = (s: CloudWorld, providerId: string, status: string, extra: Record<string, unknown> = {}) =>
    s.payload({
      statuses: [{ id: providerId, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: s.customer, ...extra }],
    });

  it('sends text to the Graph API with our send id, records the wamid, and turns the ticks with the status webhooks', async () => {
    const s = await conversation();
    const socket = await connectSocket(t.url, s.adminToken);
    const acks: number[] = [];
    socket.on(`company-${s.company.id}-appMessage`, (e: any) => {
      if (e.action === 'update' && e.message.body === 'Bom dia! Como posso ajudar?') acks.push(e.message.ack);
    });
    try {
      const sent = await send(s, s.ticket.id, { body: 'Bom dia! Como posso ajudar?' });
      const stored = await sentRow(sent.body.messages[0].id);
      const [payload] = graph.sends(s.phoneNumberId);
      expect(payload).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: s.customer,
        type: 'text',
        text: { preview_url: true, body: 'Bom dia! Como posso ajudar?' },
        biz_opaque_callback_data: stored.sendId,
      });
      expect(stored.providerId).toMatch(/^wamid\./);
      const auth = graph.requests.find((r) => r.path.endsWith(`/${s.phoneNumberId}/messages`) && r.body?.type === 'text')!;
      expect(auth.headers.authorization).toBe(`Bearer ${s.token}`);

      for (const [status, ack] of [
        ['sent', 2],
        ['delivered', 3],
        ['read', 4],
      ] as const) {
        expect((await s.deliver(statuses(s, stored.providerId!, status))).status).toBe(200);
        await until(async () => (await s.messages(s.ticket.id)).find((m) => m.id === String(stored.id))?.ack === ack);
      }
      await until(() => acks.includes(4));
      // A late or repeated status never lowers the ack.
      expect((await s.deliver(statuses(s, stored.providerId!, 'delivered'))).status).toBe(200);
      expect((await row(stored.id)).ack).toBe(4);
    } finally {
      socket.close();
    }
  });

  it('marks the customer’s messages read on the Graph API when the ticket is opened', async () => {
    const s = await conversation();
    const second = s.inbound('text', { body: 'Alguém aí?' });
    expect((await s.deliver(s.payload({ messages: [second] }))).status).toBe(200);
    await s.messages(s.ticket.id);
    await until(() => graph.reads().some((r) => r.message_id === second.id));
    expect(graph.reads().find((r) => r.message_id === second.id)).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: second.id });
  });

  it('uploads a file first and sends it by id; a reply names the quoted message; a reaction names its message', async () => {
    const s = await conversation();
    const media = await t
      .http()
      .post(`/messages/${s.ticket.id}`)
      .set(s.adminAuth)
      .field('body', 'nosso catálogo')
      .attach('medias', PNG, 'catalogo.png')
      .expect(201);
    const image = await sentRow(media.body.messages[0].id);
    const upload = graph.uploads.at(-1)!;
    expect(upload).toMatchObject({ mimetype: 'image/png', type: 'image/png', messagingProduct: 'whatsapp', filename: 'catalogo.png' });
    expect(Buffer.compare(upload.data, PNG)).toBe(0);
    const imageSend = graph.sends(s.phoneNumberId).find((p) => p.type === 'image')!;
    expect(imageSend).toMatchObject({
      to: s.customer,
      type: 'image',
      image: { id: upload.id, caption: 'nosso catálogo' },
      biz_opaque_callback_data: image.sendId,
    });

    const reply = await send(s, s.ticket.id, { body: 'respondendo a você', quotedMsg: { id: String(s.firstRow.id) } });
    await sentRow(reply.body.messages[0].id);
    expect(graph.sends(s.phoneNumberId).find((p) => p.text?.body === 'respondendo a você')).toMatchObject({ context: { message_id: s.first.id } });

    // A reaction (the provider's reactionMessage): the emoji on the customer's message, no context.
    const sessions = t.app.get(ConnectionSessionsService);
    const reacted = await sessions.send(s.company.id, s.whatsappId, s.customer, { type: 'reactionMessage', body: '👍', quotedProviderId: s.first.id });
    expect(reacted.providerId).toMatch(/^wamid\./);
    const reaction = graph.sends(s.phoneNumberId).find((p) => p.type === 'reaction')!;
    expect(reaction).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: s.customer,
      type: 'reaction',
      reaction: { message_id: s.first.id, emoji: '👍' },
    });
  });

  it('sends a recorded voice note as Ogg Opus audio, which WhatsApp plays as a voice message', async () => {
    const s = await conversation();
    const WEBM = readFileSync(join(__dirname, 'fixtures', 'voice-chromium.webm'));
    const sent = await t.http().post(`/messages/${s.ticket.id}`).set(s.adminAuth).field('voiceNote', 'true').attach('medias', WEBM, 'audio-1.webm').expect(201);
    await sentRow(sent.body.messages[0].id);
    const upload = graph.uploads.at(-1)!;
    expect(upload).toMatchObject({ type: 'audio/ogg', messagingProduct: 'whatsapp' });
    expect(upload.data.subarray(0, 4).toString('latin1')).toBe('OggS');
    const voice = graph.sends(s.phoneNumberId).find((p) => p.type === 'audio')!;
    expect(voice).toEqual(expect.objectContaining({ type: 'audio', audio: { id: upload.id } }));
  });

  it("shows a failed status as ack -1 with our code and Meta's reason", async () => {
    const s = await conversation();
    const sent = await send(s, s.ticket.id, { body: 'vai falhar depois' });
    const stored = await sentRow(sent.body.messages[0].id);
    const failed = statuses(s, stored.providerId!, 'failed', {
      errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'The recipient is not on WhatsApp' } }],
    });
    expect((await s.deliver(failed)).status).toBe(200);
    const shown = await until(async () => (await s.messages(s.ticket.id)).find((m) => m.id === String(stored.id) && m.ack === -1));
    expect(shown).toMatchObject({
      ack: -1,
      sendError: 'ERR_WAPP_INVALID_CONTACT',
      dataJson: { sendFailure: 'Message undeliverable: The recipient is not on WhatsApp' },
    });
  });

  it('fails a send Meta refuses for the closed window (131047) at once, as ERR_WINDOW_CLOSED, without trying again', async () => {
    const s = await conversation();
    const before = graph.sends(s.phoneNumberId).length;
    graph.failNextSend(131047, { message: 'Re-engagement message', details: 'Message failed to send because more than 24 hours have passed' });
    const sent = await send(s, s.ticket.id, { body: 'fora da janela' });
    const stored = await sentRow(sent.body.messages[0].id);
    expect(stored).toMatchObject({ ack: -1, sendError: 'ERR_WINDOW_CLOSED', providerId: null });
    expect(String(stored.dataJson?.sendFailure)).toContain('Re-engagement message');
    // One call: a final refusal is not retried (SEND_ATTEMPTS is 3 here).
    await new Promise((r) => setTimeout(r, 300));
    expect(graph.sends(s.phoneNumberId).length - before).toBe(1);
    const shown = (await s.messages(s.ticket.id)).find((m) => m.id === String(stored.id));
    expect(shown).toMatchObject({ ack: -1, sendError: 'ERR_WINDOW_CLOSED' });
  });

  it('tries a throttled send again (130429) and sends it', async () => {
    const s = await conversation();
    const before = graph.sends(s.phoneNumberId).length;
    graph.failNextSend(130429, { status: 400, message: 'Rate limit hit' });
    const sent = await send(s, s.ticket.id, { body: 'depois do limite' });
    const stored = await until(async () => ((await row(sent.body.messages[0].id)).providerId ? row(sent.body.messages[0].id) : null));
    expect(stored.ack).toBeGreaterThanOrEqual(0);
    expect(graph.sends(s.phoneNumberId).length - before).toBe(2);
  });

  it("lists the business account's templates from the Graph API, following its pages", async () => {
    const s = await conversation();
    graph.templates.set(s.wabaId, [
      {
        name: 'boas_vindas',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Olá!' },
          { type: 'BODY', text: 'Oi {{1}}, seu pedido {{2}} chegou.' },
          { type: 'FOOTER', text: 'Loja Oficial' },
        ],
      },
      { name: 'promo', language: 'es', status: 'PENDING', category: 'MARKETING', components: [{ type: 'BODY', text: 'Hola {{nombre}}' }] },
      {
        name: 'aviso',
        language: 'en_US',
        status: 'REJECTED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Notice' },
        ],
      },
    ]);
    const templates = await t.app.get(ConnectionSessionsService).templates(s.company.id, s.whatsappId);
    expect(templates).toEqual([
      {
        name: 'boas_vindas',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        body: 'Oi {{1}}, seu pedido {{2}} chegou.',
        header: 'Olá!',
        footer: 'Loja Oficial',
        params: 2,
      },
      { name: 'promo', language: 'es', status: 'PENDING', category: 'MARKETING', body: 'Hola {{nombre}}', header: null, footer: null, params: 1 },
      { name: 'aviso', language: 'en_US', status: 'REJECTED', category: 'UTILITY', body: 'Notice', header: null, footer: null, params: 0 },
    ]);
    // Two pages (the fake's page size is 2), each asked with the token.
    const pages = graph.requests.filter((r) => r.path.endsWith(`/${s.wabaId}/message_templates`));
    expect(pages.map((r) => [r.query.after ?? null, r.headers.authorization])).toEqual([
      [null, `Bearer ${s.token}`],
      ['2', `Bearer ${s.token}`],
    ]);
  });

  it('the window closed, refuses free text and sends an approved template to the Graph API with its parameters', async () => {
    const s = await conversation();
    graph.templates.set(s.wabaId, [
      { name: 'retomar', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Oi {{1}}, podemos continuar?' }] },
    ]);
    await t
      .http()
      .post(`/whatsapp/${s.whatsappId}/templates/sync`)
      .set(s.adminAuth)
      .expect((r) => expect(r.status).toBeLessThan(300));
    await t.orm.em
      .getConnection()
      .execute(`update customer_windows set last_inbound_at = now() - interval '25 hours' where whatsapp_id = ? and contact_number = ?`, [
        s.whatsappId,
        s.customer,
      ]);
    const before = graph.sends(s.phoneNumberId).length;
    const refused = await t.http().post(`/messages/${s.ticket.id}`).set(s.adminAuth).send({ body: 'texto livre' }).expect(409);
    expect(refused.body).toMatchObject({ error: 'ERR_WINDOW_CLOSED' });
    const sent = await t
      .http()
      .post(`/messages/${s.ticket.id}/template`)
      .set(s.adminAuth)
      .send({ name: 'retomar', language: 'pt_BR', params: ['Maria'] })
      .expect(201);
    const stored = await sentRow(sent.body.id as string);
    expect(stored.providerId).toMatch(/^wamid\./);
    const sends = graph.sends(s.phoneNumberId).slice(before);
    expect(sends).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: s.customer,
        type: 'template',
        template: { name: 'retomar', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }] },
        biz_opaque_callback_data: stored.sendId,
      },
    ]);
  });

  it('refuses to edit or delete a sent message on the official API', async () => {
    const s = await conversation();
    const sessions = t.app.get(ConnectionSessionsService);
    await expect(sessions.edit(s.company.id, s.whatsappId, s.customer, 'wamid.X', 'novo')).rejects.toMatchObject({ code: 'ERR_NOT_ON_OFFICIAL' });
    await expect(sessions.delete(s.company.id, s.whatsappId, s.customer, 'wamid.X')).rejects.toMatchObject({ code: 'ERR_NOT_ON_OFFICIAL' });
  });
});
