import { Body, Controller, Delete, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ConnectionError } from '../connection.errors';
import { WhatsappDto } from '../whatsapps/dto/whatsapp.dto';
import { StartSessionDto } from './dto/start-session.dto';
import { WhatsappSessionService } from './whatsapp-session.service';
import { Audit } from '../../common/http/audit.decorator';

/**
 * A connection's WhatsApp session (administration §2, the connections page's status buttons). The new status
 * arrives on `company-{id}-whatsappSession` (OPENING, then qrcode with the QR code or PAIRING with the pairing
 * code, then CONNECTED); the answer is the connection as it is when the command was taken.
 */
@ApiTags('connections')
@Audit({ target: 'connection-session' })
@Controller('whatsappsession')
export class WhatsappSessionController {
  constructor(private readonly sessions: WhatsappSessionService) {}

  @Post(':id')
  @Endpoint({
    summary: "Start the connection's session, or try again",
    description:
      'Resumes the stored login when there is one (no QR code needed), else shows a QR code, or a pairing code when `pairingNumber` is given. A connected session is left as it is. An official API connection (`cloud`, `sandbox_cloud`) connects with its credentials: a `pairingNumber` for it is refused (409 ERR_NOT_ON_OFFICIAL).',
    permission: 'connections:manage',
    status: 200,
    ok: WhatsappDto,
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND, ConnectionError.ERR_PROVIDER_UNAVAILABLE, ConnectionError.ERR_NOT_ON_OFFICIAL],
  })
  startSession(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: StartSessionDto): Promise<WhatsappDto> {
    return this.sessions.start(ctx, id, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Log in again with a new QR code (or pairing code)',
    description:
      'Ends the session, forgets its stored login and starts a new one: the phone must scan the new QR code (or type the pairing code). An official API connection has no QR code: it reconnects with its saved credentials (a `pairingNumber` is refused, 409 ERR_NOT_ON_OFFICIAL).',
    permission: 'connections:manage',
    ok: WhatsappDto,
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND, ConnectionError.ERR_PROVIDER_UNAVAILABLE, ConnectionError.ERR_NOT_ON_OFFICIAL],
  })
  newQrCode(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: StartSessionDto): Promise<WhatsappDto> {
    return this.sessions.renew(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Disconnect the connection',
    description:
      'Logs the device out of the phone and forgets the stored login; status becomes DISCONNECTED and no worker starts it again until started here. Messages waiting to be sent wait for the next connection.',
    permission: 'connections:manage',
    ok: WhatsappDto,
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND],
  })
  disconnect(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<WhatsappDto> {
    return this.sessions.disconnect(ctx, id);
  }
}
