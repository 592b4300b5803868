import { Body, Controller, createParamDecorator, Delete, ExecutionContext, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { AppError, CommonError } from '../../common/http/errors';
import { RateLimited } from '../../common/http/rate-limit';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { AuthError } from './session.errors';
import { SessionService, IssuedSession, REFRESH_COOKIE } from './session.service';
import { LoginDto, SessionDto, SessionUserDto } from './dto/session.dto';
import { IdPipe } from '../../common/http/ids';
import { originOf } from '../../audit/audit.service';
import { AuditExempt } from '../../common/http/audit.decorator';

/**
 * Names the refresh cookie's slot. A page may hold several sessions of one API at once (a partner portal
 * with widgets of different users); each sends its own slot and gets its own cookie (`jrt.<slot>`), so
 * one widget's refresh never comes back as another's user. Without it the cookie is `jrt`.
 */
export const SESSION_SLOT_HEADER = 'X-Atende-Session';
const SLOT = /^[A-Za-z0-9_-]{1,40}$/;

const SlotHeader = () =>
  ApiHeader({
    name: SESSION_SLOT_HEADER,
    required: false,
    description:
      'Refresh-cookie slot (1-40 of A-Z a-z 0-9 _ -): clients keeping several sessions on one page send one slot each, on login, refresh, logout and impersonation alike.',
    schema: { type: 'string', pattern: SLOT.source },
  });

/** The name of the caller's refresh cookie (`jrt`, or `jrt.<slot>`); a malformed slot is refused before anything changes. */
const RefreshCookie = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const slot = context.switchToHttp().getRequest<Request>().get(SESSION_SLOT_HEADER);
  if (slot === undefined || slot === '') return REFRESH_COOKIE;
  if (!SLOT.test(slot)) {
    throw new AppError(CommonError.ERR_VALIDATION, `Invalid header: ${SESSION_SLOT_HEADER}`, [
      { field: SESSION_SLOT_HEADER, messages: ['1 to 40 of the characters A-Z a-z 0-9 _ -'] },
    ]);
  }
  return `${REFRESH_COOKIE}.${slot}`;
});

@ApiTags('auth')
@AuditExempt("the caller's own session (impersonation's start and end are recorded by SessionService)")
@Controller('auth')
export class SessionController {
  constructor(
    private readonly auth: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @RateLimited('login')
  @SlotHeader()
  @Endpoint({
    summary: 'Log in',
    description:
      'Answers the access token and the user with company, plan, settings, queues and permissions, and sets the httpOnly refresh cookie. Ends any other session of the same user.',
    public: true,
    status: 200,
    ok: SessionDto,
    errors: [AuthError.ERR_INVALID_CREDENTIALS, AuthError.ERR_COMPANY_INACTIVE, CommonError.ERR_VALIDATION, CommonError.ERR_TOO_MANY_REQUESTS],
  })
  async login(@Body() body: LoginDto, @RefreshCookie() cookie: string, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    return this.withCookie(res, cookie, await this.auth.login(body.email, body.password));
  }

  @Post('refresh_token')
  @SlotHeader()
  @Endpoint({
    summary: 'Rotate the refresh cookie and get a new access token',
    public: true,
    status: 200,
    ok: SessionDto,
    errors: [AuthError.ERR_SESSION_EXPIRED, CommonError.ERR_VALIDATION],
  })
  async refreshToken(@Req() req: Request, @RefreshCookie() cookie: string, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    try {
      return this.withCookie(res, cookie, await this.auth.refresh((req.cookies as Record<string, string | undefined> | undefined)?.[cookie]));
    } catch (e) {
      res.clearCookie(cookie, this.cookieOptions());
      throw e;
    }
  }

  @Get('me')
  @Endpoint({ summary: 'The current user', permission: 'session:self', whenExpired: true, ok: SessionUserDto })
  getMe(@Ctx() ctx: RequestContext): Promise<SessionUserDto> {
    return this.auth.me(ctx);
  }

  @Delete('logout')
  @SlotHeader()
  @Endpoint({ summary: 'Log out: ends this session and clears the refresh cookie', permission: 'session:self', whenExpired: true, status: 204 })
  async logout(@Ctx() ctx: RequestContext, @RefreshCookie() cookie: string, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logout(ctx, ctx.sessionId);
    res.clearCookie(cookie, this.cookieOptions());
  }

  @Get('impersonate/:targetId/:currentUserId')
  @SlotHeader()
  @Endpoint({
    summary: 'Act as another user (super users)',
    description:
      '`currentUserId` must be the caller. The answer is a session of the target user marked with `impersonatorId`; the target is not logged out and no forced-logout event is sent.',
    permission: 'users:impersonate',
    ok: SessionDto,
    errors: [AuthError.ERR_NO_USER_FOUND],
  })
  async impersonate(
    @Ctx() ctx: RequestContext,
    @Param('targetId', IdPipe) targetId: number,
    @Param('currentUserId', IdPipe) currentUserId: number,
    @Req() req: Request,
    @RefreshCookie() cookie: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionDto> {
    return this.withCookie(res, cookie, await this.auth.impersonate(ctx, targetId, currentUserId, originOf(req)));
  }

  @Delete('impersonate')
  @SlotHeader()
  @Endpoint({
    summary: "End an impersonation and get the super user's own session back ('Voltar para minha conta')",
    description:
      "Only for an impersonating session. Ends it (its refresh family) and answers a new session of the super user, setting the refresh cookie, without a new login; the impersonated user's own sessions are untouched. Start and end are recorded in the audit log.",
    permission: 'session:self',
    whenExpired: true,
    status: 200,
    ok: SessionDto,
    errors: [AuthError.ERR_NOT_IMPERSONATING],
  })
  async endImpersonation(
    @Ctx() ctx: RequestContext,
    @Req() req: Request,
    @RefreshCookie() cookie: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionDto> {
    return this.withCookie(res, cookie, await this.auth.endImpersonation(ctx, originOf(req)));
  }

  private cookieOptions(): CookieOptions {
    const sameSite = this.config.refreshCookieSameSite;
    // A cross-site cookie must be Secure, and Partitioned keeps it working where third-party cookies are blocked.
    if (sameSite === 'none') return { httpOnly: true, sameSite, secure: true, partitioned: true, path: '/auth' };
    return { httpOnly: true, sameSite, secure: this.config.nodeEnv === 'production', path: '/auth' };
  }

  private withCookie(res: Response, cookie: string, session: IssuedSession): SessionDto {
    res.cookie(cookie, session.refreshToken, { ...this.cookieOptions(), expires: session.refreshExpiresAt });
    return { token: session.token, user: session.user };
  }
}
