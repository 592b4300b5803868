import { backoffDelay, DisconnectCode, LoginAction, LoginMachine } from './baileys-login';

/** A close as Baileys reports it: a Boom error carrying the status code. */
const closed = (statusCode?: number) => ({
  connection: 'close' as const,
  lastDisconnect: { error: Object.assign(new Error('closed'), statusCode ? { output: { statusCode } } : {}), date: new Date() },
});
const statuses = (actions: LoginAction[]) => actions.filter((a) => a.type === 'status').map((a) => (a.type === 'status' ? a.status : ''));
const midJitter = () => 0.5;

describe('LoginMachine', () => {
  it('shows each QR code with its count and gives up after the configured number, ending the socket', () => {
    const m = new LoginMachine({ maxQrRetries: 3, random: midJitter });
    expect(m.onUpdate({ connection: 'connecting' })).toEqual([{ type: 'status', status: 'OPENING' }]);
    expect(m.onUpdate({ qr: 'QR-1' })).toEqual([{ type: 'status', status: 'qrcode', extra: { qrcode: 'QR-1', pairingCode: null, retries: 1 } }]);
    expect(m.onUpdate({ qr: 'QR-2' })).toEqual([{ type: 'status', status: 'qrcode', extra: { qrcode: 'QR-2', pairingCode: null, retries: 2 } }]);
    expect(m.onUpdate({ qr: 'QR-3' })).toEqual([{ type: 'status', status: 'qrcode', extra: { qrcode: 'QR-3', pairingCode: null, retries: 3 } }]);
    // The third code expired unscanned: the login gives up.
    expect(m.onUpdate({ qr: 'QR-4' })).toEqual([
      { type: 'status', status: 'DISCONNECTED', extra: { qrcode: null, pairingCode: null, retries: 3 } },
      { type: 'end' },
    ]);
    expect(m.finished).toBe(true);
    // The close that follows the end is not a reason to reconnect.
    expect(m.onUpdate(closed(DisconnectCode.connectionClosed))).toEqual([]);
  });

  it('asks for a pairing code on the first QR offer, once, and reports it as PAIRING', () => {
    const m = new LoginMachine({ maxQrRetries: 5, pairingNumber: '5511999990000' });
    expect(m.onUpdate({ qr: 'QR-1' })).toEqual([{ type: 'requestPairingCode', number: '5511999990000' }]);
    expect(m.onUpdate({ qr: 'QR-2' })).toEqual([]);
    expect(m.pairingCodeReceived('ABCD1234')).toEqual([{ type: 'status', status: 'PAIRING', extra: { pairingCode: 'ABCD1234', qrcode: null } }]);
    // QR offers still bound the wait.
    for (const qr of ['QR-3', 'QR-4', 'QR-5']) expect(m.onUpdate({ qr })).toEqual([]);
    expect(statuses(m.onUpdate({ qr: 'QR-6' }))).toEqual(['DISCONNECTED']);
  });

  it('asks for a new pairing code on a new socket', () => {
    const m = new LoginMachine({ maxQrRetries: 5, pairingNumber: '5511999990000', random: midJitter });
    m.onUpdate({ qr: 'QR-1' });
    m.onUpdate(closed(DisconnectCode.connectionLost));
    expect(m.onUpdate({ qr: 'QR-2' })).toEqual([{ type: 'requestPairingCode', number: '5511999990000' }]);
  });

  it('reports CONNECTED with the phone number once open, and a scan restarts the count', () => {
    const m = new LoginMachine({ maxQrRetries: 2 });
    m.onUpdate({ qr: 'QR-1' });
    m.onUpdate({ qr: 'QR-2' });
    // Scanned: WhatsApp marks a new login and asks for a restart, at once.
    expect(m.onUpdate({ isNewLogin: true })).toEqual([]);
    expect(m.onUpdate(closed(DisconnectCode.restartRequired))).toEqual([{ type: 'reconnect', delayMs: 0 }]);
    expect(m.onUpdate({ connection: 'open' }, { id: '5511988887777:14@s.whatsapp.net' })).toEqual([
      { type: 'status', status: 'CONNECTED', extra: { number: '5511988887777', qrcode: null, pairingCode: null, retries: 0 } },
    ]);
  });

  it.each([
    ['connectionClosed', DisconnectCode.connectionClosed],
    ['connectionLost / timedOut', DisconnectCode.connectionLost],
    ['unavailableService', DisconnectCode.unavailableService],
    ['an error without a status code', undefined],
  ])('reports TIMEOUT and reconnects with backoff after %s', (_name, code) => {
    const m = new LoginMachine({ maxQrRetries: 5, random: midJitter });
    m.onUpdate({ connection: 'open' }, { id: '5511988887777@s.whatsapp.net' });
    expect(m.onUpdate(closed(code))).toEqual([
      { type: 'status', status: 'TIMEOUT', extra: { qrcode: null, pairingCode: null } },
      { type: 'reconnect', delayMs: 1000 },
    ]);
    // The next failures wait longer; an open resets the wait.
    expect(m.onUpdate(closed(code))[1]).toEqual({ type: 'reconnect', delayMs: 2000 });
    expect(m.onUpdate(closed(code))[1]).toEqual({ type: 'reconnect', delayMs: 4000 });
    m.onUpdate({ connection: 'open' });
    expect(m.onUpdate(closed(code))[1]).toEqual({ type: 'reconnect', delayMs: 1000 });
  });

  it('forgets the login and stops when logged out from the phone, or on a multi-device mismatch', () => {
    for (const code of [DisconnectCode.loggedOut, DisconnectCode.multideviceMismatch]) {
      const m = new LoginMachine({ maxQrRetries: 5 });
      m.onUpdate({ connection: 'open' });
      expect(m.onUpdate(closed(code))).toEqual([{ type: 'clearAuth' }, { type: 'status', status: 'DISCONNECTED', extra: { qrcode: null, pairingCode: null } }]);
      expect(m.finished).toBe(true);
    }
  });

  it('stops, keeping the login, when the session was replaced elsewhere or is forbidden', () => {
    for (const code of [DisconnectCode.connectionReplaced, DisconnectCode.forbidden]) {
      const m = new LoginMachine({ maxQrRetries: 5 });
      expect(m.onUpdate(closed(code))).toEqual([{ type: 'status', status: 'DISCONNECTED', extra: { qrcode: null, pairingCode: null } }]);
      expect(m.finished).toBe(true);
    }
  });

  it('drops the Signal sessions (keeping the credentials) on a bad session, and gives up after three in a row', () => {
    const m = new LoginMachine({ maxQrRetries: 5, random: midJitter });
    expect(m.onUpdate(closed(DisconnectCode.badSession))).toEqual([
      { type: 'clearSessions' },
      { type: 'status', status: 'TIMEOUT', extra: { qrcode: null, pairingCode: null } },
      { type: 'reconnect', delayMs: 1000 },
    ]);
    expect(m.onUpdate(closed(DisconnectCode.badSession)).map((a) => a.type)).toEqual(['clearSessions', 'status', 'reconnect']);
    expect(m.onUpdate(closed(DisconnectCode.badSession))).toEqual([
      { type: 'clearAuth' },
      { type: 'status', status: 'DISCONNECTED', extra: { qrcode: null, pairingCode: null } },
    ]);
  });

  it('reports nothing more once the platform stopped it', () => {
    const m = new LoginMachine({ maxQrRetries: 5 });
    m.stop();
    expect(m.onUpdate({ connection: 'open' })).toEqual([]);
    expect(m.onUpdate(closed(DisconnectCode.loggedOut))).toEqual([]);
    expect(m.pairingCodeReceived('X')).toEqual([]);
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s to at most 60 s, within ±20 %', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 0.999999)).toBe(1200);
    expect(backoffDelay(10, () => 0)).toBe(48000);
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(3);
      expect(d).toBeGreaterThanOrEqual(6400);
      expect(d).toBeLessThanOrEqual(9600);
    }
  });
});
