import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ApiCaller } from '../../common/access/api-token';
import { AppError, validationError } from '../../common/http/errors';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { ConnectionError } from '../../connection/connection.errors';
import { isOfficial, Whatsapp } from '../../connection/whatsapps/whatsapp.entity';
import { checkTemplate, renderFor, type PlannedTemplate } from '../official/outbound-window';
import type { SendTemplateDto } from '../official/dto/customer-window.dto';
import { Contact } from '../contacts/contact.entity';
import { MessageError } from '../messages/message.errors';
import { OutboundService } from '../messages/outbound.service';
import { checkUploads, UploadedMedia } from '../messages/uploads';
import { TicketEventsService } from '../tickets/ticket-events.service';
import { TicketSystemTransitionsService } from '../tickets/ticket-system-transitions.service';
import { TicketsService } from '../tickets/tickets.service';
import type { ApiSendMessageDto, ApiSendResultDto } from './dto/api-send-message.dto';

/**
 * The external send-message API (back-office §2, /messages-api): a company's system sends a text or files to a
 * number through the connection whose token it holds. The contact is found or created (named by its number until
 * it writes), the message goes to the contact's open or pending ticket on that connection or to a new pending
 * one, stored at once with source `api` and ack 0, and sent by the same retried job as an attendant's message: a
 * session that drops mid-send loses nothing, the job tries again and the ack only rises.
 */
@Injectable()
export class MessagesApiService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly transitions: TicketSystemTransitionsService,
    private readonly outbound: OutboundService,
    private readonly events: TicketEventsService,
  ) {}

  async send(caller: ApiCaller, dto: ApiSendMessageDto, files: UploadedMedia[] = []): Promise<ApiSendResultDto> {
    const body = (dto.body ?? '').trim();
    if (!body && !files.length && !dto.template) {
      throw new AppError(MessageError.ERR_EMPTY_MESSAGE, 'Send a body, files in medias, or both', [{ field: 'body', messages: ['Required'] }]);
    }
    if (dto.template && files.length) throw validationError([{ field: 'medias', messages: ['A template is sent alone: no files with it'] }]);
    const checked = checkUploads(files);
    const em = forkForCompany(this.em, caller.companyId);
    const whatsapp = await em.findOne(Whatsapp, { id: caller.whatsappId, companyId: caller.companyId });
    if (!whatsapp) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
    // Decided before the contact and ticket exist, so a refusal leaves nothing behind: a template must be an approved
    // one of this official connection; free text on an official connection needs the customer's window open.
    const template = dto.template ? await this.checkedTemplate(caller, whatsapp, dto.template) : null;
    if (!template) await this.outbound.planFor(em, caller.companyId, whatsapp.id, dto.number, {});
    const contact = await this.contactOf(em, caller, dto.number);
    const { ticket, created } = await this.tickets.activeOrNewTicket(caller.companyId, contact, whatsapp.id);
    if (created) this.events.ticketUpdated(await this.tickets.loadDto(caller.companyId, ticket.id));
    const messages = template
      ? [
          await this.outbound.queueTemplate(caller.companyId, ticket.id, await renderFor(tenantSql(em, caller.companyId), ticket.id, template, null), {
            source: 'api',
          }),
        ]
      : await this.outbound.queueBodyAndFiles(caller.companyId, ticket.id, body, checked, { source: 'api' });
    const final = dto.closeTicket
      ? ((await this.transitions.close(caller.companyId, ticket.id, 'api')) ?? (await this.tickets.loadDto(caller.companyId, ticket.id)))
      : await this.tickets.loadDto(caller.companyId, ticket.id);
    return { ticketId: final.id, ticketUuid: final.uuid, ticketStatus: final.status, contactId: contact.id, messages };
  }

  /** The template asked for, checked against the connection's approved ones (official connections only). */
  private checkedTemplate(caller: ApiCaller, whatsapp: Whatsapp, t: SendTemplateDto): Promise<PlannedTemplate> {
    if (!isOfficial(whatsapp.provider)) throw new AppError(ConnectionError.ERR_NOT_OFFICIAL);
    return checkTemplate(tenantSql(this.em, caller.companyId), whatsapp.id, { name: t.name.trim(), language: t.language.trim(), params: t.params });
  }

  /** The company's contact with this number, or a new one named by the number (the contact's own name arrives with its first message). */
  private async contactOf(em: EntityManager, caller: ApiCaller, number: string): Promise<Contact> {
    const found = await em.findOne(Contact, { companyId: caller.companyId, number });
    if (found) return found;
    try {
      const contact = em.create(Contact, { companyId: caller.companyId, name: number, number, whatsappId: caller.whatsappId });
      await em.flush();
      return contact;
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException)) throw e;
      return forkForCompany(this.em, caller.companyId).findOneOrFail(Contact, { companyId: caller.companyId, number });
    }
  }
}
