import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { AuditExempt } from '../../common/http/audit.decorator';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ConnectionError } from '../../connection/connection.errors';
import { MessageDto } from '../messages/dto/message.dto';
import { MessageError } from '../messages/message.errors';
import { CustomerWindowDto, SendTemplateDto } from './dto/customer-window.dto';
import { OfficialMessagesService } from './official-messages.service';

@ApiTags('messages')
@AuditExempt('attendance: sending messages')
@Controller('messages')
export class OfficialMessagesController {
  constructor(private readonly official: OfficialMessagesService) {}

  @Get(':id/window')
  @ApiParam({ name: 'id', description: "The ticket's id" })
  @Endpoint({
    summary: "The customer's 24-hour window on the ticket's connection",
    description:
      "On an official API connection free messages go out only within 24 hours of the customer's last message; outside it, only approved templates (POST /messages/{ticketId}/template). A QR-code connection answers official false, open true.",
    permission: 'session:self',
    ok: CustomerWindowDto,
    errors: [MessageError.ERR_NO_TICKET_FOUND, CommonError.ERR_NO_PERMISSION, CommonError.ERR_VALIDATION],
  })
  getCustomerWindow(@Ctx() ctx: RequestContext, @Param('id', IdPipe) ticketId: number): Promise<CustomerWindowDto> {
    return this.official.window(ctx, ticketId);
  }

  @Post(':id/template')
  @ApiParam({ name: 'id', description: "The ticket's id" })
  @Endpoint({
    summary: 'Send an approved template on an open ticket of an official connection',
    description:
      "Allowed in or out of the customer's window. The params fill the template's variables in order, each with the platform's placeholders filled ({{name}}, ...); the message is stored with the rendered text and dataJson.template, and sent like any other.",
    permission: 'session:self',
    status: 201,
    ok: MessageDto,
    errors: [
      MessageError.ERR_NO_TICKET_FOUND,
      MessageError.ERR_TICKET_NOT_OPEN,
      ConnectionError.ERR_NOT_OFFICIAL,
      ConnectionError.ERR_TEMPLATE_NOT_FOUND,
      CommonError.ERR_VALIDATION,
    ],
  })
  sendTemplate(@Ctx() ctx: RequestContext, @Param('id', IdPipe) ticketId: number, @Body() body: SendTemplateDto): Promise<MessageDto> {
    return this.official.sendTemplate(ctx, ticketId, body);
  }
}
