import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.decorator';
import { CommonError } from '../../common/errors';
import { ConnectionError } from '../connection.errors';
import { IdPipe } from '../../common/ids';
import { PhoneNumberPipe, SandboxService } from './sandbox.service';
import { SandboxInboxMessageDto, SandboxPlayDto, SandboxReadDto, SandboxReadResultDto, SandboxSendDto, SandboxSentDto } from './dto/sandbox.dto';

/**
 * Drives the phones of the sandbox network: the demo's and the tests' stand-in for real customers.
 * Registered outside production only, for super users.
 */
@ApiTags('sandbox')
@Controller('sandbox')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @Post('connections/:whatsappId/scan')
  @Endpoint({
    summary: 'A sandbox phone scans the QR code a sandbox connection shows: it connects (not in production; SANDBOX_SCAN=manual, else the code scans itself)',
    permission: 'sandbox:drive',
    status: 204,
    errors: [ConnectionError.ERR_NO_WAPP_FOUND, ConnectionError.ERR_SANDBOX_NOT_A_SANDBOX, ConnectionError.ERR_SANDBOX_NO_QR_CODE],
  })
  scanSandboxQrCode(@Param('whatsappId', IdPipe) whatsappId: number): Promise<void> {
    return this.sandbox.scan(whatsappId);
  }

  @Post('phones/:number/messages')
  @Endpoint({
    summary: 'A sandbox phone sends a message to a connection (not in production)',
    permission: 'sandbox:drive',
    status: 201,
    ok: SandboxSentDto,
    errors: [
      ConnectionError.ERR_NO_WAPP_FOUND,
      ConnectionError.ERR_SANDBOX_NOT_A_SANDBOX,
      ConnectionError.ERR_WAPP_NOT_INITIALIZED,
      CommonError.ERR_VALIDATION,
    ],
  })
  sendFromSandboxPhone(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxSendDto): Promise<SandboxSentDto> {
    return this.sandbox.send(number, body);
  }

  @Get('phones/:number/inbox')
  @Endpoint({ summary: 'What a sandbox phone received (not in production)', permission: 'sandbox:drive', ok: [SandboxInboxMessageDto] })
  getSandboxInbox(@Param('number', PhoneNumberPipe) number: string): SandboxInboxMessageDto[] {
    return this.sandbox.inbox(number);
  }

  @Post('phones/:number/read')
  @Endpoint({
    summary: 'A sandbox phone reads its chat: acks move to read (not in production)',
    permission: 'sandbox:drive',
    status: 200,
    ok: SandboxReadResultDto,
  })
  readSandboxInbox(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxReadDto): SandboxReadResultDto {
    return this.sandbox.read(number, body.whatsappId);
  }

  @Post('phones/:number/play')
  @Endpoint({ summary: 'A sandbox phone plays an audio message: ack 5 (not in production)', permission: 'sandbox:drive', status: 204 })
  playSandboxMessage(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxPlayDto): void {
    this.sandbox.play(number, body.providerId);
  }
}
