/**
 * @jest-environment ./test/baileys-environment.js
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompanyId } from '../src/common/tenancy/company-id';
import type { InboundMessage } from '../src/connection/providers/messaging-provider';
import { InboundContext, InboundOutcome, normalizeInbound, ProtocolType } from '../src/connection/providers/baileys/baileys-inbound';
import type { WAMessage } from '../src/connection/providers/baileys/baileys-types';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { MessageUpdatesService } from '../src/ticket/ingest/message-updates.service';
import { baileys } from './baileys';
import { createCompany, createWhatsapp } from './factories';
import { createTestApp, TestApp, until } from './harness';

// Media as WhatsApp delivers them: only their first bytes matter to the platform, which stores them by what they are.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isomiso2mp41')]);
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(29, 1)]);
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(28, 2)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(16, 3)]);

const CONTACT = '5511988880001';
const CONTACT_JID = `${CONTACT}@s.whatsapp.net`;
const GROUP_JID = '120363025246125486@g.us';
const VCARD_A = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nTEL;type=CELL;waid=5511977770001:+55 11 97777-0001\nEND:VCARD';
const VCARD_B = 'BEGIN:VCARD\nVERSION:3.0\nFN:Bruno Lima\nTEL;type=CELL;waid=5511977770002:+55 11 97777-0002\nEND:VCARD';
const T0 = 1_764_000_000; // seconds

let seq = 0;
/** A WebMessageInfo built with Baileys' own protobuf classes; `alt` adds the LID fields Baileys puts on keys. */
function wa(
  message: Record<string, unknown> | null,
  key: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
  alt: Record<string, string> = {},
): WAMessage {
  const id = `3EB0${(++seq).toString(16).toUpperCase().padStart(16, '0')}`;
  const info = baileys().proto.WebMessageInfo.fromObject({
    key: { remoteJid: CONTACT_JID, fromMe: false, id, ...key },
    messageTimestamp: T0 + seq,
    pushName: 'Maria Cliente',
    ...(message ? { message } : {}),
    ...extra,
  }) as unknown as WAMessage;
  Object.assign(info.key, alt);
  return info;
}

interface Row {
  provider_id: string;
  body: string;
  media_type: string;
  media_path: string | null;
  media_name: string | null;
  data_json: Record<string, any> | null;
  from_me: boolean;
  participant: string | null;
  quoted: string | null;
  number: string;
  contact_name: string;
  is_group: boolean;
  is_edited: boolean;
  is_deleted: boolean;
  created_s: number;
}

// Updates, Baileys' constants and unwrapping, which need no database: src/connection/providers/baileys/baileys-inbound.spec.ts.
describe('Baileys inbound messages: WhatsApp fixtures to stored messages', () => {
  let t: TestApp;
  let companyId: CompanyId;
  let whatsappId: number;
  const downloads = new Map<string, Buffer | Error>();
  const lids = new Map<string, string>([['200000000000077@lid', '5511966660077@s.whatsapp.net']]);
  const ctx: InboundContext = {
    resolvePn: async (lid) => lids.get(lid),
    download: async (m) => {
      const data = downloads.get(m.key.id!);
      if (!data) throw new Error('no media for this fixture');
      if (data instanceof Error) throw data;
      return data;
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    const company = await createCompany(t.orm);
    companyId = company.id;
    whatsappId = (await createWhatsapp(t.orm, companyId)).id;
  });
  afterAll(() => t.close());

  const normalize = (m: WAMessage) => normalizeInbound(m, ctx);

  /** Normalises a fixture, hands the result to the platform (ingest, or the edit/revoke updates) and waits for it. */
  async function deliver(m: WAMessage, media?: Buffer | Error): Promise<InboundOutcome> {
    if (media) downloads.set(m.key.id!, media);
    const outcome = await normalize(m);
    if (outcome.kind === 'message') await t.app.get(IngestService).ingest(companyId, whatsappId, outcome.message);
    if (outcome.kind === 'edit') t.app.get(MessageUpdatesService).edit(companyId, whatsappId, outcome.providerId, outcome.body);
    if (outcome.kind === 'revoke') t.app.get(MessageUpdatesService).revoke(companyId, whatsappId, outcome.providerId);
    return outcome;
  }

  async function row(providerId: string): Promise<Row> {
    const rows = await t.orm.em.getConnection().execute<Row[]>(
      `select m.provider_id, m.body, m.media_type, m.media_path, m.media_name, m.data_json, m.from_me, m.participant, m.is_edited, m.is_deleted,
              extract(epoch from m.created_at)::int as created_s, q.provider_id as quoted, c.number, c.name as contact_name, c.is_group
         from messages m join contacts c on c.id = m.contact_id left join messages q on q.id = m.quoted_msg_id
        where m.whatsapp_id = ? and m.provider_id = ?`,
      [whatsappId, providerId],
    );
    if (!rows[0]) throw new Error(`message ${providerId} not stored`);
    return rows[0];
  }

  const stored = (r: Row) => readFileSync(join(t.config.mediaDir, `company${companyId}`, r.media_path!));

  it('stores text with the sender, the time and the contact', async () => {
    const m = wa({ conversation: 'Olá, tudo bem?' });
    const outcome = await deliver(m);
    expect(outcome).toMatchObject({ kind: 'message', chatJid: CONTACT_JID });
    expect((outcome as { message: InboundMessage }).message).toEqual({
      providerId: m.key.id,
      chatId: CONTACT,
      isGroup: false,
      fromMe: false,
      participant: undefined,
      pushName: 'Maria Cliente',
      timestamp: new Date((T0 + seq) * 1000),
      type: 'chat',
      body: 'Olá, tudo bem?',
      media: undefined,
      quotedProviderId: undefined,
      dataJson: undefined,
    });
    expect(await row(m.key.id!)).toMatchObject({
      body: 'Olá, tudo bem?',
      media_type: 'chat',
      from_me: false,
      number: CONTACT,
      contact_name: 'Maria Cliente',
      is_group: false,
      created_s: T0 + seq,
    });
  });

  it('stores extended text with its link preview, and quoted replies', async () => {
    const first = wa({ conversation: 'Qual o site?' });
    await deliver(first);
    const link = wa({
      extendedTextMessage: {
        text: 'Veja https://atende.example/planos',
        matchedText: 'https://atende.example/planos',
        title: 'Planos Atende',
        description: 'Preços e recursos',
        jpegThumbnail: Buffer.from([1, 2, 3]),
        contextInfo: { stanzaId: first.key.id, participant: CONTACT_JID, quotedMessage: { conversation: 'Qual o site?' } },
      },
    });
    await deliver(link);
    expect(await row(link.key.id!)).toMatchObject({
      body: 'Veja https://atende.example/planos',
      media_type: 'chat',
      quoted: first.key.id,
      data_json: { linkPreview: { title: 'Planos Atende', description: 'Preços e recursos', url: 'https://atende.example/planos' } },
    });
  });

  it('stores images, videos, audio, voice notes, documents and stickers with their files', async () => {
    const cases = [
      {
        m: wa({ imageMessage: { caption: 'a foto', mimetype: 'image/png', fileLength: PNG.length, url: 'https://mmg/x', mediaKey: Buffer.alloc(32, 1) } }),
        data: PNG,
        type: 'image',
        ext: 'png',
        body: 'a foto',
      },
      {
        m: wa({ videoMessage: { caption: 'o vídeo', mimetype: 'video/mp4', url: 'https://mmg/y', mediaKey: Buffer.alloc(32, 2) } }),
        data: MP4,
        type: 'video',
        ext: 'mp4',
        body: 'o vídeo',
      },
      {
        m: wa({ audioMessage: { mimetype: 'audio/mpeg', ptt: false, url: 'https://mmg/z', mediaKey: Buffer.alloc(32, 3) } }),
        data: MP3,
        type: 'audio',
        ext: 'mp3',
        body: '',
        data_json: { ptt: false },
      },
      {
        m: wa({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 3, url: 'https://mmg/p', mediaKey: Buffer.alloc(32, 4) } }),
        data: OGG,
        type: 'audio',
        ext: 'ogg',
        body: '',
        data_json: { ptt: true },
      },
      {
        m: wa({ documentMessage: { mimetype: 'application/pdf', fileName: 'contrato.pdf', url: 'https://mmg/d', mediaKey: Buffer.alloc(32, 5) } }),
        data: PDF,
        type: 'document',
        ext: 'pdf',
        body: '',
        name: 'contrato.pdf',
      },
      {
        m: wa({
          documentWithCaptionMessage: {
            message: { documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf', caption: 'segue o boleto', url: 'https://mmg/b' } },
          },
        }),
        data: PDF,
        type: 'document',
        ext: 'pdf',
        body: 'segue o boleto',
        name: 'boleto.pdf',
      },
      {
        m: wa({ stickerMessage: { mimetype: 'image/webp', url: 'https://mmg/s', mediaKey: Buffer.alloc(32, 6) } }),
        data: WEBP,
        type: 'sticker',
        ext: 'webp',
        body: '',
      },
    ];
    for (const c of cases) await deliver(c.m, c.data);
    for (const c of cases) {
      const r = await row(c.m.key.id!);
      expect({ id: c.m.key.id, type: r.media_type, body: r.body, name: r.media_name, data_json: r.data_json }).toEqual({
        id: c.m.key.id,
        type: c.type,
        body: c.body,
        name: c.name ?? null,
        data_json: c.data_json ?? null,
      });
      // Stored under a name the server made, by what the bytes are.
      expect(r.media_path).toMatch(new RegExp(`^messages/\\d{4}-\\d{2}/[0-9a-f]{24}\\.${c.ext}$`));
      expect(stored(r).equals(c.data)).toBe(true);
    }
  });

  it('keeps a message whose media could not be downloaded, with a note', async () => {
    const failed = wa({ imageMessage: { mimetype: 'image/jpeg', url: 'https://mmg/gone', mediaKey: Buffer.alloc(32, 7) } });
    await deliver(failed, new Error('Failed to fetch stream from https://mmg/gone: 410 Gone'));
    expect(await row(failed.key.id!)).toMatchObject({
      body: '[image]',
      media_type: 'image',
      media_path: null,
      data_json: { mediaError: 'Failed to fetch stream from https://mmg/gone: 410 Gone' },
    });
    const captioned = wa({ videoMessage: { caption: 'meu vídeo', mimetype: 'video/mp4', fileLength: 900_000_000, url: 'https://mmg/big' } });
    await deliver(captioned);
    expect(await row(captioned.key.id!)).toMatchObject({ body: 'meu vídeo', media_path: null, data_json: { mediaError: 'too large (900000000 bytes)' } });
  });

  it('stores locations and contact cards', async () => {
    const place = wa({ locationMessage: { degreesLatitude: -23.5614, degreesLongitude: -46.6559, name: 'Loja Paulista', address: 'Av. Paulista, 1000' } });
    const card = wa({ contactMessage: { displayName: 'Ana Souza', vcard: VCARD_A } });
    const cards = wa({
      contactsArrayMessage: {
        displayName: '2 contatos',
        contacts: [
          { displayName: 'Ana Souza', vcard: VCARD_A },
          { displayName: 'Bruno Lima', vcard: VCARD_B },
        ],
      },
    });
    for (const m of [place, card, cards]) await deliver(m);
    expect(await row(place.key.id!)).toMatchObject({
      media_type: 'locationMessage',
      body: 'Loja Paulista\nAv. Paulista, 1000\n-23.5614, -46.6559',
      data_json: { location: { latitude: -23.5614, longitude: -46.6559, name: 'Loja Paulista', address: 'Av. Paulista, 1000' } },
    });
    expect(await row(card.key.id!)).toMatchObject({ media_type: 'contactMessage', body: VCARD_A, data_json: { displayName: 'Ana Souza', vcard: VCARD_A } });
    expect(await row(cards.key.id!)).toMatchObject({
      media_type: 'contactsArrayMessage',
      body: `${VCARD_A}\n${VCARD_B}`,
      data_json: {
        displayName: '2 contatos',
        contacts: [
          { displayName: 'Ana Souza', vcard: VCARD_A },
          { displayName: 'Bruno Lima', vcard: VCARD_B },
        ],
      },
    });
  });

  it('applies edits (protocol message and edited-message wrapper) and revokes to the stored message', async () => {
    const original = wa({ conversation: 'Chego às 10h' });
    await deliver(original);
    const edit = wa({
      protocolMessage: {
        type: ProtocolType.MESSAGE_EDIT,
        key: { remoteJid: CONTACT_JID, id: original.key.id, fromMe: false },
        editedMessage: { conversation: 'Chego às 11h' },
      },
    });
    expect(await normalize(edit)).toEqual({ kind: 'edit', providerId: original.key.id, body: 'Chego às 11h' });
    await deliver(edit);
    await until(async () => (await row(original.key.id!)).is_edited);
    expect((await row(original.key.id!)).body).toBe('Chego às 11h');

    const wrapped = wa({
      editedMessage: {
        message: {
          protocolMessage: {
            type: ProtocolType.MESSAGE_EDIT,
            key: { remoteJid: CONTACT_JID, id: original.key.id },
            editedMessage: { extendedTextMessage: { text: 'Chego às 12h' } },
          },
        },
      },
    });
    await deliver(wrapped);
    await until(async () => (await row(original.key.id!)).body === 'Chego às 12h');

    const revoke = wa({ protocolMessage: { type: ProtocolType.REVOKE, key: { remoteJid: CONTACT_JID, id: original.key.id } } });
    expect(await normalize(revoke)).toEqual({ kind: 'revoke', providerId: original.key.id });
    await deliver(revoke);
    await until(async () => (await row(original.key.id!)).is_deleted);
    // Neither the edit nor the revoke became a message of its own.
    for (const m of [edit, wrapped, revoke]) await expect(row(m.key.id!)).rejects.toThrow('not stored');
  });

  it('stores a reaction as a reactionMessage quoting the reacted message; a removed reaction is ignored', async () => {
    const target = wa({ conversation: 'Pedido confirmado' }, { fromMe: true }, { pushName: undefined });
    await deliver(target);
    const reaction = wa({
      reactionMessage: { key: { remoteJid: CONTACT_JID, id: target.key.id, fromMe: true }, text: '👍', senderTimestampMs: (T0 + 99) * 1000 },
    });
    await deliver(reaction);
    expect(await row(reaction.key.id!)).toMatchObject({ media_type: 'reactionMessage', body: '👍', quoted: target.key.id, from_me: false });
    const removed = wa({ reactionMessage: { key: { remoteJid: CONTACT_JID, id: target.key.id, fromMe: true }, text: '' } });
    expect(await normalize(removed)).toEqual({ kind: 'ignore', reason: 'reaction removed' });
  });

  it('unwraps ephemeral and view-once messages (v1, v2, v2 extension)', async () => {
    const ephemeral = wa({ ephemeralMessage: { message: { extendedTextMessage: { text: 'some em 24h' } } } });
    const once1 = wa({
      viewOnceMessage: { message: { imageMessage: { mimetype: 'image/png', caption: 'só uma vez', viewOnce: true, url: 'https://mmg/v1' } } },
    });
    const once2 = wa({
      ephemeralMessage: { message: { viewOnceMessageV2: { message: { videoMessage: { mimetype: 'video/mp4', viewOnce: true, url: 'https://mmg/v2' } } } } },
    });
    const once3 = wa({
      viewOnceMessageV2Extension: { message: { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, viewOnce: true, url: 'https://mmg/v3' } } },
    });
    await deliver(ephemeral);
    await deliver(once1, PNG);
    await deliver(once2, MP4);
    await deliver(once3, OGG);
    expect(await row(ephemeral.key.id!)).toMatchObject({ media_type: 'chat', body: 'some em 24h', data_json: null });
    expect(await row(once1.key.id!)).toMatchObject({ media_type: 'image', body: 'só uma vez', data_json: { viewOnce: true } });
    expect(stored(await row(once1.key.id!)).equals(PNG)).toBe(true);
    expect(await row(once2.key.id!)).toMatchObject({ media_type: 'video', data_json: { viewOnce: true } });
    expect(await row(once3.key.id!)).toMatchObject({ media_type: 'audio', data_json: { viewOnce: true, ptt: true } });
  });

  it('stores group messages under the group, with who sent them (phone number preferred over LID)', async () => {
    const byNumber = wa({ conversation: 'Bom dia, grupo' }, { remoteJid: GROUP_JID, participant: '5511955550001@s.whatsapp.net' }, { pushName: 'Carla' });
    const byLid = wa(
      { conversation: 'Oi!' },
      { remoteJid: GROUP_JID, participant: '100000000000042@lid' },
      { pushName: 'Davi' },
      { participantAlt: '5511955550002@s.whatsapp.net' },
    );
    const unknownLid = wa({ conversation: 'Quem sou eu?' }, { remoteJid: GROUP_JID, participant: '100000000000099@lid' }, { pushName: 'Elisa' });
    for (const m of [byNumber, byLid, unknownLid]) await deliver(m);
    expect(await normalize(byNumber)).toMatchObject({
      kind: 'message',
      chatJid: GROUP_JID,
      message: { chatId: '120363025246125486', isGroup: true, participant: '5511955550001' },
    });
    expect(await row(byNumber.key.id!)).toMatchObject({
      number: '120363025246125486',
      is_group: true,
      contact_name: 'Grupo 120363025246125486',
      participant: '5511955550001',
    });
    expect(await row(byLid.key.id!)).toMatchObject({ number: '120363025246125486', participant: '5511955550002', data_json: null });
    expect(await row(unknownLid.key.id!)).toMatchObject({ participant: '100000000000099', data_json: { lid: '100000000000099' } });
  });

  it('keeps one contact per person across LID and phone-number chats', async () => {
    const PERSON = '5511944440001';
    const byPn = wa({ conversation: 'pelo número' }, { remoteJid: `${PERSON}@s.whatsapp.net` }, { pushName: 'Fábio' });
    const byLidAlt = wa(
      { conversation: 'pela LID' },
      { remoteJid: '300000000000001@lid' },
      { pushName: 'Fábio' },
      { remoteJidAlt: `${PERSON}@s.whatsapp.net` },
    );
    const byLidMapped = wa({ conversation: 'pelo mapa LID' }, { remoteJid: '200000000000077@lid' }, { pushName: 'Gil' });
    const byLidUnknown = wa({ conversation: 'LID sem número' }, { remoteJid: '300000000000555@lid' }, { pushName: 'Helena' });
    for (const m of [byPn, byLidAlt, byLidMapped, byLidUnknown]) await deliver(m);
    const a = await row(byPn.key.id!);
    const b = await row(byLidAlt.key.id!);
    expect([a.number, b.number]).toEqual([PERSON, PERSON]);
    expect(b.data_json).toBeNull();
    expect(await normalize(byLidAlt)).toMatchObject({ chatJid: `${PERSON}@s.whatsapp.net` });
    const contacts = await t.orm.em.getConnection().execute('select count(*)::int as n from contacts where company_id = ? and number = ?', [companyId, PERSON]);
    expect(contacts[0].n).toBe(1);
    // Through the connection's LID mapping (the auth store's lid-mapping keys).
    expect(await row(byLidMapped.key.id!)).toMatchObject({ number: '5511966660077', contact_name: 'Gil', data_json: null });
    // Unresolvable: the LID's digits, marked as such; replies go to the LID.
    expect(await row(byLidUnknown.key.id!)).toMatchObject({ number: '300000000000555', data_json: { lid: '300000000000555' } });
    expect(await normalize(byLidUnknown)).toMatchObject({ chatJid: '300000000000555@lid' });
  });

  it('keeps the ad a conversation started from', async () => {
    const m = wa({
      extendedTextMessage: {
        text: 'Quero saber mais sobre o anúncio',
        contextInfo: {
          externalAdReply: {
            title: 'Promoção de verão',
            body: 'Até 30% off',
            sourceUrl: 'https://fb.me/ad123',
            thumbnailUrl: 'https://scontent.example/thumb.jpg',
            sourceType: 'ad',
            sourceId: '123',
          },
        },
      },
    });
    await deliver(m);
    expect(await row(m.key.id!)).toMatchObject({
      body: 'Quero saber mais sobre o anúncio',
      data_json: {
        adReply: { title: 'Promoção de verão', body: 'Até 30% off', sourceUrl: 'https://fb.me/ad123', thumbnailUrl: 'https://scontent.example/thumb.jpg' },
      },
    });
  });

  it('stores messages sent from the phone itself as fromMe, without taking the account name for the contact', async () => {
    const NEW = '5511933330001';
    const m = wa({ conversation: 'Mensagem enviada pelo celular' }, { remoteJid: `${NEW}@s.whatsapp.net`, fromMe: true }, { pushName: 'Loja (minha conta)' });
    await deliver(m);
    expect(await row(m.key.id!)).toMatchObject({ from_me: true, number: NEW, contact_name: NEW });
  });

  it('stores a kind it does not show as text, and stores a repeated message once', async () => {
    const poll = wa({
      pollCreationMessage: { name: 'Melhor horário?', options: [{ optionName: 'Manhã' }, { optionName: 'Tarde' }], selectableOptionsCount: 1 },
    });
    await deliver(poll);
    expect(await row(poll.key.id!)).toMatchObject({ media_type: 'chat', body: 'Melhor horário?', data_json: { unsupported: 'pollCreationMessage' } });
    await deliver(poll);
    const n = await t.orm.em
      .getConnection()
      .execute('select count(*)::int as n from messages where whatsapp_id = ? and provider_id = ?', [whatsappId, poll.key.id]);
    expect(n[0].n).toBe(1);
  });

  it('ignores status updates, other protocol messages, stubs and key distribution', async () => {
    const ignored = [
      [wa({ conversation: 'meu status' }, { remoteJid: 'status@broadcast', participant: CONTACT_JID }), 'status or broadcast'],
      [wa({ protocolMessage: { type: 3, ephemeralExpiration: 86400 } }), 'protocol message'],
      [wa(null, {}, { messageStubType: 27, messageStubParameters: ['x'] }), 'stub'],
      [
        wa(
          { senderKeyDistributionMessage: { groupId: GROUP_JID, axolotlSenderKeyDistributionMessage: Buffer.alloc(8) } },
          { remoteJid: GROUP_JID, participant: CONTACT_JID },
        ),
        'no content',
      ],
      [wa({ pollUpdateMessage: { pollCreationMessageKey: { id: 'X' } } }), 'pollUpdateMessage'],
    ] as const;
    for (const [m, reason] of ignored) expect(await normalize(m)).toEqual({ kind: 'ignore', reason });
  });
});
