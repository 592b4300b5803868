import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import type { IncomingCall } from '../../connection/providers/messaging-provider';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { SettingsService } from '../../tenant/settings/settings.service';
import { Contact } from '../contacts/contact.entity';
import { OutboundService } from '../messages/outbound.service';
import { TicketsService } from '../tickets/tickets.service';

/** What a caller gets when the company does not accept calls: Whaticket's text, word for word (the spec gives none). */
export const CALL_REJECTED_MESSAGE =
  '*Mensagem Automática:*\n\nAs chamadas de voz e vídeo estão desabilitas para esse WhatsApp, favor enviar uma mensagem de texto. Obrigado';

/** Call ids already decided here: a provider may report one offer more than once (several devices, a reconnect). */
const REMEMBERED_CALLS = 1000;

/**
 * The setting `call` ("Aceitar chamadas"). A provider reports each voice or video call that starts ringing at a
 * connection (`ProviderEvents.call`). Enabled (the default): the call is left ringing on the phones of the
 * company, nothing is stored. Disabled: the call is rejected through the provider, and the caller gets
 * CALL_REJECTED_MESSAGE, stored and sent as the bot's (source `bot`, through the outbound pipeline, retried like any
 * message) in the contact's ticket on that connection: its open or pending one, else its latest (kept closed),
 * else a new closed one, so a rejected call never fills the waiting list. Group calls are left ringing.
 */
@Injectable()
export class IncomingCallsService implements OnModuleInit {
  private readonly log = new Logger('IncomingCalls');
  private readonly decided = new Set<string>();

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
    private readonly settings: SettingsService,
    private readonly tickets: TicketsService,
    private readonly outbound: OutboundService,
  ) {}

  onModuleInit(): void {
    this.sessions.onCall((companyId, whatsappId, call) => this.handle(companyId, whatsappId, call));
  }

  async handle(companyId: CompanyId, whatsappId: number, call: IncomingCall): Promise<void> {
    const number = call.from.replace(/\D/g, '');
    if (call.isGroup || !number || !this.firstTime(`${whatsappId}:${call.id}`)) return;
    if ((await this.settings.valueOf(companyId, 'call')) !== 'disabled') return;
    try {
      await this.sessions.rejectCall(companyId, whatsappId, { id: call.id, from: call.from });
    } catch (e) {
      this.log.warn(`connection ${whatsappId}: call ${call.id} not rejected: ${String(e)}`);
    }
    const contact = await this.contactOf(companyId, whatsappId, number);
    const ticket = await this.tickets.outreachTicket(companyId, contact, whatsappId);
    await this.outbound.queueText(companyId, ticket.id, CALL_REJECTED_MESSAGE, { source: 'bot' });
  }

  private firstTime(key: string): boolean {
    if (this.decided.has(key)) return false;
    this.decided.add(key);
    if (this.decided.size > REMEMBERED_CALLS) this.decided.delete(this.decided.values().next().value as string);
    return true;
  }

  /** The company's contact with this number, or a new one named by the number (its name arrives with its first message). */
  private async contactOf(companyId: CompanyId, whatsappId: number, number: string): Promise<Contact> {
    const em = forkForCompany(this.em, companyId);
    const found = await em.findOne(Contact, { companyId, number });
    if (found) return found;
    try {
      const contact = em.create(Contact, { companyId, name: number, number, whatsappId });
      await em.flush();
      return contact;
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException)) throw e;
      return forkForCompany(this.em, companyId).findOneOrFail(Contact, { companyId, number });
    }
  }
}
