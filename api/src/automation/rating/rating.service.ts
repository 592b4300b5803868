import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { rateLastTracking } from './rating.queries';
import { Whatsapp } from '../../connection/whatsapps/whatsapp.entity';
import { SettingsService } from '../../tenant/settings/settings.service';
import type { TicketChange } from '../../ticket/tickets/ticket-events.service';
import { TicketSystemTransitionsService } from '../../ticket/tickets/ticket-system-transitions.service';
import { BotSenderService } from '../chatbot/bot-sender.service';
import { asksRating, pickRating, ratingRequest, ratingThanks, ratingUntil } from './rating.rules';

/**
 * Closing words and the rating (README: "Closing and rating"). When a person (or the send-message API) closes a
 * ticket that is not a group: with setting userRating 'enabled' and an attendant on the ticket, the contact gets
 * the connection's rating message with the 1 to 3 scale and the ticket listens for the answer for two hours;
 * otherwise the connection's completion message. The answer is stored on the closed attendance cycle, which is
 * the attendant's (the dashboard averages it per attendant), and the completion message thanks the contact.
 */
@Injectable()
export class RatingService {
  private readonly log = new Logger('Rating');

  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly system: TicketSystemTransitionsService,
    private readonly send: BotSenderService,
  ) {}

  async onClose(change: TicketChange): Promise<void> {
    const { ticket } = change;
    if (ticket.isGroup || !ticket.whatsappId) return;
    const companyId = ticket.companyId;
    const whatsapp = await forkForCompany(this.em, companyId).findOne(Whatsapp, { id: ticket.whatsappId, companyId });
    if (!whatsapp) return;
    // The setting is read only for a ticket an attendant held.
    const rate = ticket.userId !== null && asksRating(ticket, await this.settings.valueOf(companyId, 'userRating'));
    if (!rate) {
      if (whatsapp.complationMessage?.trim()) await this.send.text(companyId, ticket.id, whatsapp.complationMessage, 'farewell');
      return;
    }
    const set = await this.system.setFields(companyId, ticket.id, { ratingUntil: ratingUntil(new Date()) }, (t) => t.status === 'closed');
    if (set) await this.send.text(companyId, ticket.id, ratingRequest(whatsapp.ratingMessage), 'rating');
  }

  /**
   * A message on a closed ticket waiting for its rating. 1 to 3: stored once (the last finished cycle still
   * unrated), the window closed, thanks sent. Anything else: the window closes and the ticket is reopened as
   * pending (answers true: the caller carries the message on as a new conversation).
   */
  async answer(companyId: CompanyId, ticketId: number, body: string): Promise<boolean> {
    const rating = pickRating(body);
    if (!rating) {
      const reopened = await this.system.reopenPending(companyId, ticketId, (t) => Boolean(t.ratingUntil));
      return Boolean(reopened);
    }
    const em = forkForCompany(this.em, companyId);
    const cleared = await this.system.setFields(companyId, ticketId, { ratingUntil: null }, (t) => t.status === 'closed' && Boolean(t.ratingUntil));
    if (!cleared) return false;
    await rateLastTracking(tenantSql(em, companyId), ticketId, rating);
    const whatsapp = cleared.whatsappId ? await em.findOne(Whatsapp, { id: cleared.whatsappId, companyId }) : null;
    await this.send.text(companyId, ticketId, ratingThanks(whatsapp?.complationMessage), 'farewell');
    this.log.debug(`ticket ${ticketId} rated ${rating}`);
    return false;
  }
}
