import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { TicketNoteError } from './ticket-note.errors';
import { CreateTicketNoteDto, ListTicketNotesDto, TicketNoteDto } from './dto/ticket-note.dto';
import { TicketNotesService } from './ticket-notes.service';
import { IdPipe } from '../../common/http/ids';
import { AuditExempt } from '../../common/http/audit.decorator';

const ACCESS = "The ticket must be the company's and visible to the caller (its queue's users, its assignee, managers).";

@ApiTags('ticket-notes')
@AuditExempt('attendance: notes on a ticket')
@Controller('ticket-notes')
export class TicketNotesController {
  constructor(private readonly notes: TicketNotesService) {}

  @Get('list')
  @Endpoint({
    summary: "A ticket's notes, newest first",
    description: ACCESS,
    permission: 'session:self',
    ok: [TicketNoteDto],
    errors: [CommonError.ERR_VALIDATION, TicketNoteError.ERR_NO_TICKET_FOUND],
  })
  listTicketNotes(@Ctx() ctx: RequestContext, @Query() query: ListTicketNotesDto): Promise<TicketNoteDto[]> {
    return this.notes.list(ctx, query);
  }

  @Post()
  @Endpoint({
    summary: 'Add a note to a ticket',
    description: `${ACCESS} The contact must be the ticket's contact; the caller is the author.`,
    permission: 'session:self',
    status: 201,
    ok: TicketNoteDto,
    errors: [CommonError.ERR_VALIDATION, TicketNoteError.ERR_NO_TICKET_FOUND, TicketNoteError.ERR_NO_CONTACT_FOUND],
  })
  createTicketNote(@Ctx() ctx: RequestContext, @Body() body: CreateTicketNoteDto): Promise<TicketNoteDto> {
    return this.notes.create(ctx, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a note',
    description: 'Only its author or an admin.',
    permission: 'session:self',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, TicketNoteError.ERR_TICKET_NOTE_NOT_FOUND],
  })
  deleteTicketNote(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.notes.remove(ctx, id);
  }
}
