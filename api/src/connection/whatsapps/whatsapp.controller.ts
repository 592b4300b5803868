import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.decorator';
import { Ctx, RequestContext } from '../../common/request-context';
import { ConnectionError } from '../connection.errors';
import { ListWhatsappsDto, WhatsappDto } from './dto/whatsapp.dto';
import { WhatsappService } from './whatsapp.service';
import { IdPipe } from '../../common/ids';

@ApiTags('connections')
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
}
