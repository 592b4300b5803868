import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { TicketError } from '../tickets/ticket.errors';
import { ChatPresenceService } from './chat-presence.service';
import { SendChatPresenceDto } from './dto/chat-presence.dto';
import { AuditExempt } from '../../common/http/audit.decorator';

@ApiTags('tickets')
@AuditExempt('attendance: typing and recording presence')
@Controller('tickets')
export class ChatPresenceController {
  constructor(private readonly presence: ChatPresenceService) {}

  @Post(':id/presence')
  @Endpoint({
    summary: 'Show the contact that you are typing or recording (WhatsApp presence)',
    description:
      'Best effort: sent through the connection in the background (Baileys sendPresenceUpdate; a sandbox phone sees it at GET ' +
      '/sandbox/phones/{number}/presence); the same state for the same ticket goes out at most every 4 s; nothing for groups or ' +
      'closed tickets. The ticket must be visible to the caller.',
    permission: 'session:self',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, TicketError.ERR_NO_TICKET_FOUND, CommonError.ERR_NO_PERMISSION],
  })
  sendChatPresence(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: SendChatPresenceDto): Promise<void> {
    return this.presence.send(ctx, id, body.presence);
  }
}
