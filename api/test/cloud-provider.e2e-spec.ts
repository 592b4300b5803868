import { Message } from '../src/ticket/messages/message.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { GraphApiFake } from './fakes/graph-api-fake';
import { cloudWorld } from './factories/cloud';
import { createTestApp, TestApp, until } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
// A minimal Ogg page ("OggS" capture pattern): what a voice note's bytes start with.
const OGG = Buffer.concat([Buffer.from('OggS\u0000\u0002', 'latin1'), Buffer.alloc(40, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The official WhatsApp Cloud API connection: connecting, the webhook's verification and signature, and what customers send. */
describe('the official Cloud API provider: connection and webhook', () => {
  let t: TestApp;
  const graph = new GraphApiFake();

  beforeAll(async () => {
    await graph.start();
    t = await createTestApp({ env: { WHATSAPP_GRAPH_URL: graph.url } });
  });
  afterAll(async () => {
    await t.close();
    await graph.stop();
  });

  const rows = (whatsappId: number) => t.orm.em.fork().find(Message, { whatsappId }, { filters: false, orderBy: { id: 'asc' }, populate: ['quotedMsg'] });

  it('connects with the number, its quality rating and messaging limit read from the Graph API with the token', async () => {
    const s = await cloudWorld(t, graph);
    expect(s.connection).toMatchObject({ status: 'CONNECTED', number: '551140001234', qualityRating: 'GREEN', messagingLimit: 'TIER_1K' });
    const probe = graph.requests.find((r) => r.method === 'GET' && r.path.endsWith(`/${s.phoneNumberId}`))!;
    expect(probe.query.fields).toBe('display_phone_number,verified_name,quality_rating,messaging_limit_tier');
    expect(probe.headers.authorization).toBe(`Bearer ${s.token}`);
    const listed = (await t.http().get(`/whatsapp/${s.whatsappId}`).set(s.adminAuth).expect(200)).body;
    expect(listed).toMatchObject({ status: 'CONNECTED', qualityRating: 'GREEN', messagingLimit: 'TIER_1K' });
  });

  it('ends the session DISCONNECTED when the Graph API refuses the token (code 190)', async () => {
    const s = await cloudWorld(t, graph);
    graph.refusedTokens.add(s.token);
    try {
      await t.http().put(`/whatsappsession/${s.whatsappId}`).set(s.adminAuth).send({}).expect(200);
      await until(async () => (await t.orm.em.fork().findOneOrFail(Whatsapp, s.whatsappId, { filters: false })).status === 'DISCONNECTED');
    } finally {
      graph.refusedTokens.delete(s.token);
    }
  });

  it('a new access token saved on the connection reconnects its session with it; a blank one keeps the stored token', async () => {
    const s = await cloudWorld(t, graph);
    const newToken = `EAAG${s.token.slice(4).split('').reverse().join('')}`;
    const probes = () => graph.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/${s.phoneNumberId}`));
    const before = probes().length;
    await t.http().put(`/whatsapp/${s.whatsappId}`).set(s.adminAuth).send({ cloudAccessToken: newToken }).expect(200);
    await until(() => probes().length > before);
    expect(probes().at(-1)!.headers.authorization).toBe(`Bearer ${newToken}`);
    await until(async () => (await t.orm.em.fork().findOneOrFail(Whatsapp, s.whatsappId, { filters: false })).status === 'CONNECTED');
    // A save that changes no credential leaves the session alone.
    const after = probes().length;
    await t.http().put(`/whatsapp/${s.whatsappId}`).set(s.adminAuth).send({ name: 'Oficial 2', cloudAccessToken: '' }).expect(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(probes()).toHaveLength(after);
  });

  it("answers Meta's verification challenge with the connection's verify token, and 403 otherwise", async () => {
    const s = await cloudWorld(t, graph);
    const url = `/whatsapp-cloud/${s.whatsappId}/webhook`;
    const ok = await t.http().get(url).query({ 'hub.mode': 'subscribe', 'hub.verify_token': s.verifyToken, 'hub.challenge': '1158201444' }).expect(200);
    expect(ok.text).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    for (const query of [
      { 'hub.mode': 'subscribe', 'hub.verify_token': `${s.verifyToken}x`, 'hub.challenge': '1' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': s.verifyToken, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.challenge': '1' },
    ]) {
      const refused = await t.http().get(url).query(query).expect(403);
      expect(refused.body).toMatchObject({ error: 'ERR_WEBHOOK_VERIFY_TOKEN' });
    }
    // Another connection's token does not open this one; an unknown connection answers the same.
    const other = await cloudWorld(t, graph);
    await t.http().get(url).query({ 'hub.mode': 'subscribe', 'hub.verify_token': other.verifyToken, 'hub.challenge': '1' }).expect(403);
    await t
      .http()
      .get('/whatsapp-cloud/999999/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': s.verifyToken, 'hub.challenge': '1' })
      .expect(403);
  });

  it('refuses a delivery with a forged signature (401) and stores nothing', async () => {
    const s = await cloudWorld(t, graph);
    const forged = await s.deliver(s.payload({ messages: [s.inbound('text', { body: 'forjada' })] }), { forge: true });
    expect(forged).toMatchObject({ status: 401, body: { error: 'ERR_WEBHOOK_SIGNATURE' } });
    // Unsigned, too.
    const unsigned = await fetch(`${t.url}/whatsapp-cloud/${s.whatsappId}/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(s.payload({ messages: [s.inbound('text', { body: 'sem assinatura' })] })),
    });
    expect(unsigned.status).toBe(401);
    await t.app.get(IngestService).drain();
    expect(await rows(s.whatsappId)).toEqual([]);
  });

  it("stores a customer's text as a ticket and message once the delivery is answered, and a redelivery once", async () => {
    const s = await cloudWorld(t, graph);
    const message = s.inbound('text', { body: 'Olá, quero comprar' });
    const delivery = s.payload({ messages: [message], name: 'Joana Compradora' });
    // Answered only after the commit: the message is there when the 200 arrives.
    expect(await s.deliver(delivery)).toMatchObject({ status: 200, body: { ok: true } });
    const stored = await rows(s.whatsappId);
    expect(stored.map((m) => [m.body, m.providerId, m.fromMe])).toEqual([['Olá, quero comprar', message.id, false]]);
    const ticket = await s.ticketOf();
    expect(ticket).toMatchObject({ status: 'pending' });
    expect(ticket.contact.getEntity()).toMatchObject({ name: 'Joana Compradora', number: s.customer });
    // Meta delivers again (it did not see the 200): stored once.
    expect(await s.deliver(delivery)).toMatchObject({ status: 200 });
    expect(await s.deliver(delivery)).toMatchObject({ status: 200 });
    expect(await rows(s.whatsappId)).toHaveLength(1);
    const page = await s.messages(ticket.id);
    expect(page.map((m) => m.body)).toEqual(['Olá, quero comprar']);
  });

  it('answers 503 when a message could not be stored, and stores it when Meta delivers again', async () => {
    const s = await cloudWorld(t, graph);
    const ingest = t.app.get(IngestService);
    const message = s.inbound('text', { body: 'guardada na segunda vez' });
    const refuse = jest.spyOn(ingest, 'message').mockRejectedValueOnce(new Error('database unreachable'));
    try {
      expect(await s.deliver(s.payload({ messages: [message] }))).toMatchObject({ status: 503, body: { error: 'ERR_INBOUND_NOT_STORED' } });
    } finally {
      refuse.mockRestore();
    }
    expect(await rows(s.whatsappId)).toEqual([]);
    expect((await s.deliver(s.payload({ messages: [message] }))).status).toBe(200);
    expect((await rows(s.whatsappId)).map((m) => m.body)).toEqual(['guardada na segunda vez']);
  });

  it('stores a delivery that reaches a process running no sessions (ROLE=api)', async () => {
    const s = await cloudWorld(t, graph);
    const api = await createTestApp({ shareWith: t, env: { ROLE: 'api', WHATSAPP_GRAPH_URL: graph.url } });
    try {
      const message = s.inbound('text', { body: 'pelo processo da API' });
      expect((await graph.deliver(api.url, s.whatsappId, s.payload({ messages: [message] }), { appSecret: s.appSecret })).status).toBe(200);
      expect((await rows(s.whatsappId)).map((m) => [m.body, m.providerId])).toEqual([['pelo processo da API', message.id]]);
    } finally {
      await api.close();
    }
  });

  it('maps every kind of inbound message: media fetched by id, location, contacts, interactive replies, reactions, replies', async () => {
    const s = await cloudWorld(t, graph);
    const first = s.inbound('text', { body: 'primeira' });
    expect((await s.deliver(s.payload({ messages: [first] }))).status).toBe(200);
    const imageId = graph.addMedia(PNG, 'image/png');
    const voiceId = graph.addMedia(OGG, 'audio/ogg');
    const pdfId = graph.addMedia(PDF, 'application/pdf');
    const kinds = [
      s.inbound('image', { id: imageId, mime_type: 'image/png', caption: 'foto do produto' }),
      s.inbound('audio', { id: voiceId, mime_type: 'audio/ogg; codecs=opus', voice: true }),
      s.inbound('document', { id: pdfId, mime_type: 'application/pdf', filename: 'pedido.pdf', caption: 'meu pedido' }),
      s.inbound('location', { latitude: -23.5505, longitude: -46.6333, name: 'Loja Centro', address: 'Praça da Sé' }),
      {
        ...s.inbound('contacts', {}),
        contacts: [
          { name: { formatted_name: 'Pedro Amigo', first_name: 'Pedro' }, phones: [{ phone: '+55 11 98888-7777', wa_id: '5511988887777', type: 'CELL' }] },
        ],
      },
      s.inbound('interactive', { type: 'button_reply', button_reply: { id: 'opt-1', title: 'Falar com vendas' } }),
      s.inbound('interactive', { type: 'list_reply', list_reply: { id: 'row-2', title: 'Segunda via', description: 'boleto' } }),
      s.inbound('button', { payload: 'CONFIRMAR', text: 'Confirmar' }),
      s.inbound('reaction', { message_id: first.id, emoji: '❤️' }),
      s.inbound('text', { body: 'respondendo' }, { context: { from: s.customer, id: first.id } }),
      s.inbound('order', { catalog_id: '1' }),
      { ...s.inbound('unsupported', {}), errors: [{ code: 131051, title: 'Message type unknown' }] },
    ];
    expect((await s.deliver(s.payload({ messages: kinds, name: 'Cliente Perfil' }))).status).toBe(200);
    const stored = await rows(s.whatsappId);
    const byId = new Map(stored.map((m) => [m.providerId, m]));
    const of = (i: number) => byId.get(kinds[i].id)!;
    expect(stored).toHaveLength(kinds.length + 1);

    expect(of(0)).toMatchObject({ mediaType: 'image', body: 'foto do produto' });
    expect(of(1)).toMatchObject({ mediaType: 'audio', dataJson: expect.objectContaining({ ptt: true }) });
    expect(of(2)).toMatchObject({ mediaType: 'document', body: 'meu pedido' });
    // The bytes Meta served are what our media route serves back.
    for (const [i, bytes] of [
      [0, PNG],
      [1, OGG],
      [2, PDF],
    ] as const) {
      const file = await t
        .http()
        .get(`/messages/media/${of(i).id}`)
        .set(s.adminAuth)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    }
    // Fetched with the connection's token: the medium's URL, then its bytes.
    const mediaCalls = graph.requests.filter((r) => r.path.endsWith(`/${imageId}`));
    expect(mediaCalls.map((r) => [r.path.startsWith('/media-bytes') ? 'bytes' : 'info', r.headers.authorization])).toEqual([
      ['info', `Bearer ${s.token}`],
      ['bytes', `Bearer ${s.token}`],
    ]);

    expect(of(3)).toMatchObject({
      mediaType: 'locationMessage',
      dataJson: { location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja Centro', address: 'Praça da Sé' } },
    });
    expect(of(3).body).toContain('Loja Centro');
    expect(of(4).mediaType).toBe('contactMessage');
    expect(of(4).body).toMatch(/FN:Pedro Amigo[\s\S]*waid=5511988887777:\+55 11 98888-7777/);
    expect(of(5)).toMatchObject({
      mediaType: 'chat',
      body: 'Falar com vendas',
      dataJson: { interactive: { type: 'button_reply', id: 'opt-1', title: 'Falar com vendas' } },
    });
    expect(of(6)).toMatchObject({ mediaType: 'chat', body: 'Segunda via', dataJson: { interactive: { type: 'list_reply', id: 'row-2' } } });
    expect(of(7)).toMatchObject({ mediaType: 'chat', body: 'Confirmar', dataJson: { button: { payload: 'CONFIRMAR' } } });
    expect(of(8)).toMatchObject({ mediaType: 'reactionMessage', body: '❤️' });
    expect(of(8).quotedMsg?.id).toBe(byId.get(first.id)!.id);
    expect(of(9).quotedMsg?.id).toBe(byId.get(first.id)!.id);
    expect(of(10)).toMatchObject({ mediaType: 'chat', body: '[mensagem não suportada: order]', dataJson: { unsupported: 'order' } });
    expect(of(11).body).toBe('[mensagem não suportada: unsupported (Message type unknown)]');
    // The profile name Meta reports names the contact.
    const ticket = await s.ticketOf();
    expect(ticket.contact.getEntity().number).toBe(s.customer);
  });

  it('skips what a delivery holds for another phone number id (one Meta app serving several numbers)', async () => {
    const s = await cloudWorld(t, graph);
    const mine = s.inbound('text', { body: 'para este número' });
    const theirs = s.payload({ messages: [s.inbound('text', { body: 'para outro número' })] });
    (theirs.entry[0].changes[0].value.metadata as { phone_number_id: string }).phone_number_id = '999000999';
    theirs.entry[0].changes.push(s.payload({ messages: [mine] }).entry[0].changes[0]);
    expect((await s.deliver(theirs)).status).toBe(200);
    expect((await rows(s.whatsappId)).map((m) => m.body)).toEqual(['para este número']);
  });

  it('keeps a message whose medium cannot be fetched, saying why', async () => {
    const s = await cloudWorld(t, graph);
    const lost = s.inbound('image', { id: '404404404', mime_type: 'image/jpeg' });
    expect((await s.deliver(s.payload({ messages: [lost] }))).status).toBe(200);
    const [stored] = await rows(s.whatsappId);
    expect(stored).toMatchObject({ mediaType: 'image', body: '[image]' });
    expect(stored.dataJson?.mediaError).toEqual(expect.any(String));
  });

  it("keeps a quality update's rating and limit, read again from the Graph API", async () => {
    const s = await cloudWorld(t, graph);
    graph.phones.set(s.phoneNumberId, { ...graph.phones.get(s.phoneNumberId)!, quality_rating: 'YELLOW', messaging_limit_tier: 'TIER_10K' });
    const update = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: s.wabaId,
          changes: [{ field: 'phone_number_quality_update', value: { display_phone_number: '551140001234', event: 'UPGRADE', current_limit: 'TIER_10K' } }],
        },
      ],
    };
    expect((await s.deliver(update)).status).toBe(200);
    await until(async () => (await t.orm.em.fork().findOneOrFail(Whatsapp, s.whatsappId, { filters: false })).qualityRating === 'YELLOW');
    expect(await t.orm.em.fork().findOneOrFail(Whatsapp, s.whatsappId, { filters: false })).toMatchObject({
      qualityRating: 'YELLOW',
      messagingLimit: 'TIER_10K',
    });
  });
});
