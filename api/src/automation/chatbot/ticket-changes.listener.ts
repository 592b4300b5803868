import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { dropMenu } from './chatbot.queries';
import { TicketChange, TicketEventsService } from '../../ticket/tickets/ticket-events.service';
import { DistributionService } from '../distribution/distribution.service';
import { RatingService } from '../rating/rating.service';
import { AutomationTimersService } from '../timers/automation-timers.service';

/**
 * What automation does when a ticket changes (after commit, on the process that made the change):
 * - a change not made by the bot ends any chatbot menu the ticket was in (a person or a timer took over);
 * - closed by a person or the API: the closing words or the rating request (RatingService), and the freed
 *   attendant is offered waiting tickets;
 * - waiting in a queue with no attendant (returned, transferred to a queue, moved by a timer): offered to the
 *   queue's attendants (distribution) and its redirect timer armed;
 * - open: its inactivity timer armed.
 */
@Injectable()
export class TicketChangesListener implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly events: TicketEventsService,
    private readonly rating: RatingService,
    private readonly distribution: DistributionService,
    private readonly timers: AutomationTimersService,
  ) {}

  onModuleInit(): void {
    this.events.onChange((change) => this.handle(change));
  }

  private async handle(change: TicketChange): Promise<void> {
    const { ticket, by } = change;
    const companyId = ticket.companyId;
    if (by !== 'bot') {
      await dropMenu(tenantSql(forkForCompany(this.em, companyId), companyId), ticket.id);
    }
    if (ticket.status === 'closed') {
      if (change.action === 'close' && (by === 'user' || by === 'api')) await this.rating.onClose(change);
      if (change.before.userId) await this.distribution.fill(companyId);
      return;
    }
    if (ticket.status === 'open') return this.timers.armInactive(companyId, ticket.id);
    if (!ticket.userId) {
      await this.timers.armRedirect(companyId, ticket.id);
      if (by !== 'bot' && ticket.queueId) await this.distribution.distribute(companyId, ticket.id);
    }
  }
}
