import { Controller, Get, Headers, Param, Post, Query, Req, Res, type RawBodyRequest } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuditExempt } from '../../common/http/audit.decorator';
import type { Request, Response } from 'express';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CloudWebhookAckDto } from './dto/cloud-webhook.dto';
import { CloudWebhookError } from './cloud-webhook.errors';
import { CloudWebhookService } from './cloud-webhook.service';

const { ERR_WEBHOOK_VERIFY_TOKEN, ERR_WEBHOOK_SIGNATURE, ERR_INBOUND_NOT_STORED, ERR_BAD_REQUEST } = CloudWebhookError;

/** Meta's webhook of an official (Cloud API) connection: the URL an admin pastes in the Meta app's settings. */
@ApiTags('whatsapp-cloud')
@AuditExempt("official API webhook: Meta's deliveries of customers' messages and statuses, stored as messages, not an administrative change")
@Controller('whatsapp-cloud/:whatsappId/webhook')
export class CloudWebhookController {
  constructor(private readonly webhook: CloudWebhookService) {}

  @Get()
  @ApiProduces('text/plain')
  @ApiResponse({ status: 200, description: 'The challenge, as Meta sent it', schema: { type: 'string', example: '1158201444' } })
  @Endpoint({
    summary: "Meta's webhook verification for an official connection",
    description:
      'Meta calls it with `hub.mode=subscribe`, `hub.verify_token` and `hub.challenge` when the callback URL is saved; answered 200 with the ' +
      "challenge as plain text when the token is the connection's verify token (compared in constant time), else 403.",
    public: true,
    status: 200,
    errors: [ERR_WEBHOOK_VERIFY_TOKEN],
  })
  async verifyCloudWebhook(
    @Param('whatsappId') whatsappId: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const challenge = await this.webhook.challenge(Number(whatsappId), query['hub.mode'], query['hub.verify_token'], query['hub.challenge']);
    // Plain text, as Meta reads it; only the challenge's answer (a refusal is the usual JSON error).
    res.type('text/plain').setHeader('Cache-Control', 'no-store');
    return challenge;
  }

  @Post()
  @Endpoint({
    summary: "Meta's webhook deliveries for an official connection (messages, statuses, quality)",
    description:
      "Verified by `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the connection's app secret, constant-time), else 401 and nothing is read. " +
      'Answered 200 only once every message of the delivery is committed (a redelivered message is stored once); 503 ERR_INBOUND_NOT_STORED when ' +
      'one could not be, and Meta delivers it again. Media are fetched from the Graph API by id.',
    public: true,
    status: 200,
    ok: CloudWebhookAckDto,
    errors: [ERR_WEBHOOK_SIGNATURE, ERR_INBOUND_NOT_STORED, ERR_BAD_REQUEST],
  })
  async receiveCloudWebhook(
    @Param('whatsappId') whatsappId: string,
    @Headers('x-hub-signature-256') signature: unknown,
    @Req() req: RawBodyRequest<Request>,
  ): Promise<CloudWebhookAckDto> {
    await this.webhook.deliver(Number(whatsappId), signature, req.rawBody);
    return { ok: true };
  }
}
