import { Inject, Injectable, PipeTransform } from '@nestjs/common';
import { withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { ConnectionError } from '../connection.errors';
import {
  SandboxCallDto,
  SandboxCallStateDto,
  SandboxInboxMessageDto,
  SandboxLinkDto,
  SandboxPresenceDto,
  SandboxPresenceSeenDto,
  SandboxSendDto,
  SandboxWindowAgeDto,
  SandboxWindowDto,
} from './dto/sandbox.dto';
import { ageCustomerWindow } from './sandbox.queries';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { PairingOutcome, SandboxCall, SandboxNetwork } from '../providers/sandbox/sandbox-network';
import { ProviderError, type ChatPresence } from '../providers/messaging-provider';
import { ConnectionSessionsService } from '../sessions/connection-sessions.service';
import { RemoteSessionError } from '../sessions/session-rpc.bus';
import { isOfficial, Whatsapp } from '../whatsapps/whatsapp.entity';

export const SANDBOX_NETWORK = Symbol('SANDBOX_NETWORK');

/** The session command that makes a sandbox phone send, on the process whose network the connection is attached to. */
const PHONE_SEND = 'sandboxPhoneSend';
const PHONE_PRESENCE = 'sandboxPhonePresence';
const PHONE_CALL = 'sandboxPhoneCall';
const PHONE_LINK = 'sandboxPhoneLink';
const PHONE_READ = 'sandboxPhoneRead';
const PHONE_PLAY = 'sandboxPhonePlay';
const PHONE_AGE_WINDOW = 'sandboxPhoneAgeWindow';
const HOUR_MS = 60 * 60 * 1000;

/** Phone numbers in paths: digits only, 8 to 20 of them. */
export class PhoneNumberPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    const digits = String(value).replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 20) {
      throw validationError([{ field: 'number', messages: ['8 to 20 digits'] }]);
    }
    return digits;
  }
}

@Injectable()
export class SandboxService {
  constructor(
    @Inject(SANDBOX_NETWORK) private readonly network: SandboxNetwork,
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
  ) {
    this.sessions.handleCommand(PHONE_SEND, (_companyId, whatsappId, [number, input]) => this.sendHere(whatsappId, number as string, input as SandboxSendDto));
    this.sessions.handleCommand(PHONE_PRESENCE, async (_companyId, whatsappId, [number, presence]) =>
      this.presenceHere(whatsappId, number as string, presence as ChatPresence),
    );
    this.sessions.handleCommand(PHONE_CALL, (_companyId, whatsappId, [number, isVideo]) => this.callHere(whatsappId, number as string, isVideo === true));
    this.sessions.handleCommand(PHONE_LINK, async (_companyId, whatsappId, [number, code]) =>
      this.network.enterPairingCode(number as string, code as string, whatsappId),
    );
    this.sessions.handleCommand(PHONE_READ, async (_companyId, whatsappId, [number]) => this.network.read(number as string, whatsappId));
    this.sessions.handleCommand(PHONE_PLAY, async (_companyId, _whatsappId, [number, providerId]) => this.network.play(number as string, providerId as string));
    this.sessions.handleCommand(PHONE_AGE_WINDOW, async (_companyId, whatsappId, [number, ms]) =>
      this.ageWindowHere(whatsappId, number as string, ms as number),
    );
  }

  /** The sandbox connection `whatsappId`, of any company (super-user tooling). */
  private async sandboxConnection(whatsappId: number): Promise<Whatsapp> {
    const w = await this.em
      .fork()
      .findOne(Whatsapp, { id: whatsappId }, withoutTenantFilter('sandbox tooling: a super user drives a connection of any company'));
    if (!w) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
    if (w.provider !== 'sandbox' && w.provider !== 'sandbox_cloud') throw new AppError(ConnectionError.ERR_SANDBOX_NOT_A_SANDBOX);
    return w;
  }

  /** A phone scans the QR code the connection shows (SANDBOX_SCAN=manual): it connects. */
  async scan(whatsappId: number): Promise<void> {
    const w = await this.sandboxConnection(whatsappId);
    if (!this.network.scanQrCode(w.id)) throw new AppError(ConnectionError.ERR_SANDBOX_NO_QR_CODE);
  }

  /**
   * A phone sends a message: answers once the connection has stored it (committed), so a 201 is never lost; 503
   * ERR_INBOUND_NOT_STORED when it could not be stored (the phone sends it again; with the same `providerId` it is
   * stored once). The message goes through the network of the process that runs the connection's session, which may
   * be another worker: its answer still comes after its commit.
   */
  async send(number: string, input: SandboxSendDto): Promise<{ providerId: string }> {
    const w = await this.sandboxConnection(input.whatsappId);
    if (input.mediaBase64 && !input.mimetype) {
      throw validationError([{ field: 'mimetype', messages: ['Required with mediaBase64'] }]);
    }
    if (input.groupId && isOfficial(w.provider)) throw new AppError(ConnectionError.ERR_NOT_ON_OFFICIAL, 'The official WhatsApp API has no groups');
    if (this.network.isAttached(w.id)) return { providerId: await this.sendHere(w.id, number, input) };
    try {
      return { providerId: await this.sessions.runWhereSessionRuns<string>(PHONE_SEND, w.companyId, w.id, [number, input]) };
    } catch (e) {
      if (e instanceof RemoteSessionError && e.code === ConnectionError.ERR_INBOUND_NOT_STORED.code) throw new AppError(ConnectionError.ERR_INBOUND_NOT_STORED);
      throw e;
    }
  }

  /** On the process whose network the connection is attached to. */
  private async sendHere(whatsappId: number, number: string, input: SandboxSendDto): Promise<string> {
    if (!this.network.isAttached(whatsappId)) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
    this.network.phone(number, input.name);
    try {
      return await this.network.sendFromPhoneStored(number, whatsappId, {
        type: input.type,
        body: input.body,
        providerId: input.providerId,
        quotedProviderId: input.quotedProviderId,
        groupId: input.groupId,
        media: input.mediaBase64 ? { data: Buffer.from(input.mediaBase64, 'base64'), mimetype: input.mimetype!, filename: input.filename } : undefined,
      });
    } catch (e) {
      if (e instanceof ProviderError && e.code === ConnectionError.ERR_WAPP_NOT_INITIALIZED.code) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
      throw new AppError(ConnectionError.ERR_INBOUND_NOT_STORED);
    }
  }

  /** A phone types, records or comes online in its chat with the connection: the attendants see it in the chat header. */
  async presence(number: string, input: SandboxPresenceDto): Promise<void> {
    const w = await this.sandboxConnection(input.whatsappId);
    if (this.network.isAttached(w.id)) return this.presenceHere(w.id, number, input.presence);
    await this.sessions.runWhereSessionRuns<void>(PHONE_PRESENCE, w.companyId, w.id, [number, input.presence]);
  }

  private presenceHere(whatsappId: number, number: string, presence: ChatPresence): void {
    if (!this.network.isAttached(whatsappId)) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
    this.network.presenceFromPhone(number, whatsappId, presence);
  }

  /**
   * A phone calls a connection: answers once the connection has decided, with the call as the phone sees it
   * (rejected when the company does not accept calls, else ringing). Runs where the session runs.
   */
  async call(number: string, input: SandboxCallDto): Promise<SandboxCallStateDto> {
    const w = await this.sandboxConnection(input.whatsappId);
    if (isOfficial(w.provider)) throw new AppError(ConnectionError.ERR_NOT_ON_OFFICIAL, 'The official WhatsApp API takes no calls here');
    if (this.network.isAttached(w.id)) return this.callHere(w.id, number, input.isVideo === true);
    return this.sessions.runWhereSessionRuns<SandboxCallStateDto>(PHONE_CALL, w.companyId, w.id, [number, input.isVideo === true]);
  }

  private async callHere(whatsappId: number, number: string, isVideo: boolean): Promise<SandboxCall> {
    if (!this.network.isAttached(whatsappId)) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
    return this.network.callFromPhone(number, whatsappId, { isVideo });
  }

  /** The calls a phone placed (on this process's network), newest first. */
  calls(number: string): SandboxCallStateDto[] {
    return [...this.network.phone(number).calls].reverse().map((c) => ({ ...c }));
  }

  /**
   * The phone of `number` types the pairing code a connection shows for it: the connection links (CONNECTED, with
   * this number). 400 ERR_SANDBOX_WRONG_PAIRING_CODE for another code (the one shown stays valid); 409
   * ERR_SANDBOX_NO_PAIRING_CODE when no connection shows a code for this number. The code is checked where the
   * connection's session runs.
   */
  async link(number: string, input: SandboxLinkDto): Promise<void> {
    const outcomes: PairingOutcome[] = [this.network.enterPairingCode(number, input.code, input.whatsappId)];
    if (outcomes[0] !== 'linked') {
      // Sessions on other processes: the sandbox connections waiting for this number's code.
      const waiting = await this.em
        .fork()
        .find(
          Whatsapp,
          { provider: 'sandbox', status: 'PAIRING', pairingNumber: number, ...(input.whatsappId ? { id: input.whatsappId } : {}) },
          { ...withoutTenantFilter('sandbox tooling: a phone links a connection of any company'), fields: ['id', 'companyId'] },
        );
      for (const w of waiting) {
        if (this.network.showsPairingCode(w.id)) continue;
        const outcome = await this.sessions
          .runWhereSessionRuns<PairingOutcome>(PHONE_LINK, w.companyId, w.id, [number, input.code])
          .catch(() => 'none' as const);
        outcomes.push(outcome);
        if (outcome === 'linked') break;
      }
    }
    if (outcomes.includes('linked')) return;
    if (outcomes.includes('wrong')) throw new AppError(ConnectionError.ERR_SANDBOX_WRONG_PAIRING_CODE);
    throw new AppError(ConnectionError.ERR_SANDBOX_NO_PAIRING_CODE);
  }

  /** What the connections last showed this phone (typing, recording, online), newest first. */
  presenceSeen(number: string): SandboxPresenceSeenDto[] {
    return [...this.network.phone(number).presenceSeen].map(([whatsappId, seen]) => ({ whatsappId, ...seen })).sort((a, b) => b.at.getTime() - a.at.getTime());
  }

  /**
   * What the phone holds, oldest first: with the journal, every connection's deliveries, whichever process of the
   * deployment made them (a ROLE=api process runs no connection; a worker runs some).
   */
  inbox(number: string): SandboxInboxMessageDto[] {
    this.network.refresh();
    return [...this.network.phone(number).inbox]
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
      .map((m) => ({ ...m, media: m.media ? { mimetype: m.media.mimetype, filename: m.media.filename } : undefined }));
  }

  /**
   * The phone opens its chats (or one connection's): read receipts go to each connection where its session runs, and
   * its journal is written there. A connection nobody runs now gets them here, as a phone keeps them for later.
   */
  async read(number: string, whatsappId?: number): Promise<{ read: string[] }> {
    this.network.refresh();
    const unread = new Set(
      this.network
        .phone(number)
        .inbox.filter((m) => m.ack < 4 && (whatsappId === undefined || m.whatsappId === whatsappId))
        .map((m) => m.whatsappId),
    );
    const read: string[] = [];
    for (const id of unread) read.push(...(await this.whereSessionRuns(id, PHONE_READ, [number], () => this.network.read(number, id))));
    return { read };
  }

  async play(number: string, providerId: string): Promise<void> {
    this.network.refresh();
    const m = this.network.phone(number).inbox.find((x) => x.providerId === providerId);
    if (!m) throw new AppError(CommonError.ERR_NOT_FOUND, 'No such message in this phone');
    await this.whereSessionRuns(m.whatsappId, PHONE_PLAY, [number, providerId], () => this.network.play(number, providerId));
  }

  /**
   * Ages the phone's 24-hour window with an official sandbox connection (default 24 h: it closes), both in the network
   * (where the connection's session runs: what the provider refuses by) and in the platform's record of it
   * (`customer_windows`: what the chat shows and the sends check), so the two agree.
   */
  async ageWindow(number: string, input: SandboxWindowAgeDto): Promise<SandboxWindowDto> {
    const w = await this.sandboxConnection(input.whatsappId);
    if (!isOfficial(w.provider)) throw new AppError(ConnectionError.ERR_NOT_OFFICIAL);
    const ms = (input.hours ?? 24) * HOUR_MS;
    const network = await this.whereSessionRuns(w.id, PHONE_AGE_WINDOW, [number, ms], () => this.ageWindowHere(w.id, number, ms));
    const platform = await ageCustomerWindow(tenantSql(this.em.fork(), w.companyId), w.id, number, ms);
    return { whatsappId: w.id, number, networkLastInboundAt: network ? new Date(network) : null, platformLastInboundAt: platform };
  }

  /** An ISO time: it may cross the session bus. */
  private ageWindowHere(whatsappId: number, number: string, ms: number): string | null {
    this.network.refresh();
    return this.network.ageLastInbound(whatsappId, number, ms)?.toISOString() ?? null;
  }

  /** `here` when the connection is attached to this process or runs nowhere; else `op` on the process that runs it. */
  private async whereSessionRuns<T>(whatsappId: number, op: string, args: unknown[], here: () => T): Promise<T> {
    if (this.network.isAttached(whatsappId)) return here();
    const w = await this.em
      .fork()
      .findOne(Whatsapp, { id: whatsappId }, { ...withoutTenantFilter('sandbox tooling: a phone of the network'), fields: ['companyId'] });
    if (!w) return here();
    try {
      return await this.sessions.runWhereSessionRuns<T>(op, w.companyId, whatsappId, args);
    } catch (e) {
      const code = e instanceof AppError ? e.def.code : e instanceof RemoteSessionError ? e.code : undefined;
      if (code === ConnectionError.ERR_WAPP_NOT_INITIALIZED.code) return here();
      throw e;
    }
  }
}
