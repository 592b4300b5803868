import { Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { ConnectionError } from '../connection.errors';
import { ListMessageTemplatesDto, MessageTemplateDto } from './dto/message-template.dto';
import { MessageTemplatesService } from './message-templates.service';
import { Audit } from '../../common/http/audit.decorator';

@ApiTags('connections')
@Controller('whatsapp/:whatsappId/templates')
export class MessageTemplatesController {
  constructor(private readonly templates: MessageTemplatesService) {}

  @Get()
  @Endpoint({
    summary: "An official connection's message templates, as last synced",
    description: 'Every status unless `status` is given (APPROVED: those that can be sent). Any user of the company: the composer offers them.',
    permission: 'session:self',
    ok: [MessageTemplateDto],
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND],
  })
  listMessageTemplates(
    @Ctx() ctx: RequestContext,
    @Param('whatsappId', IdPipe) whatsappId: number,
    @Query() query: ListMessageTemplatesDto,
  ): Promise<MessageTemplateDto[]> {
    return this.templates.list(ctx, whatsappId, query);
  }

  @Post('sync')
  @Audit({ target: 'connection', action: 'sync-templates' })
  @Endpoint({
    summary: "Sync an official connection's message templates from its business account",
    description: "Replaces the stored templates with the provider's list (all statuses) and answers them.",
    permission: 'connections:manage',
    status: 200,
    ok: [MessageTemplateDto],
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND, ConnectionError.ERR_NOT_OFFICIAL, ConnectionError.ERR_WAPP_NOT_INITIALIZED],
  })
  syncMessageTemplates(@Ctx() ctx: RequestContext, @Param('whatsappId', IdPipe) whatsappId: number): Promise<MessageTemplateDto[]> {
    return this.templates.sync(ctx, whatsappId);
  }
}
