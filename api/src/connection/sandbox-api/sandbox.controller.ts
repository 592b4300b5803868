import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { ConnectionError } from '../connection.errors';
import { IdPipe } from '../../common/http/ids';
import { PhoneNumberPipe, SandboxService } from './sandbox.service';
import {
  SandboxCallDto,
  SandboxCallStateDto,
  SandboxInboxMessageDto,
  SandboxLinkDto,
  SandboxPlayDto,
  SandboxPresenceDto,
  SandboxPresenceSeenDto,
  SandboxReadDto,
  SandboxReadResultDto,
  SandboxSendDto,
  SandboxSentDto,
  SandboxWindowAgeDto,
  SandboxWindowDto,
} from './dto/sandbox.dto';
import { AuditExempt } from '../../common/http/audit.decorator';

/**
 * Drives the phones of the sandbox network: the demo's and the tests' stand-in for real customers.
 * Registered outside production only, for super users.
 */
@ApiTags('sandbox')
@AuditExempt('sandbox tooling: drives the simulated phone network, outside production')
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

  @Post('phones/:number/link')
  @Endpoint({
    summary:
      'The sandbox phone of this number types the pairing code a sandbox connection shows for it (Linked devices, Link with phone number): the connection connects (not in production)',
    permission: 'sandbox:drive',
    status: 204,
    errors: [ConnectionError.ERR_SANDBOX_WRONG_PAIRING_CODE, ConnectionError.ERR_SANDBOX_NO_PAIRING_CODE, CommonError.ERR_VALIDATION],
  })
  linkSandboxPhone(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxLinkDto): Promise<void> {
    return this.sandbox.link(number, body);
  }

  @Post('phones/:number/calls')
  @Endpoint({
    summary:
      "A sandbox phone calls a connection (voice or video); answered once the connection decided: rejected (the company's setting `call` disabled, with an automatic message to the phone) or ringing (not in production)",
    permission: 'sandbox:drive',
    status: 201,
    ok: SandboxCallStateDto,
    errors: [
      ConnectionError.ERR_NO_WAPP_FOUND,
      ConnectionError.ERR_SANDBOX_NOT_A_SANDBOX,
      ConnectionError.ERR_WAPP_NOT_INITIALIZED,
      ConnectionError.ERR_NOT_ON_OFFICIAL,
      CommonError.ERR_VALIDATION,
    ],
  })
  callFromSandboxPhone(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxCallDto): Promise<SandboxCallStateDto> {
    return this.sandbox.call(number, body);
  }

  @Get('phones/:number/calls')
  @Endpoint({
    summary: 'The calls a sandbox phone placed, newest first, as the phone sees them (not in production)',
    permission: 'sandbox:drive',
    ok: [SandboxCallStateDto],
  })
  getSandboxPhoneCalls(@Param('number', PhoneNumberPipe) number: string): SandboxCallStateDto[] {
    return this.sandbox.calls(number);
  }

  @Post('phones/:number/messages')
  @Endpoint({
    summary: 'A sandbox phone sends a message to a connection; answered once the message is stored (not in production)',
    permission: 'sandbox:drive',
    status: 201,
    ok: SandboxSentDto,
    errors: [
      ConnectionError.ERR_NO_WAPP_FOUND,
      ConnectionError.ERR_SANDBOX_NOT_A_SANDBOX,
      ConnectionError.ERR_WAPP_NOT_INITIALIZED,
      ConnectionError.ERR_INBOUND_NOT_STORED,
      ConnectionError.ERR_NOT_ON_OFFICIAL,
      CommonError.ERR_VALIDATION,
    ],
  })
  sendFromSandboxPhone(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxSendDto): Promise<SandboxSentDto> {
    return this.sandbox.send(number, body);
  }

  @Post('phones/:number/presence')
  @Endpoint({
    summary:
      "A sandbox phone types, records audio, comes online or leaves in its chat with a connection: the attendants' chat header shows it (not in production)",
    permission: 'sandbox:drive',
    status: 204,
    errors: [
      ConnectionError.ERR_NO_WAPP_FOUND,
      ConnectionError.ERR_SANDBOX_NOT_A_SANDBOX,
      ConnectionError.ERR_WAPP_NOT_INITIALIZED,
      CommonError.ERR_VALIDATION,
    ],
  })
  sendSandboxPhonePresence(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxPresenceDto): Promise<void> {
    return this.sandbox.presence(number, body);
  }

  @Get('phones/:number/presence')
  @Endpoint({
    summary: 'What the connections last showed a sandbox phone: typing, recording, online (not in production)',
    permission: 'sandbox:drive',
    ok: [SandboxPresenceSeenDto],
  })
  getSandboxPhonePresence(@Param('number', PhoneNumberPipe) number: string): SandboxPresenceSeenDto[] {
    return this.sandbox.presenceSeen(number);
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
  readSandboxInbox(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxReadDto): Promise<SandboxReadResultDto> {
    return this.sandbox.read(number, body.whatsappId);
  }

  @Post('phones/:number/play')
  @Endpoint({ summary: 'A sandbox phone plays an audio message: ack 5 (not in production)', permission: 'sandbox:drive', status: 204 })
  playSandboxMessage(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxPlayDto): Promise<void> {
    return this.sandbox.play(number, body.providerId);
  }

  @Post('phones/:number/window/expire')
  @Endpoint({
    summary:
      "Ages a sandbox phone's 24-hour window with an official sandbox connection (sandbox_cloud) by `hours` (default 24: it closes), in the sandbox network and in the platform's record, so a demo or a test shows a closed window (not in production)",
    permission: 'sandbox:drive',
    status: 200,
    ok: SandboxWindowDto,
    errors: [ConnectionError.ERR_NO_WAPP_FOUND, ConnectionError.ERR_SANDBOX_NOT_A_SANDBOX, ConnectionError.ERR_NOT_OFFICIAL, CommonError.ERR_VALIDATION],
  })
  expireSandboxPhoneWindow(@Param('number', PhoneNumberPipe) number: string, @Body() body: SandboxWindowAgeDto): Promise<SandboxWindowDto> {
    return this.sandbox.ageWindow(number, body);
  }
}
