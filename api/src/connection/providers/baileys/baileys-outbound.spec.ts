import type { OutboundContent } from '../messaging-provider';
import type { WAMessage } from './baileys-types';
import { chatIdToJid, jidDigits, jidUser } from './baileys-jid';
import { buildOutbound, mediaKindOf, ownKey, quotedMessage, readKeys, splitVcards, vcardName } from './baileys-outbound';
import { LruMap } from './lru-map';

const VCARD_A = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
const VCARD_B = 'BEGIN:VCARD\nVERSION:3.0\nFN:Bruno\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD';
const file = (mimetype: string, filename = 'f.bin') => ({ path: '/media/company1/messages/2026-12/abc.bin', mimetype, filename });

describe('buildOutbound', () => {
  it('sends text, and quotes the message replied to', () => {
    const quoted: WAMessage = { key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'Q1', fromMe: false }, message: { conversation: 'oi' } };
    expect(buildOutbound({ type: 'chat', body: 'Olá!' })).toEqual({ content: { text: 'Olá!' }, options: {} });
    expect(buildOutbound({ type: 'chat', body: 'Sim', quotedProviderId: 'Q1' }, { quoted })).toEqual({ content: { text: 'Sim' }, options: { quoted } });
  });

  it('sends under the id the platform chose, so a re-send is the same message', () => {
    const id = '3EB0ABCDEF0123456789ABCDEF0123456789AB';
    expect(buildOutbound({ type: 'chat', body: 'Olá!', providerId: id }).options).toEqual({ messageId: id });
  });

  it('sends files from disk by their kind, with the caption unless it is just the file name', () => {
    expect(buildOutbound({ type: 'image', body: 'foto', media: file('image/jpeg', 'a.jpg') }).content).toEqual({
      image: { url: '/media/company1/messages/2026-12/abc.bin' },
      caption: 'foto',
      mimetype: 'image/jpeg',
    });
    expect(buildOutbound({ type: 'video', body: 'v.mp4', media: file('video/mp4', 'v.mp4') }).content).toEqual({
      video: { url: '/media/company1/messages/2026-12/abc.bin' },
      caption: undefined,
      mimetype: 'video/mp4',
    });
    expect(buildOutbound({ type: 'application', body: 'contrato.pdf', media: file('application/pdf', 'contrato.pdf') }).content).toEqual({
      document: { url: '/media/company1/messages/2026-12/abc.bin' },
      mimetype: 'application/pdf',
      fileName: 'contrato.pdf',
      caption: undefined,
    });
    expect(buildOutbound({ type: 'sticker', body: '', media: file('image/webp') }).content).toEqual({
      sticker: { url: '/media/company1/messages/2026-12/abc.bin' },
      mimetype: 'image/webp',
    });
  });

  it('sends a voice note as converted Opus with ptt, and other audio as a plain audio file', () => {
    const ogg = Buffer.from('OggS-converted');
    const audio: OutboundContent = { type: 'audio', body: '', media: file('audio/mpeg', 'gravacao.mp3') };
    expect(buildOutbound({ ...audio, voiceNote: true }, { voiceNote: ogg }).content).toEqual({ audio: ogg, ptt: true, mimetype: 'audio/ogg; codecs=opus' });
    expect(buildOutbound(audio).content).toEqual({ audio: { url: '/media/company1/messages/2026-12/abc.bin' }, ptt: false, mimetype: 'audio/mpeg' });
    // A voice note stored as Ogg Opus already (recorded in the composer) goes as it is, with ptt.
    const stored = { type: 'audio' as const, body: '', voiceNote: true, media: { path: '/media/v.ogg', mimetype: 'audio/ogg', filename: 'audio.ogg' } };
    expect(buildOutbound(stored).content).toEqual({ audio: { url: '/media/v.ogg' }, ptt: true, mimetype: 'audio/ogg; codecs=opus' });
    expect(buildOutbound({ ...stored, voiceNote: false }).content).toEqual({ audio: { url: '/media/v.ogg' }, ptt: false, mimetype: 'audio/ogg' });
  });

  it('sends a location and contact cards', () => {
    expect(
      buildOutbound({ type: 'locationMessage', body: '', location: { latitude: -23.5, longitude: -46.6, name: 'Loja', address: 'Av. Paulista' } }).content,
    ).toEqual({
      location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja', address: 'Av. Paulista' },
    });
    expect(buildOutbound({ type: 'contactMessage', body: '', vcard: VCARD_A }).content).toEqual({
      contacts: { displayName: 'Ana Souza', contacts: [{ displayName: 'Ana Souza', vcard: VCARD_A }] },
    });
    expect(buildOutbound({ type: 'contactsArrayMessage', body: `${VCARD_A}\n${VCARD_B}` }).content).toEqual({
      contacts: {
        displayName: '2 contatos',
        contacts: [
          { displayName: 'Ana Souza', vcard: VCARD_A },
          { displayName: 'Bruno', vcard: VCARD_B },
        ],
      },
    });
  });

  it('picks the file kind from the type, else the mimetype', () => {
    expect(mediaKindOf({ type: 'chat', media: file('image/png') })).toBe('image');
    expect(mediaKindOf({ type: 'chat', media: file('audio/ogg') })).toBe('audio');
    expect(mediaKindOf({ type: 'chat', media: file('video/webm') })).toBe('video');
    expect(mediaKindOf({ type: 'chat', media: file('application/zip') })).toBe('document');
    expect(mediaKindOf({ type: 'document', media: file('image/png') })).toBe('document');
  });
});

describe('message keys', () => {
  const jid = '5511988887777@s.whatsapp.net';
  it('quotes a recent message as seen, or a minimal one from its id', () => {
    const recent: WAMessage = { key: { remoteJid: jid, id: 'R1', fromMe: true }, message: { conversation: 'enviado' } };
    expect(quotedMessage(jid, 'R1', recent)).toBe(recent);
    expect(quotedMessage(jid, 'OLD', undefined)).toEqual({ key: { remoteJid: jid, id: 'OLD', fromMe: false }, message: { conversation: '' } });
  });

  it('edits and deletes own messages, and marks received ones read with the sender when known', () => {
    expect(ownKey(jid, 'M1')).toEqual({ remoteJid: jid, id: 'M1', fromMe: true });
    const inGroup: WAMessage = { key: { remoteJid: '120363000000000001@g.us', id: 'G1', fromMe: false, participant: '5511977776666@s.whatsapp.net' } };
    expect(readKeys('120363000000000001@g.us', ['G1', 'G2'], (id) => (id === 'G1' ? inGroup : undefined))).toEqual([
      inGroup.key,
      { remoteJid: '120363000000000001@g.us', id: 'G2', fromMe: false },
    ]);
  });

  it('reads vCards', () => {
    expect(splitVcards(`texto ${VCARD_A} e ${VCARD_B}`)).toEqual([VCARD_A, VCARD_B]);
    expect(vcardName(VCARD_B)).toBe('Bruno');
    expect(vcardName('BEGIN:VCARD\nEND:VCARD')).toBe('');
  });
});

describe('jids', () => {
  it('turns chat ids into jids: numbers, old and new group ids', () => {
    expect(chatIdToJid('5511988887777')).toBe('5511988887777@s.whatsapp.net');
    expect(chatIdToJid('5511988887777-1600000000')).toBe('5511988887777-1600000000@g.us');
    expect(chatIdToJid('120363025246125486')).toBe('120363025246125486@g.us');
    expect(chatIdToJid('123@lid')).toBe('123@lid');
    expect(jidUser('5511988887777:12@s.whatsapp.net')).toBe('5511988887777');
    expect(jidDigits('5511988887777_1:3@hosted')).toBe('5511988887777');
  });
});

describe('LruMap', () => {
  it('keeps the most recently used entries', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.has('a'), lru.has('b'), lru.has('c')]).toEqual([true, false, true]);
    expect(lru.firstTime('a', 9)).toBe(false);
    expect(lru.firstTime('d', 4)).toBe(true);
    expect(lru.size).toBe(2);
  });
});
