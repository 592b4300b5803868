import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CreateTicketDto } from './dto/create-ticket.dto';
import { ListTicketsDto } from './dto/list-tickets.dto';
import { TicketPageDto } from './dto/ticket-page.dto';
import { TicketDto } from './dto/ticket.dto';
import { UpdateTicketDto } from './dto/update-ticket.dto';
import { TicketMarkDto, UpdateTicketMarkDto } from './dto/ticket-mark.dto';
import { TicketMarksService } from './ticket-marks.service';
import { TicketSearchService } from './ticket-search.service';
import { TicketTransitionsService } from './ticket-transitions.service';
import { TicketError } from './ticket.errors';
import { TicketsService } from './tickets.service';
import { IdPipe } from '../../common/http/ids';
import { Audit, AuditExempt } from '../../common/http/audit.decorator';
import { BulkResultDto, runBulk } from '../../common/http/bulk';
import { BulkTicketsDto } from './dto/bulk-tickets.dto';

const VISIBILITY =
  'A plain user sees the tickets of their own queues and the tickets assigned to them; `tickets-manager:showall` sees every ticket of the company.';

@ApiTags('tickets')
@AuditExempt('attendance: accepting, transferring and closing tickets (deleting one is audited)')
@Controller('tickets')
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly search: TicketSearchService,
    private readonly transitions: TicketTransitionsService,
    private readonly marks: TicketMarksService,
  ) {}

  @Get()
  @Endpoint({
    summary: 'List tickets for the ticket manager',
    description:
      `${VISIBILITY} The open list shows the caller's own tickets unless showAll (honoured with \`tickets-manager:showall\`, ` +
      'default on for them); pending, closed and search (no status) lists show every visible ticket. `searchParam` matches ' +
      'contact name, number digits and message words (prefix). Group tickets follow the settings groupsTab and CheckMsgIsGroup ' +
      'unless `isGroup` is given. 40 per page, most recently updated first; `counts` are the open and pending badges (with those two lists only). ' +
      '`count` is exact for the open, pending and unread lists only (see TicketPageDto).',
    permission: 'session:self',
    ok: TicketPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listTickets(@Ctx() ctx: RequestContext, @Query() query: ListTicketsDto): Promise<TicketPageDto> {
    return this.search.list(ctx, query);
  }

  @Get('groups')
  @Endpoint({
    summary: 'List group tickets (the groups tab)',
    description: 'Same parameters and rules as `GET /tickets`, group tickets only.',
    permission: 'session:self',
    ok: TicketPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listGroupTickets(@Ctx() ctx: RequestContext, @Query() query: ListTicketsDto): Promise<TicketPageDto> {
    return this.search.listGroups(ctx, query);
  }

  @Get('marks')
  @Endpoint({
    summary: "The caller's own marks on tickets: pinned (newest pin first) and marked unread",
    description: "Per user: nobody else sees them. Changes arrive on the socket as `ticketMark` to the user's own sockets.",
    permission: 'session:self',
    ok: [TicketMarkDto],
  })
  listTicketMarks(@Ctx() ctx: RequestContext): Promise<TicketMarkDto[]> {
    return this.marks.list(ctx);
  }

  @Put(':id/marks')
  @Endpoint({
    summary: 'Pin a ticket to the top of your lists, or mark it unread (your own marks)',
    description:
      'Only the fields sent change. A ticket you may see (the visibility rule of GET /tickets/{id}). Opening the conversation ' +
      '(GET /messages/{ticketId}) clears your unread mark.',
    permission: 'session:self',
    status: 200,
    ok: TicketMarkDto,
    errors: [CommonError.ERR_VALIDATION, TicketError.ERR_NO_TICKET_FOUND, TicketError.ERR_NO_PERMISSION],
  })
  updateTicketMark(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateTicketMarkDto): Promise<TicketMarkDto> {
    return this.marks.update(ctx, id, body);
  }

  @Get('u/:uuid')
  @Endpoint({
    summary: 'A ticket by its uuid (the /tickets/{uuid} screen)',
    description: `${VISIBILITY} Others get ERR_NO_PERMISSION, except for group tickets while groupsIsTeckets is enabled.`,
    permission: 'session:self',
    ok: TicketDto,
    errors: [TicketError.ERR_NO_TICKET_FOUND, TicketError.ERR_NO_PERMISSION],
  })
  getTicketByUuid(@Ctx() ctx: RequestContext, @Param('uuid') uuid: string): Promise<TicketDto> {
    return this.tickets.getByUuid(ctx, uuid);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A ticket',
    description: `${VISIBILITY} Others get ERR_NO_PERMISSION, except for group tickets while groupsIsTeckets is enabled.`,
    permission: 'session:self',
    ok: TicketDto,
    errors: [CommonError.ERR_VALIDATION, TicketError.ERR_NO_TICKET_FOUND, TicketError.ERR_NO_PERMISSION],
  })
  getTicket(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<TicketDto> {
    return this.tickets.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Open a ticket with a contact',
    description:
      'Creates an open ticket assigned to the caller (another `userId` needs `tickets-manager:showall`) and starts its attendance cycle. ' +
      "A queue is required unless the caller is an admin ('Selecione uma fila'); a plain user picks one of their queues. " +
      "The connection defaults to the caller's, then the company's default. ERR_OTHER_OPEN_TICKET when the contact already has an " +
      "open or pending ticket on that connection; its message names the ticket and who has it. Refused when the caller's createTicket is desabilitado.",
    permission: 'session:self',
    status: 201,
    ok: TicketDto,
    errors: [CommonError.ERR_VALIDATION, TicketError.ERR_NO_PERMISSION, TicketError.ERR_OTHER_OPEN_TICKET, TicketError.ERR_NO_DEF_WAPP_FOUND],
  })
  createTicket(@Ctx() ctx: RequestContext, @Body() body: CreateTicketDto): Promise<TicketDto> {
    return this.tickets.create(ctx, body);
  }

  @Post('bulk')
  @Endpoint({
    summary: "The ticket manager's bulk actions: close or transfer many tickets",
    description:
      "Each id goes through the single change (PUT /tickets/{id}) with the caller's rights, in turn: 'close' as status 'closed', " +
      "'transfer' as queueId with userId (open for that attendant) or without (pending in the queue). Each id's outcome is in " +
      "`results` with the code the single change answers: a ticket that is not visible to the caller or is not their company's " +
      'fails alone (ERR_NO_TICKET_FOUND) and is never touched; a refused change fails alone too. The usual realtime events follow ' +
      'each change. At most 100 ids.',
    permission: 'session:self',
    status: 200,
    ok: BulkResultDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  bulkTickets(@Ctx() ctx: RequestContext, @Body() body: BulkTicketsDto): Promise<BulkResultDto> {
    return runBulk(body.ids, (id) =>
      this.transitions.update(
        ctx,
        id,
        body.action === 'close' ? { status: 'closed' } : { queueId: body.queueId, userId: body.userId ?? null, status: body.userId ? 'open' : 'pending' },
      ),
    );
  }

  @Put(':id')
  @Endpoint({
    summary: 'Change a ticket: accept, return, close, reopen, transfer, or its integration fields',
    description:
      "pending->open (status 'open'): accept, the caller becomes the attendant (greeting when sendGreetingAccepted is enabled, not for groups); " +
      "open->pending (status 'pending'): return, no attendant; open|pending->closed: close, the caller as attendant, queue kept, " +
      'useIntegration false, integrationId and promptId null; closed->open: reopen, the caller, queue kept, a new attendance cycle; ' +
      'a different queueId (or connection, or attendant, with queueId): transfer, open for `userId` or pending without one ' +
      '(a notice when sendMsgTransfTicket is enabled). Of two attendants accepting at once, one wins; the other gets ERR_TICKET_ALREADY_ACCEPTED.',
    permission: 'session:self',
    ok: TicketDto,
    errors: [
      CommonError.ERR_VALIDATION,
      TicketError.ERR_NO_TICKET_FOUND,
      TicketError.ERR_NO_PERMISSION,
      TicketError.ERR_TICKET_ALREADY_ACCEPTED,
      TicketError.ERR_INVALID_TICKET_TRANSITION,
      TicketError.ERR_OTHER_OPEN_TICKET,
    ],
  })
  updateTicket(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateTicketDto): Promise<TicketDto> {
    return this.transitions.update(ctx, id, body);
  }

  @Delete(':id')
  @Audit({ target: 'ticket' })
  @Endpoint({
    summary: 'Delete a ticket with its messages',
    permission: 'ticket-options:deleteTicket',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, TicketError.ERR_NO_TICKET_FOUND],
  })
  deleteTicket(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.tickets.remove(ctx, id);
  }
}
