import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../auth/users/user.entity';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { TicketAccessService } from '../tickets/ticket-access.service';
import { TicketNoteError } from './ticket-note.errors';
import { Contact } from '../contacts/contact.entity';
import { CreateTicketNoteDto, ListTicketNotesDto, mapTicketNote, TicketNoteDto } from './dto/ticket-note.dto';
import { TicketNote } from './ticket-note.entity';
import { Ticket } from '../tickets/ticket.entity';
import { isId } from '../../common/http/ids';

/** Notes attendants keep on a ticket about its contact. */
@Injectable()
export class TicketNotesService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: TicketAccessService,
  ) {}

  async create(ctx: RequestContext, dto: CreateTicketNoteDto): Promise<TicketNoteDto> {
    const ticket = await this.findTicket(ctx, dto.ticketId);
    const contact = await this.em.findOne(Contact, { id: dto.contactId, companyId: ctx.companyId });
    if (!contact) throw new AppError(TicketNoteError.ERR_NO_CONTACT_FOUND);
    if (ticket.contact.id !== contact.id) {
      throw validationError([{ field: 'contactId', messages: ["Not the ticket's contact"] }]);
    }
    const note = this.em.create(TicketNote, {
      companyId: ctx.companyId,
      note: dto.note,
      ticket,
      contact,
      user: this.em.getReference(User, ctx.userId),
    });
    await this.em.flush();
    await this.em.populate(note, ['user']);
    return mapTicketNote(note);
  }

  /** Newest first. */
  async list(ctx: RequestContext, query: ListTicketNotesDto): Promise<TicketNoteDto[]> {
    const ticket = await this.findTicket(ctx, query.ticketId);
    const notes = await this.em.find(
      TicketNote,
      { companyId: ctx.companyId, ticket: ticket.id, ...(query.contactId ? { contact: query.contactId } : {}) },
      { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return notes.map(mapTicketNote);
  }

  /** Its author or an admin. */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    const note = isId(id) ? await this.em.findOne(TicketNote, { id, companyId: ctx.companyId }) : null;
    if (!note) throw new AppError(TicketNoteError.ERR_TICKET_NOTE_NOT_FOUND);
    if (note.user?.id !== ctx.userId && ctx.profile !== 'admin') {
      throw new AppError(CommonError.ERR_NO_PERMISSION, 'Only the author or an admin can delete a note');
    }
    await this.em.nativeDelete(TicketNote, { id: note.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(note);
  }

  /** The company's ticket, visible to the caller. */
  private async findTicket(ctx: RequestContext, id: number): Promise<Ticket> {
    const ticket = isId(id) ? await this.em.findOne(Ticket, { id, companyId: ctx.companyId }) : null;
    if (!ticket) throw new AppError(TicketNoteError.ERR_NO_TICKET_FOUND);
    await this.access.assertCanSee(ctx, ticket);
    return ticket;
  }
}
