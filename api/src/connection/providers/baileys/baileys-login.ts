import type { ConnectionStatus } from '../../whatsapps/whatsapp.entity';
import type { StatusExtra } from '../messaging-provider';
import type { ConnectionState } from './baileys-types';
import { jidDigits } from './baileys-jid';

/** Baileys' DisconnectReason (its values; the enum itself lives in the ES module). */
export const DisconnectCode = {
  loggedOut: 401,
  forbidden: 403,
  connectionLost: 408,
  timedOut: 408,
  multideviceMismatch: 411,
  connectionClosed: 428,
  connectionReplaced: 440,
  badSession: 500,
  unavailableService: 503,
  restartRequired: 515,
} as const;

export type LoginAction =
  /** Report a status to the platform. */
  | { type: 'status'; status: ConnectionStatus; extra?: StatusExtra }
  /** Ask WhatsApp for a pairing code for this number (the socket is ready for it: it just offered a QR code). */
  | { type: 'requestPairingCode'; number: string }
  /** Close the socket for good: this login is over. */
  | { type: 'end' }
  /** Open a new socket after this delay. */
  | { type: 'reconnect'; delayMs: number }
  /** Forget the whole stored login (credentials and keys). */
  | { type: 'clearAuth' }
  /** Drop the per-contact Signal sessions only; the credentials stay (no new QR code). */
  | { type: 'clearSessions' };

export interface LoginOptions {
  /** QR codes shown before an unscanned login gives up. */
  maxQrRetries: number;
  /** Log in with a pairing code for this number (digits) instead of showing QR codes. */
  pairingNumber?: string | null;
  /** Bad-session closes in a row (no successful open between them) before the login is given up. */
  maxBadSessions?: number;
  /** [0, 1): the jitter's source. */
  random?: () => number;
}

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 60_000;
export const BACKOFF_JITTER = 0.2;

/** The delay before reconnect attempt `attempt` (0-based): 1 s doubling to 60 s, each ±20 %. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base * (1 - BACKOFF_JITTER + 2 * BACKOFF_JITTER * random()));
}

/** The status code of a close: Boom's `output.statusCode` (Baileys closes with Boom errors); undefined for any other error. */
export function closeCode(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/**
 * The login of one connection as a state machine, pure (no socket, no timers): Baileys' `connection.update`s in,
 * the platform's statuses and what to do with the socket out.
 *
 * - `connecting` → OPENING. A QR code → `qrcode` with the code and how many were shown; the one after
 *   `maxQrRetries` gives up (DISCONNECTED, the socket ends). With a pairing number, the first QR offer asks for a
 *   pairing code instead (PAIRING once it arrives: `pairingCodeReceived`); QR offers still count towards giving up.
 * - `open` → CONNECTED with the phone's number; counters reset.
 * - `close`, by reason: restartRequired (after a scan) reconnects at once; connectionClosed, connectionLost,
 *   timedOut, unavailableService and unknown reasons report TIMEOUT and reconnect after `backoffDelay`;
 *   badSession drops the Signal sessions (keeping the credentials, so no new QR code) and reconnects the same way,
 *   giving up (login forgotten) after `maxBadSessions` in a row; loggedOut and multideviceMismatch forget the login
 *   and report DISCONNECTED; connectionReplaced (the login runs elsewhere) and forbidden report DISCONNECTED and
 *   keep it. No reconnect after those.
 * - `stop()` (the platform ends the session): nothing more is reported.
 */
export class LoginMachine {
  private qrShown = 0;
  private pairingRequested = false;
  private attempt = 0;
  private badSessions = 0;
  private over = false;

  constructor(private readonly options: LoginOptions) {}

  get finished(): boolean {
    return this.over;
  }

  stop(): void {
    this.over = true;
  }

  onUpdate(update: Partial<ConnectionState>, me?: { id?: string }): LoginAction[] {
    if (this.over) return [];
    const actions: LoginAction[] = [];
    // A scan (or a typed pairing code) succeeded: WhatsApp restarts the stream next; the QR count starts over.
    if (update.isNewLogin) this.qrShown = 0;
    if (update.connection === 'connecting') actions.push({ type: 'status', status: 'OPENING' });
    if (update.qr) actions.push(...this.onQr(update.qr));
    if (this.over) return actions;
    if (update.connection === 'open') {
      this.attempt = 0;
      this.badSessions = 0;
      this.qrShown = 0;
      this.pairingRequested = false;
      actions.push({ type: 'status', status: 'CONNECTED', extra: { number: jidDigits(me?.id) || null, qrcode: null, pairingCode: null, retries: 0 } });
    }
    if (update.connection === 'close') actions.push(...this.onClose(closeCode(update.lastDisconnect?.error)));
    return actions;
  }

  /** The pairing code WhatsApp gave for this login. */
  pairingCodeReceived(code: string): LoginAction[] {
    if (this.over) return [];
    return [{ type: 'status', status: 'PAIRING', extra: { pairingCode: code, qrcode: null } }];
  }

  private onQr(qr: string): LoginAction[] {
    this.qrShown++;
    if (this.qrShown > this.options.maxQrRetries) {
      this.over = true;
      return [{ type: 'status', status: 'DISCONNECTED', extra: { qrcode: null, pairingCode: null, retries: this.qrShown - 1 } }, { type: 'end' }];
    }
    const number = this.options.pairingNumber;
    if (number) {
      if (this.pairingRequested) return [];
      this.pairingRequested = true;
      return [{ type: 'requestPairingCode', number }];
    }
    return [{ type: 'status', status: 'qrcode', extra: { qrcode: qr, pairingCode: null, retries: this.qrShown } }];
  }

  private onClose(code: number | undefined): LoginAction[] {
    // A new socket needs a new pairing code.
    this.pairingRequested = false;
    const disconnected = (): LoginAction => ({ type: 'status', status: 'DISCONNECTED', extra: { qrcode: null, pairingCode: null } });
    switch (code) {
      case DisconnectCode.restartRequired:
        return [{ type: 'reconnect', delayMs: 0 }];
      case DisconnectCode.loggedOut:
      case DisconnectCode.multideviceMismatch:
        this.over = true;
        return [{ type: 'clearAuth' }, disconnected()];
      case DisconnectCode.connectionReplaced:
      case DisconnectCode.forbidden:
        this.over = true;
        return [disconnected()];
      case DisconnectCode.badSession:
        if (++this.badSessions >= (this.options.maxBadSessions ?? 3)) {
          this.over = true;
          return [{ type: 'clearAuth' }, disconnected()];
        }
        return [{ type: 'clearSessions' }, ...this.retryLater()];
      default:
        return this.retryLater();
    }
  }

  private retryLater(): LoginAction[] {
    const delayMs = backoffDelay(this.attempt++, this.options.random);
    return [
      { type: 'status', status: 'TIMEOUT', extra: { qrcode: null, pairingCode: null } },
      { type: 'reconnect', delayMs },
    ];
  }
}
