import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ConnectionError } from '../connection.errors';
import { CreatedWhatsappDto, ListWhatsappsDto, WhatsappDto } from './dto/whatsapp.dto';
import { CreateWhatsappDto, UpdateWhatsappDto, WhatsappTokenDto } from './dto/save-whatsapp.dto';
import { CommonError } from '../../common/http/errors';
import { PlanError } from '../../tenant/plans/plan.errors';
import { WhatsappService } from './whatsapp.service';
import { IdPipe } from '../../common/http/ids';
import { Audit } from '../../common/http/audit.decorator';

@ApiTags('connections')
@Audit({ target: 'connection' })
@Controller('whatsapp')
export class WhatsappController {
  constructor(private readonly whatsapps: WhatsappService) {}

  @Get()
  @Endpoint({ summary: "The company's connections, with status and QR code", permission: 'session:self', ok: [WhatsappDto] })
  listWhatsapps(@Ctx() ctx: RequestContext, @Query() _query: ListWhatsappsDto): Promise<WhatsappDto[]> {
    return this.whatsapps.list(ctx);
  }

  @Get(':id')
  @Endpoint({
    summary: 'One connection, including its current QR code',
    permission: 'session:self',
    ok: WhatsappDto,
    errors: [ConnectionError.ERR_NO_WAPP_FOUND],
  })
  getWhatsapp(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<WhatsappDto> {
    return this.whatsapps.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Add a connection',
    description:
      "Every field of the connection modal. The company's first connection is its default. Limited by the plan's connections. The answer carries the send-message API token this once (only its hash is kept). The session starts at once: watch `company-{id}-whatsappSession` for the QR code.",
    permission: 'connections-page:addConnection',
    status: 201,
    ok: CreatedWhatsappDto,
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_WAPP_NAME_ALREADY_EXISTS, PlanError.ERR_PLAN_LIMIT_REACHED],
  })
  createWhatsapp(@Ctx() ctx: RequestContext, @Body() body: CreateWhatsappDto): Promise<CreatedWhatsappDto> {
    return this.whatsapps.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a connection',
    description:
      'Only the fields sent change. `isDefault: true` makes it the default (the old default loses the flag); the default cannot be switched off, only handed to another connection (ERR_NO_OTHER_WHATSAPP). The provider cannot change.',
    permission: 'connections-page:editOrDeleteConnection',
    ok: WhatsappDto,
    errors: [
      CommonError.ERR_VALIDATION,
      ConnectionError.ERR_NO_WAPP_FOUND,
      ConnectionError.ERR_WAPP_NAME_ALREADY_EXISTS,
      ConnectionError.ERR_NO_OTHER_WHATSAPP,
    ],
  })
  updateWhatsapp(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateWhatsappDto): Promise<WhatsappDto> {
    return this.whatsapps.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a connection',
    description:
      "Logs its session out of the phone and forgets its login. Its tickets and messages stay (without a connection); users lose it as their default connection; when it was the company's default, the oldest remaining connection becomes the default.",
    permission: 'connections-page:editOrDeleteConnection',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND],
  })
  deleteWhatsapp(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.whatsapps.remove(ctx, id);
  }

  @Post(':id/token')
  @Endpoint({
    summary: 'A new send-message API token for the connection',
    description: 'The old token stops working at once. The new one is in this answer only: only its hash is kept.',
    permission: 'connections-page:editOrDeleteConnection',
    status: 201,
    ok: WhatsappTokenDto,
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND],
  })
  rotateWhatsappToken(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<WhatsappTokenDto> {
    return this.whatsapps.rotateToken(ctx, id);
  }

  @Delete(':id/token')
  @Endpoint({
    summary: "Turn off the connection's send-message API token",
    permission: 'connections-page:editOrDeleteConnection',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND],
  })
  revokeWhatsappToken(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.whatsapps.revokeToken(ctx, id);
  }
}
