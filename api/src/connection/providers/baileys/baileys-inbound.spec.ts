/**
 * @jest-environment ./test/baileys-environment.js
 */
import { contentType, MessageStatus, normalizeUpdate, ProtocolType, STUB_REVOKE, unwrapContent } from './baileys-inbound';
import { DisconnectCode } from './baileys-login';
import type { BaileysModule } from './baileys-types';

/** Baileys as the spec's environment loads it (an ES module jest's runtime cannot require). */
function baileys(): BaileysModule {
  const load = (globalThis as { loadBaileys?: () => BaileysModule }).loadBaileys;
  if (!load) throw new Error('this spec needs `@jest-environment ./test/baileys-environment.js` in its first comment');
  return load();
}

const CONTACT_JID = '5511988880001@s.whatsapp.net';

/** What baileys-inbound.ts reads without a database (the stored messages: test/baileys-inbound.e2e-spec.ts). */
describe('Baileys inbound, on its own', () => {
  it('reads acks, edits and revokes from message updates, as Baileys emits them', () => {
    const key = { remoteJid: CONTACT_JID, id: 'OUT1', fromMe: true };
    const { proto } = baileys();
    expect(normalizeUpdate({ key, update: { status: proto.WebMessageInfo.Status.SERVER_ACK } })).toEqual([{ kind: 'ack', providerId: 'OUT1', ack: 2 }]);
    expect(normalizeUpdate({ key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } })).toEqual([{ kind: 'ack', providerId: 'OUT1', ack: 3 }]);
    expect(normalizeUpdate({ key, update: { status: proto.WebMessageInfo.Status.READ } })).toEqual([{ kind: 'ack', providerId: 'OUT1', ack: 4 }]);
    expect(normalizeUpdate({ key, update: { status: proto.WebMessageInfo.Status.PLAYED } })).toEqual([{ kind: 'ack', providerId: 'OUT1', ack: 5 }]);
    expect(normalizeUpdate({ key, update: { status: proto.WebMessageInfo.Status.PENDING } })).toEqual([{ kind: 'ack', providerId: 'OUT1', ack: 1 }]);
    // An error never lowers an ack; a received message's status is not ours to report.
    expect(normalizeUpdate({ key, update: { status: proto.WebMessageInfo.Status.ERROR } })).toEqual([]);
    expect(normalizeUpdate({ key: { ...key, fromMe: false }, update: { status: proto.WebMessageInfo.Status.READ } })).toEqual([]);
    // process-message's shapes for an edit and a revoke.
    expect(
      normalizeUpdate({ key: { ...key, id: 'IN1', fromMe: false }, update: { message: { editedMessage: { message: { conversation: 'novo texto' } } } } }),
    ).toEqual([{ kind: 'edit', providerId: 'IN1', body: 'novo texto' }]);
    expect(normalizeUpdate({ key: { ...key, id: 'IN2' }, update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE } })).toEqual([
      { kind: 'revoke', providerId: 'IN2' },
    ]);
  });

  it("mirrors Baileys' own constants", () => {
    const b = baileys();
    expect(MessageStatus).toEqual({
      ERROR: b.proto.WebMessageInfo.Status.ERROR,
      PENDING: b.proto.WebMessageInfo.Status.PENDING,
      SERVER_ACK: b.proto.WebMessageInfo.Status.SERVER_ACK,
      DELIVERY_ACK: b.proto.WebMessageInfo.Status.DELIVERY_ACK,
      READ: b.proto.WebMessageInfo.Status.READ,
      PLAYED: b.proto.WebMessageInfo.Status.PLAYED,
    });
    expect(ProtocolType).toEqual({ REVOKE: b.proto.Message.ProtocolMessage.Type.REVOKE, MESSAGE_EDIT: b.proto.Message.ProtocolMessage.Type.MESSAGE_EDIT });
    expect(STUB_REVOKE).toBe(b.proto.WebMessageInfo.StubType.REVOKE);
    for (const [name, code] of Object.entries(DisconnectCode))
      expect([name, code]).toEqual([name, b.DisconnectReason[name as keyof typeof b.DisconnectReason]]);
  });

  it('unwraps exactly what Baileys unwraps', () => {
    const { normalizeMessageContent, getContentType } = baileys();
    const samples = [
      { ephemeralMessage: { message: { viewOnceMessageV2: { message: { imageMessage: { caption: 'x' } } } } } },
      { documentWithCaptionMessage: { message: { documentMessage: { fileName: 'a.pdf' } } } },
      { viewOnceMessageV2Extension: { message: { audioMessage: { ptt: true } } } },
      { messageContextInfo: {}, conversation: 'texto' },
    ];
    for (const s of samples) {
      const msg = baileys().proto.Message.fromObject(s);
      expect(contentType(unwrapContent(msg).content)).toBe(getContentType(normalizeMessageContent(msg)));
    }
  });
});
