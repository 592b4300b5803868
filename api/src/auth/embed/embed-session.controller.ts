import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { RateLimited } from '../../common/http/rate-limit';
import { AuditExempt } from '../../common/http/audit.decorator';
import { CreateEmbedSessionDto, EmbedSessionDto } from './dto/embed-session.dto';
import { EmbedError } from './embed.errors';
import { EmbedSessionService } from './embed-session.service';

@ApiTags('auth')
@AuditExempt('a sign-in: the exchange of a partner token for an embed session')
@Controller('auth/embed')
export class EmbedSessionController {
  constructor(private readonly embed: EmbedSessionService) {}

  @Post('session')
  @RateLimited('login')
  @Endpoint({
    summary: "Exchange a partner's token for an embed session",
    description:
      "For widgets on a partner's page. The partner's server signs a short-lived token (JWT HS256 with an embed key's secret, `kid` = keyId, " +
      "`aud: 'atende-embed'`, `iat`, `exp` at most 300 s later, a single-use `jti`, and `email` or `externalId` of a user of the company); " +
      "the page's `Origin` must be one of the key's allowedOrigins. Answers an access token of an embed session, with no cookie: when a call " +
      "answers 401, ask the partner for a new token. An embed session does not end the user's console session, and a console login does not end it; " +
      'revoking the key, deleting the user, its own logout or its expiry do.',
    public: true,
    status: 200,
    ok: EmbedSessionDto,
    errors: [
      EmbedError.ERR_EMBED_TOKEN_INVALID,
      EmbedError.ERR_EMBED_TOKEN_REUSED,
      EmbedError.ERR_EMBED_USER_UNKNOWN,
      EmbedError.ERR_EMBED_ORIGIN_FORBIDDEN,
      EmbedError.ERR_COMPANY_INACTIVE,
      CommonError.ERR_VALIDATION,
      CommonError.ERR_TOO_MANY_REQUESTS,
    ],
  })
  createEmbedSession(@Body() body: CreateEmbedSessionDto, @Req() req: Request): Promise<EmbedSessionDto> {
    return this.embed.exchange(body.token, req.get('origin'));
  }
}
