import type { CompanyId } from '../../common/company-id';
import { Injectable } from '@nestjs/common';
import { allTicketsRoom, queueRoom, RealtimeService, userRoom } from '../../realtime/realtime.service';
import type { ContactDto } from '../contacts/dto/contact.dto';
import type { MessageDto } from '../messages/dto/message.dto';
import type { TicketDto } from './dto/ticket.dto';

/** Where a ticket was visible before a change, to tell sockets that lost sight of it. */
export interface TicketPlacement {
  queueId: number | null;
  userId: number | null;
}

/**
 * Ticket and message events reach only the sockets allowed to see the ticket: managers (showall), the users
 * of its queue, and its assignee. Everything goes out after the transaction that made the change committed.
 */
@Injectable()
export class TicketEventsService {
  constructor(private readonly realtime: RealtimeService) {}

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
    }
  }

  unreadReset(ticket: TicketDto): void {
    this.realtime.emitToRooms(ticket.companyId, this.roomsOf(ticket.companyId, ticket), 'ticket', { action: 'updateUnread', ticketId: ticket.id });
  }

  ticketDeleted(companyId: CompanyId, ticketId: number, placement: TicketPlacement): void {
    this.realtime.emitToRooms(companyId, this.roomsOf(companyId, placement), 'ticket', { action: 'delete', ticketId });
  }

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
