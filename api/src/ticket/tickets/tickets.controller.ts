import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.decorator';
import { CommonError } from '../../common/errors';
import { Ctx, RequestContext } from '../../common/request-context';
import { CreateTicketDto } from './dto/create-ticket.dto';
import { ListTicketsDto } from './dto/list-tickets.dto';
import { TicketPageDto } from './dto/ticket-page.dto';
import { TicketDto } from './dto/ticket.dto';
import { UpdateTicketDto } from './dto/update-ticket.dto';
import { TicketSearchService } from './ticket-search.service';
import { TicketTransitionsService } from './ticket-transitions.service';
import { TicketError } from './ticket.errors';
import { TicketsService } from './tickets.service';
import { IdPipe } from '../../common/ids';

const VISIBILITY =
  'A plain user sees the tickets of their own queues and the tickets assigned to them; `tickets-manager:showall` sees every ticket of the company.';

@ApiTags('tickets')
@Controller('tickets')
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly search: TicketSearchService,
    private readonly transitions: TicketTransitionsService,
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
