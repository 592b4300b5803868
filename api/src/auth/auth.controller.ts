import { Body, Controller, Delete, Get, Inject, Param, ParseIntPipe, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Endpoint } from '../common/endpoint.decorator';
import { CommonError } from '../common/errors';
import { RateLimited } from '../common/rate-limit';
import { Ctx, RequestContext } from '../common/request-context';
import { AuthError } from './auth.errors';
import { AuthService, IssuedSession, REFRESH_COOKIE } from './auth.service';
import { LoginDto, SessionDto, SessionUserDto } from './dto/session.dto';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @RateLimited('login')
  @Endpoint({
    summary: 'Log in',
    description: 'Answers the access token and the user with company, plan, settings, queues and permissions, and sets the httpOnly refresh cookie. Ends any other session of the same user.',
    public: true,
    status: 200,
    ok: SessionDto,
    errors: [AuthError.ERR_INVALID_CREDENTIALS, AuthError.ERR_COMPANY_INACTIVE, CommonError.ERR_VALIDATION, CommonError.ERR_TOO_MANY_REQUESTS],
  })
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    return this.withCookie(res, await this.auth.login(body.email, body.password));
  }

  @Post('refresh_token')
  @Endpoint({
    summary: 'Rotate the refresh cookie and get a new access token',
    public: true,
    status: 200,
    ok: SessionDto,
    errors: [AuthError.ERR_SESSION_EXPIRED],
  })
  async refreshToken(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    try {
      return this.withCookie(res, await this.auth.refresh(req.cookies?.[REFRESH_COOKIE]));
    } catch (e) {
      res.clearCookie(REFRESH_COOKIE, this.cookieOptions());
      throw e;
    }
  }

  @Get('me')
  @Endpoint({ summary: 'The current user', permission: 'session:self', ok: SessionUserDto })
  getMe(@Ctx() ctx: RequestContext): Promise<SessionUserDto> {
    return this.auth.me(ctx);
  }

  @Delete('logout')
  @Endpoint({ summary: 'Log out: ends this session and clears the refresh cookie', permission: 'session:self', status: 204 })
  async logout(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logout(ctx, ctx.sessionId);
    res.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  @Get('impersonate/:targetId/:currentUserId')
  @Endpoint({
    summary: 'Act as another user (super users)',
    description: '`currentUserId` must be the caller. The answer is a session of the target user marked with `impersonatorId`; the target is not logged out and no forced-logout event is sent.',
    permission: 'users:impersonate',
    ok: SessionDto,
    errors: [AuthError.ERR_NO_USER_FOUND],
  })
  async impersonate(
    @Ctx() ctx: RequestContext,
    @Param('targetId', ParseIntPipe) targetId: number,
    @Param('currentUserId', ParseIntPipe) currentUserId: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionDto> {
    return this.withCookie(res, await this.auth.impersonate(ctx, targetId, currentUserId));
  }

  private cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.nodeEnv === 'production', path: '/auth' };
  }

  private withCookie(res: Response, session: IssuedSession): SessionDto {
    res.cookie(REFRESH_COOKIE, session.refreshToken, { ...this.cookieOptions(), expires: session.refreshExpiresAt });
    return { token: session.token, user: session.user };
  }
}
