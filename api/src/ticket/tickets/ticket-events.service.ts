import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { allTicketsRoom, queueRoom, RealtimeService, ticketStatusRoom, userRoom } from '../../realtime/realtime.service';
import type { ContactDto } from '../contacts/dto/contact.dto';
import type { MessageDto } from '../messages/dto/message.dto';
import type { TicketDto } from './dto/ticket.dto';

/** Where a ticket was visible before a change, to tell sockets that lost sight of it. */
export interface TicketPlacement {
  queueId: number | null;
  userId: number | null;
  /** The status it had, when the change may have moved it to another status's list. */
  status?: string;
}

/** Who changed a ticket: a person, the send-message API, or automation (bot, timers, distribution). */
export type TicketChangeBy = 'user' | 'api' | 'bot' | 'timer' | 'distribution';

/** A committed change of a ticket's status, queue or attendant, as the modules reacting to it (automation) see it. */
export interface TicketChange {
  action: 'accept' | 'return' | 'close' | 'reopen' | 'transfer' | 'assign';
  ticket: TicketDto;
  before: TicketPlacement;
  by: TicketChangeBy;
}

export type TicketChangeListener = (change: TicketChange) => Promise<void> | void;

/**
 * Ticket and message events reach only the sockets allowed to see the ticket: managers (showall), the users
 * of its queue, and its assignee. Everything goes out after the transaction that made the change committed.
 */
@Injectable()
export class TicketEventsService {
  private readonly log = new Logger('TicketEvents');
  private readonly listeners: TicketChangeListener[] = [];

  constructor(private readonly realtime: RealtimeService) {}

  /** After-commit hook for status, queue and attendant changes (the automation module listens). Listeners must not throw. */
  onChange(listener: TicketChangeListener): void {
    this.listeners.push(listener);
  }

  /** Tells the listeners of a committed change; their failures are logged, never the caller's. */
  async changed(change: TicketChange): Promise<void> {
    for (const listener of this.listeners) {
      await Promise.resolve()
        .then(() => listener(change))
        .catch((e: unknown) => this.log.error(`ticket change listener failed: ${String(e)}`));
    }
  }

  roomsOf(companyId: CompanyId, placement: TicketPlacement): string[] {
    const rooms = [allTicketsRoom(companyId)];
    if (placement.queueId) rooms.push(queueRoom(companyId, placement.queueId));
    if (placement.userId) rooms.push(userRoom(placement.userId));
    return rooms;
  }

  ticketUpdated(ticket: TicketDto, before?: TicketPlacement): void {
    const now = this.roomsOf(ticket.companyId, ticket);
    this.realtime.emitToRooms(ticket.companyId, now, 'ticket', { action: 'update', ticket });
    if (before) {
      const lost = this.roomsOf(ticket.companyId, before).filter((r) => !now.includes(r));
      this.realtime.emitToRooms(ticket.companyId, lost, 'ticket', { action: 'removeFromList', ticketId: ticket.id });
      // Clients of the original system keep one list per status (joinTickets) and learn a ticket left one by a
      // delete to that status's listeners; only the ones that could see it there hear it.
      if (before.status && before.status !== ticket.status) {
        const seen = this.roomsOf(ticket.companyId, before);
        void this.realtime.emitToRoomWithin(ticket.companyId, ticketStatusRoom(ticket.companyId, before.status), seen, 'ticket', {
          action: 'delete',
          ticketId: ticket.id,
          status: before.status,
          leftStatus: true,
        });
      }
    }
  }

  unreadReset(ticket: TicketDto): void {
    this.realtime.emitToRooms(ticket.companyId, this.roomsOf(ticket.companyId, ticket), 'ticket', { action: 'updateUnread', ticketId: ticket.id });
  }

  ticketDeleted(companyId: CompanyId, ticketId: number, placement: TicketPlacement): void {
    this.realtime.emitToRooms(companyId, this.roomsOf(companyId, placement), 'ticket', { action: 'delete', ticketId });
  }

  /**
   * A message and its ticket as committed, in one event: a new message's event is also its ticket's update (last
   * message, unread count, status), so callers send no separate `ticket` update for it. Each socket then gets one
   * frame per message: at 1,000 sockets a process, each frame costs about 13-25 µs of its CPU (bench:realtime), and
   * a second one per message doubled it. The original system's clients and the kit update their ticket lists from
   * appMessage (the original sent only appMessage for a customer's message).
   */
  message(action: 'create' | 'update', message: MessageDto, ticket: TicketDto): void {
    this.realtime.emitToRooms(ticket.companyId, this.roomsOf(ticket.companyId, ticket), 'appMessage', {
      action,
      message,
      ticket,
      contact: ticket.contact,
    });
  }

  contactUpdated(contact: ContactDto): void {
    this.realtime.emitCompany(contact.companyId, 'contact', { action: 'update', contact });
  }

  contactDeleted(companyId: CompanyId, contactId: number): void {
    this.realtime.emitCompany(companyId, 'contact', { action: 'delete', contactId });
  }
}
