import { Body, Controller, Delete, Get, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { NotificationQueuedDto, PushPublicKeyDto, PushSubscriptionDto, SendNotificationDto, SubscribePushDto, UnsubscribePushQueryDto } from './dto/push.dto';
import { PushError } from './push.errors';
import { PushService } from './push.service';
import { AuditExempt } from '../../common/http/audit.decorator';

@ApiTags('push')
@AuditExempt("the caller's own devices' push subscriptions")
@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @Get('subscribe/public-key')
  @Endpoint({
    summary: "The VAPID public key: the browser's applicationServerKey",
    description: 'The same key for the life of the deployment (made once and kept, or VAPID_PUBLIC_KEY).',
    permission: 'session:self',
    ok: PushPublicKeyDto,
  })
  getPushPublicKey(): Promise<PushPublicKeyDto> {
    return this.push.publicKey();
  }

  @Post('subscribe')
  @Endpoint({
    summary: "Register this browser's push subscription for the caller",
    description:
      'The subscriber is the caller: a body userId of someone else is 403. One subscription per user and browserId (a new one replaces it); an endpoint another user held moves to the caller. The endpoint must be an https URL of a push service; one that reaches a local, private or reserved address is 400 ERR_OUTBOUND_URL_FORBIDDEN.',
    permission: 'session:self',
    status: 201,
    ok: PushSubscriptionDto,
    errors: [PushError.ERR_VALIDATION, PushError.ERR_NO_PERMISSION, PushError.ERR_OUTBOUND_URL_FORBIDDEN],
  })
  subscribePush(@Ctx() ctx: RequestContext, @Body() body: SubscribePushDto, @Req() req: Request): Promise<PushSubscriptionDto> {
    // The User-Agent only labels the subscription (which browser it is); it is not a documented parameter.
    return this.push.subscribe(ctx, body, req.headers['user-agent']);
  }

  @Delete('subscribe/:userId')
  @Endpoint({
    summary: "Remove the caller's push subscriptions (this browser's with ?browserId=)",
    description: "userId must be the caller's own (403 otherwise, whoever it names).",
    permission: 'session:self',
    status: 204,
    errors: [PushError.ERR_VALIDATION, PushError.ERR_NO_PERMISSION],
  })
  unsubscribePush(@Ctx() ctx: RequestContext, @Param('userId', IdPipe) userId: number, @Query() query: UnsubscribePushQueryDto): Promise<void> {
    return this.push.unsubscribe(ctx, userId, query.browserId);
  }

  @Post('notifications')
  @Endpoint({
    summary: 'Send a push notification to a user',
    description:
      "To the caller themself, or (users:write, admins) to any user of the caller's company; another company's user is 404. Queued for each of the user's subscriptions; the answer says how many.",
    permission: 'session:self',
    status: 201,
    ok: NotificationQueuedDto,
    errors: [PushError.ERR_VALIDATION, PushError.ERR_NO_PERMISSION, PushError.ERR_NO_USER_FOUND],
  })
  sendNotification(@Ctx() ctx: RequestContext, @Body() body: SendNotificationDto): Promise<NotificationQueuedDto> {
    return this.push.send(ctx, body);
  }
}
