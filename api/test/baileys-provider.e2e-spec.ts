/**
 * @jest-environment ./test/baileys-environment.js
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../src/common/tenancy/company-id';
import { APP_CONFIG, AppConfig } from '../src/config/app-config';
import { BaileysAuthStore } from '../src/connection/providers/baileys/baileys-auth-store';
import type { WAMessage } from '../src/connection/providers/baileys/baileys-types';
import { packagedFfmpeg } from '../src/connection/providers/baileys/voice-note';
import type { ProviderEvents, StatusExtra } from '../src/connection/providers/messaging-provider';
import { ProviderError } from '../src/connection/providers/messaging-provider';
import { baileys } from './baileys';
import { closeWith, standInProvider } from './baileys-stand-in';
import { createCompany, createWhatsapp } from './factories';
import { createTestApp, sleep, TestApp, until } from './harness';

type Event = [string, ...unknown[]];

/** ProviderEvents that record what the provider reports. */
function recorder() {
  const log: Event[] = [];
  const events: ProviderEvents = {
    status: (_id, status, extra) => log.push(['status', status, extra]),
    message: (_id, message) => {
      log.push(['message', message]);
      return Promise.resolve();
    },
    ack: (_id, providerId, ack) => log.push(['ack', providerId, ack]),
    edit: (_id, providerId, body) => log.push(['edit', providerId, body]),
    revoke: (_id, providerId) => log.push(['revoke', providerId]),
    presence: (_id, chatId, state) => log.push(['presence', chatId, state]),
    call: (_id, call) => {
      log.push(['call', call]);
      return Promise.resolve();
    },
  };
  const statuses = () => log.filter((e) => e[0] === 'status').map((e) => [e[1], e[2]] as [string, StatusExtra | undefined]);
  return { log, events, statuses, of: (kind: string) => log.filter((e) => e[0] === kind).map((e) => e.slice(1)) };
}

const PHONE = '5511900000001';

describe('the Baileys provider', () => {
  let t: TestApp;
  let em: EntityManager;
  let config: AppConfig;
  let companyId: CompanyId;
  const tmp = mkdtempSync(join(tmpdir(), 'atende-baileys-'));

  beforeAll(async () => {
    t = await createTestApp({ env: { WA_QR_MAX_RETRIES: '3' } });
    em = t.app.get(EntityManager);
    config = t.app.get<AppConfig>(APP_CONFIG);
    companyId = (await createCompany(t.orm)).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** A connection row (the auth state's owner) that no session service starts. */
  const connection = async (company = companyId) => (await createWhatsapp(t.orm, company, { status: 'DISCONNECTED' })).id;
  const authRows = async (whatsappId: number) =>
    (await t.orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from whatsapp_auth_keys where whatsapp_id = ?', [whatsappId]))[0].n;

  /** A provider on the stand-in socket, connected with a registered login (the socket opens at once). */
  async function connected(options: Parameters<typeof standInProvider>[2] = {}) {
    const id = await connection();
    const standIn = standInProvider(em, config, options);
    const store = new BaileysAuthStore(em).open(companyId, id, baileys());
    const { state } = await store.load();
    Object.assign(state.creds, { me: { id: `${PHONE}:3@s.whatsapp.net` }, registered: true });
    await store.saveCreds(state.creds);
    const rec = recorder();
    await standIn.provider.connect({ id, companyId }, rec.events);
    await until(() => rec.statuses().some(([s]) => s === 'CONNECTED'));
    return { id, ...standIn, rec, sock: standIn.last() };
  }

  describe('login', () => {
    it('shows QR codes with their count, gives up after WA_QR_MAX_RETRIES and ends the socket', async () => {
      const id = await connection();
      const { provider, last } = standInProvider(em, config);
      const rec = recorder();
      await provider.connect({ id, companyId }, rec.events);
      await until(() => last()?.qrOffered === 1);
      last().offerQr();
      last().offerQr();
      last().offerQr();
      expect(rec.statuses()).toEqual([
        ['OPENING', undefined],
        ['qrcode', { qrcode: '2@fake-qr-1', pairingCode: null, retries: 1 }],
        ['qrcode', { qrcode: '2@fake-qr-2', pairingCode: null, retries: 2 }],
        ['qrcode', { qrcode: '2@fake-qr-3', pairingCode: null, retries: 3 }],
        ['DISCONNECTED', { qrcode: null, pairingCode: null, retries: 3 }],
      ]);
      expect(last().ended).toBe(true);
      expect(last().loggedOut).toBe(false);
      await provider.disconnect(id);
    });

    it('asks for a pairing code when the connection has a pairing number', async () => {
      const id = await connection();
      const { provider, last } = standInProvider(em, config);
      const rec = recorder();
      await provider.connect({ id, companyId, pairingNumber: '+55 (11) 98888-0002' }, rec.events);
      await until(() => rec.statuses().some(([s]) => s === 'PAIRING'));
      expect(last().pairingRequests).toEqual(['5511988880002']);
      expect(rec.statuses()).toEqual([
        ['OPENING', undefined],
        ['PAIRING', { pairingCode: 'ABCD1234', qrcode: null }],
      ]);
      await provider.disconnect(id);
    });

    it('after a scan, restarts at once, connects with the number and stores the login', async () => {
      const id = await connection();
      const { provider, sockets, last } = standInProvider(em, config);
      const rec = recorder();
      await provider.connect({ id, companyId }, rec.events);
      await until(() => last()?.qrOffered === 1);
      await last().scan(PHONE);
      await until(() => rec.statuses().some(([s]) => s === 'CONNECTED'));
      expect(sockets).toHaveLength(2);
      expect(rec.statuses().slice(-1)).toEqual([['CONNECTED', { number: PHONE, qrcode: null, pairingCode: null, retries: 0 }]]);
      await provider.disconnect(id);
      const creds = (await new BaileysAuthStore(em).open(companyId, id, baileys()).load()).state.creds;
      expect(creds.me?.id).toBe(`${PHONE}:7@s.whatsapp.net`);
      expect(await authRows(id)).toBeGreaterThanOrEqual(4);
    });

    it('reconnects after a lost connection (TIMEOUT meanwhile), and disconnect cancels a pending reconnect without logging out', async () => {
      const c = await connected();
      c.sock.emit('connection.update', closeWith(428));
      expect(c.rec.statuses().slice(-1)).toEqual([['TIMEOUT', { qrcode: null, pairingCode: null }]]);
      // random 0: the first retry waits 800 ms.
      await until(() => c.sockets.length === 2, 3000);
      await until(() => c.rec.statuses().filter(([s]) => s === 'CONNECTED').length === 2);
      c.last().emit('connection.update', closeWith(408));
      await c.provider.disconnect(c.id);
      await sleep(1200);
      expect(c.sockets).toHaveLength(2);
      expect(c.sockets.some((s) => s.loggedOut)).toBe(false);
      expect(await authRows(c.id)).toBeGreaterThan(0);
    });

    it('forgets the stored login and reports DISCONNECTED when logged out from the phone', async () => {
      const c = await connected();
      expect(await authRows(c.id)).toBeGreaterThan(0);
      c.sock.emit('connection.update', closeWith(401));
      expect(c.rec.statuses().slice(-1)).toEqual([['DISCONNECTED', { qrcode: null, pairingCode: null }]]);
      await until(async () => (await authRows(c.id)) === 0);
      await sleep(50);
      expect(c.sockets).toHaveLength(1);
      await c.provider.disconnect(c.id);
    });

    it('resets a login: the session here ends and the stored login is gone', async () => {
      const c = await connected();
      await c.provider.reset(c.id, companyId);
      expect(c.sock.ended).toBe(true);
      expect(await authRows(c.id)).toBe(0);
      await expect(c.provider.send(c.id, '5511988880001', { type: 'chat', body: 'x' })).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    });
  });

  describe('outbound, at the socket boundary', () => {
    it('checks a number never seen with WhatsApp once, and refuses one without WhatsApp', async () => {
      const c = await connected();
      c.sock.accounts.set('5511988880001', '5511988880001@s.whatsapp.net');
      c.sock.accounts.set('5511988880002', '551188880002@s.whatsapp.net'); // WhatsApp's own form of the number
      const sent = await c.provider.send(c.id, '5511988880001', { type: 'chat', body: 'Olá!' });
      expect(sent).toEqual({ providerId: 'FAKE1', timestamp: new Date((1_764_000_000 + 1) * 1000) });
      await c.provider.send(c.id, '5511988880001', { type: 'chat', body: 'de novo' });
      await c.provider.send(c.id, '5511988880002', { type: 'chat', body: 'oi' });
      expect(c.sock.checked).toEqual(['5511988880001', '5511988880002']);
      expect(c.sock.sent.map((s) => [s.jid, s.content])).toEqual([
        ['5511988880001@s.whatsapp.net', { text: 'Olá!' }],
        ['5511988880001@s.whatsapp.net', { text: 'de novo' }],
        ['551188880002@s.whatsapp.net', { text: 'oi' }],
      ]);
      const refused = await c.provider.send(c.id, '5511900009999', { type: 'chat', body: 'alguém?' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ProviderError);
      expect(refused).toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
      // Groups are not numbers to check.
      await c.provider.send(c.id, '120363025246125486', { type: 'chat', body: 'bom dia, grupo' });
      expect(c.sock.sent.slice(-1)[0].jid).toBe('120363025246125486@g.us');
      expect(c.sock.checked).toHaveLength(3);
      // The platform's own id (chosen before the call, api/README "Outbound delivery") is the message's id on WhatsApp.
      const chosen = '3EB0ABCDEF0123456789ABCDEF0123456789AB';
      expect(await c.provider.send(c.id, '5511988880001', { type: 'chat', body: 'de novo?', providerId: chosen })).toMatchObject({ providerId: chosen });
      expect(c.sock.sent.slice(-1)[0].options).toEqual({ messageId: chosen });
      await c.provider.disconnect(c.id);
    });

    it('sends files, quoted replies, edits, deletions, read receipts and presence as Baileys takes them', async () => {
      const c = await connected();
      const jid = '5511988880003@s.whatsapp.net';
      // The contact writes first: the chat is known (no number check) and the message can be quoted as it was.
      const incoming = baileys().proto.WebMessageInfo.fromObject({
        key: { remoteJid: jid, fromMe: false, id: 'IN-1' },
        message: { conversation: 'Pode mandar o contrato?' },
        messageTimestamp: 1_764_000_100,
        pushName: 'Cliente',
      }) as unknown as WAMessage;
      c.sock.emit('messages.upsert', { messages: [incoming], type: 'notify' });
      await until(() => c.rec.of('message').length === 1);
      const file = { path: join(tmp, 'contrato.pdf'), mimetype: 'application/pdf', filename: 'contrato.pdf' };
      await c.provider.send(c.id, '5511988880003', { type: 'application', body: 'segue', media: file, quotedProviderId: 'IN-1' });
      await c.provider.send(c.id, '5511988880003', { type: 'image', body: '', media: { path: join(tmp, 'a.png'), mimetype: 'image/png', filename: 'a.png' } });
      await c.provider.send(c.id, '5511988880003', { type: 'chat', body: 'sobre aquela', quotedProviderId: 'OLD-9' });
      await c.provider.send(c.id, '5511988880003', { type: 'locationMessage', body: '', location: { latitude: -23.5, longitude: -46.6 } });
      expect(c.sock.checked).toEqual([]);
      expect(c.sock.sent.map((s) => s.content)).toEqual([
        { document: { url: file.path }, mimetype: 'application/pdf', fileName: 'contrato.pdf', caption: 'segue' },
        { image: { url: join(tmp, 'a.png') }, caption: undefined, mimetype: 'image/png' },
        { text: 'sobre aquela' },
        { location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: undefined, address: undefined } },
      ]);
      expect(c.sock.sent[0].options).toEqual({ quoted: incoming });
      expect(c.sock.sent[2].options).toEqual({ quoted: { key: { remoteJid: jid, id: 'OLD-9', fromMe: false }, message: { conversation: '' } } });

      await c.provider.edit(c.id, '5511988880003', 'FAKE1', 'segue o contrato');
      await c.provider.delete(c.id, '5511988880003', 'FAKE2');
      await c.provider.edit(c.id, '5511988880003', 'GONE', 'x');
      expect(c.sock.sent.slice(4).map((s) => s.content)).toEqual([
        { text: 'segue o contrato', edit: { remoteJid: jid, fromMe: true, id: 'FAKE1' } },
        { delete: { remoteJid: jid, fromMe: true, id: 'FAKE2' } },
        { text: 'x', edit: { remoteJid: jid, id: 'GONE', fromMe: true } },
      ]);

      await c.provider.markRead(c.id, '5511988880003', ['IN-1', 'IN-0']);
      expect(c.sock.read).toEqual([[incoming.key, { remoteJid: jid, id: 'IN-0', fromMe: false }]]);

      await c.provider.presence(c.id, '5511988880003', 'composing');
      await c.provider.presence(c.id, '5511988880003', 'paused');
      await c.provider.presence(c.id, '5511988880003', 'available');
      expect(c.sock.subscribed).toEqual([jid]);
      expect(c.sock.presences).toEqual([
        ['composing', jid],
        ['paused', jid],
        ['available', undefined],
      ]);
      await c.provider.disconnect(c.id);
    });

    it('converts a voice note to Ogg/Opus mono 48 kHz with the packaged ffmpeg; other audio goes as it is', async () => {
      const ffmpeg = await packagedFfmpeg();
      const wav = join(tmp, 'gravacao.wav');
      execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ac', '2', '-ar', '44100', '-y', wav]);
      const c = await connected();
      c.sock.accounts.set('5511988880004', '5511988880004@s.whatsapp.net');
      await c.provider.send(c.id, '5511988880004', {
        type: 'audio',
        body: '',
        voiceNote: true,
        media: { path: wav, mimetype: 'audio/wav', filename: 'gravacao.wav' },
      });
      await c.provider.send(c.id, '5511988880004', { type: 'audio', body: '', media: { path: wav, mimetype: 'audio/wav', filename: 'gravacao.wav' } });
      const [voice, plain] = c.sock.sent.map((s) => s.content as { audio: Buffer | { url: string }; ptt: boolean; mimetype: string });
      expect(plain).toEqual({ audio: { url: wav }, ptt: false, mimetype: 'audio/wav' });
      expect(voice.ptt).toBe(true);
      expect(voice.mimetype).toBe('audio/ogg; codecs=opus');
      const ogg = voice.audio as Buffer;
      expect(ogg.subarray(0, 4).toString()).toBe('OggS');
      const out = join(tmp, 'voice.ogg');
      writeFileSync(out, ogg);
      // ffmpeg describes what it reads (and exits 1 for having no output).
      let described = '';
      try {
        execFileSync(ffmpeg, ['-hide_banner', '-i', out], { stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (e) {
        described = String((e as { stderr: Buffer }).stderr);
      }
      expect(described).toMatch(/Audio: opus, 48000 Hz, mono/);
      // A file that is no audio is refused, not sent.
      const bogus = join(tmp, 'bogus.wav');
      writeFileSync(bogus, 'not audio at all');
      await expect(
        c.provider.send(c.id, '5511988880004', { type: 'audio', body: '', voiceNote: true, media: { path: bogus, mimetype: 'audio/wav', filename: 'x' } }),
      ).rejects.toThrow(/ffmpeg could not convert/);
      expect(c.sock.sent).toHaveLength(2);
      // A voice note stored as Ogg Opus (recorded in the composer, made Ogg on upload) goes from disk as it is.
      await c.provider.send(c.id, '5511988880004', {
        type: 'audio',
        body: '',
        voiceNote: true,
        media: { path: out, mimetype: 'audio/ogg', filename: 'a.ogg' },
      });
      expect(c.sock.sent[2].content).toEqual({ audio: { url: out }, ptt: true, mimetype: 'audio/ogg; codecs=opus' });
      await c.provider.disconnect(c.id);
    });

    it("reports a contact's typing, recording and online by number (a LID resolved), not a group's", async () => {
      const c = await connected();
      c.sock.lids.set('100000000000009@lid', '5511988880009@s.whatsapp.net');
      c.sock.emit('presence.update', { id: '5511988880008@s.whatsapp.net', presences: { '5511988880008@s.whatsapp.net': { lastKnownPresence: 'composing' } } });
      c.sock.emit('presence.update', { id: '100000000000009@lid', presences: { '100000000000009@lid': { lastKnownPresence: 'recording' } } });
      c.sock.emit('presence.update', { id: '120363025246125486@g.us', presences: { '5511988880008@s.whatsapp.net': { lastKnownPresence: 'composing' } } });
      c.sock.emit('presence.update', { id: '5511988880008@s.whatsapp.net', presences: { '5511988880008@s.whatsapp.net': { lastKnownPresence: 'available' } } });
      await until(() => c.rec.of('presence').length >= 3);
      await sleep(20);
      // The LID's lookup is asynchronous: its report may come after the next ones.
      expect(c.rec.of('presence')).toHaveLength(3);
      expect(c.rec.of('presence').filter((p) => p[0] === '5511988880008')).toEqual([
        ['5511988880008', 'composing'],
        ['5511988880008', 'available'],
      ]);
      expect(c.rec.of('presence')).toContainEqual(['5511988880009', 'recording']);
    });

    it("reports a call's offer once, by phone number (callerPn, a LID resolved), and rejects it to the jid that called", async () => {
      const c = await connected();
      c.sock.lids.set('100000000000031@lid', '5511988880031@s.whatsapp.net');
      const base = { chatId: '5511988880030@s.whatsapp.net', date: new Date(), offline: false };
      c.sock.emit('call', [{ ...base, id: 'CALL1', from: '5511988880030@s.whatsapp.net', status: 'offer', isVideo: false }]);
      // Later states of the same call, and an offer that came while offline, are not news.
      c.sock.emit('call', [{ ...base, id: 'CALL1', from: '5511988880030@s.whatsapp.net', status: 'ringing' }]);
      c.sock.emit('call', [{ ...base, id: 'CALL0', from: '5511988880039@s.whatsapp.net', status: 'offer', offline: true }]);
      c.sock.emit('call', [{ ...base, id: 'CALL2', from: '100000000000031@lid', status: 'offer', isVideo: true }]);
      c.sock.emit('call', [{ ...base, id: 'CALL3', from: '100000000000077@lid', callerPn: '5511988880032@s.whatsapp.net', status: 'offer', isGroup: true }]);
      await until(() => c.rec.of('call').length >= 3);
      await sleep(20);
      expect(c.rec.of('call').map(([call]) => call)).toEqual(
        expect.arrayContaining([
          { id: 'CALL1', from: '5511988880030', isVideo: false, isGroup: false },
          { id: 'CALL2', from: '5511988880031', isVideo: true, isGroup: false },
          { id: 'CALL3', from: '5511988880032', isVideo: false, isGroup: true },
        ]),
      );
      expect(c.rec.of('call')).toHaveLength(3);
      await c.provider.rejectCall(c.id, { id: 'CALL2', from: '5511988880031' });
      await c.provider.rejectCall(c.id, { id: 'CALL9', from: '5511988880033' });
      expect(c.sock.rejectedCalls).toEqual([
        { callId: 'CALL2', callFrom: '100000000000031@lid' },
        { callId: 'CALL9', callFrom: '5511988880033@s.whatsapp.net' },
      ]);
    });

    it('reports acks, edits and revokes once, ignores its own echoes, and keeps the phone book', async () => {
      const c = await connected();
      c.sock.accounts.set('5511988880005', '5511988880005@s.whatsapp.net');
      const { providerId } = await c.provider.send(c.id, '5511988880005', { type: 'chat', body: 'Oi' });
      const jid = '5511988880005@s.whatsapp.net';
      const { Status, StubType } = baileys().proto.WebMessageInfo;
      // Our own message coming back is not an inbound message.
      c.sock.emit('messages.upsert', {
        messages: [{ key: { remoteJid: jid, fromMe: true, id: providerId }, message: { conversation: 'Oi' } }],
        type: 'append',
      });
      c.sock.emit('messages.update', [
        { key: { remoteJid: jid, fromMe: true, id: providerId }, update: { status: Status.SERVER_ACK } },
        { key: { remoteJid: jid, fromMe: true, id: providerId }, update: { status: Status.DELIVERY_ACK } },
        { key: { remoteJid: jid, fromMe: true, id: providerId }, update: { status: Status.READ } },
      ]);
      c.sock.emit('message-receipt.update', [
        { key: { remoteJid: '120363025246125486@g.us', fromMe: true, id: 'G-OUT' }, receipt: { userJid: jid, readTimestamp: 1_764_000_200 } },
      ]);
      // An edit arrives as a message and as an update; a revoke likewise: each is reported once.
      const edit = baileys().proto.WebMessageInfo.fromObject({
        key: { remoteJid: jid, fromMe: false, id: 'EDIT-1' },
        message: { protocolMessage: { type: 14, key: { remoteJid: jid, id: 'IN-5' }, editedMessage: { conversation: 'corrigido' } } },
        messageTimestamp: 1_764_000_300,
      }) as unknown as WAMessage;
      c.sock.emit('messages.upsert', { messages: [edit], type: 'notify' });
      c.sock.emit('messages.update', [
        { key: { remoteJid: jid, fromMe: false, id: 'IN-5' }, update: { message: { editedMessage: { message: { conversation: 'corrigido' } } } } },
      ]);
      c.sock.emit('messages.update', [{ key: { remoteJid: jid, fromMe: false, id: 'IN-6' }, update: { message: null, messageStubType: StubType.REVOKE } }]);
      c.sock.emit('messages.update', [{ key: { remoteJid: jid, fromMe: false, id: 'IN-6' }, update: { message: null, messageStubType: StubType.REVOKE } }]);
      c.sock.emit('contacts.upsert', [
        { id: '5511988880006@s.whatsapp.net', name: 'Ana (agenda)' },
        { id: '100000000000007@lid', phoneNumber: '5511988880007@s.whatsapp.net', notify: 'Bia' },
        { id: '100000000000008@lid', notify: 'Sem número' },
      ]);
      c.sock.emit('contacts.update', [{ id: '5511988880006@s.whatsapp.net', name: 'Ana Souza' }]);
      await until(() => c.rec.of('edit').length === 1);
      await sleep(20);
      expect(c.rec.of('message')).toEqual([]);
      expect(c.rec.of('ack')).toEqual([
        [providerId, 2],
        [providerId, 3],
        [providerId, 4],
        ['G-OUT', 4],
      ]);
      expect(c.rec.of('edit')).toEqual([['IN-5', 'corrigido']]);
      expect(c.rec.of('revoke')).toEqual([['IN-6']]);
      expect(await c.provider.phoneBook(c.id)).toEqual([
        { number: '5511988880006', name: 'Ana Souza' },
        { number: '5511988880007', name: 'Bia' },
      ]);
      // A contact from the address book is known: no number check.
      await c.provider.send(c.id, '5511988880006', { type: 'chat', body: 'Olá Ana' });
      expect(c.sock.checked).toEqual(['5511988880005']);
      await c.provider.disconnect(c.id);
    });
  });

  it('refuses commands for a connection that is not connected here', async () => {
    const { provider } = standInProvider(em, config);
    await expect(provider.send(999_999, '5511988880001', { type: 'chat', body: 'x' })).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });
});
