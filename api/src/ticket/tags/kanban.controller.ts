import { Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { TagError } from './tag.errors';
import { ListKanbanTicketsDto } from './dto/tag.dto';
import { KanbanTicketsDto } from './dto/kanban.dto';
import { TicketDto } from '../tickets/dto/ticket.dto';
import { KANBAN_MAX_TICKETS, KanbanService } from './kanban.service';
import { IdPipe } from '../../common/http/ids';
import { AuditExempt } from '../../common/http/audit.decorator';

const TICKET_ACCESS = "The ticket must be the company's and visible to the caller; sockets that see the ticket get a ticket update.";

@ApiTags('kanban')
@AuditExempt('attendance: moving a ticket between kanban lanes')
@Controller('ticket-tags')
export class TicketTagsController {
  constructor(private readonly kanban: KanbanService) {}

  @Put(':ticketId/:tagId')
  @Endpoint({
    summary: 'Add a tag to a ticket (a kanban move: the new lane)',
    description: `${TICKET_ACCESS} Adding a link that exists changes nothing.`,
    permission: 'session:self',
    feature: 'useKanban',
    ok: TicketDto,
    errors: [CommonError.ERR_VALIDATION, TagError.ERR_NO_TICKET_FOUND, TagError.ERR_TAG_NOT_FOUND],
  })
  addTicketTag(@Ctx() ctx: RequestContext, @Param('ticketId', IdPipe) ticketId: number, @Param('tagId', IdPipe) tagId: number): Promise<TicketDto> {
    return this.kanban.add(ctx, ticketId, tagId);
  }

  @Delete(':ticketId')
  @Endpoint({
    summary: 'Take a ticket out of its kanban lane: remove its kanban tags',
    description:
      `${TICKET_ACCESS} Removes the links to every tag with kanban = 1 (the ticket's lane); other tags stay. ` +
      "A card moved to another lane is then given the new lane's tag with PUT /ticket-tags/{ticketId}/{tagId}; " +
      "a card moved to 'Em aberto' stops here.",
    permission: 'session:self',
    feature: 'useKanban',
    ok: TicketDto,
    errors: [CommonError.ERR_VALIDATION, TagError.ERR_NO_TICKET_FOUND],
  })
  removeTicketTags(@Ctx() ctx: RequestContext, @Param('ticketId', IdPipe) ticketId: number): Promise<TicketDto> {
    return this.kanban.removeKanbanTags(ctx, ticketId);
  }
}

@ApiTags('kanban')
@Controller('ticket/kanban')
export class KanbanController {
  constructor(private readonly kanban: KanbanService) {}

  @Get()
  @Endpoint({
    summary: 'Open and pending tickets for the kanban board, with contact, last message and tags',
    description:
      "Plain users get the tickets of their own queues (queueIds narrows them); managers (tickets-manager:showall) get every queue's. " +
      `The ${KANBAN_MAX_TICKETS} most recently updated at most, as \`{ tickets }\`.`,
    permission: 'session:self',
    feature: 'useKanban',
    ok: KanbanTicketsDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listKanbanTickets(@Ctx() ctx: RequestContext, @Query() query: ListKanbanTicketsDto): Promise<KanbanTicketsDto> {
    return this.kanban.listKanbanTickets(ctx, query);
  }
}
