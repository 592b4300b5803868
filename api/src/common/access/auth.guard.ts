import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { TENANT_FILTER } from '../tenancy/tenant-filter';
import { ENDPOINT_KEY, EndpointOptions } from '../http/endpoint.decorator';
import { AppError, CommonError } from '../http/errors';
import type { RequestWithContext } from './request-context';
import { ApiTokenAuthenticators, type RequestWithApiCaller } from './api-token';
import { SessionLoader } from './session-loader';
import { bearer, TokenService } from './token.service';

/**
 * Global and secure by default: a route without an @Endpoint rule is refused, a public one must say so.
 * On success the request carries `ctx` and the ORM context is scoped to the caller's company.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: SessionLoader,
    private readonly em: EntityManager,
    private readonly apiTokens: ApiTokenAuthenticators,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.get<EndpointOptions | undefined>(ENDPOINT_KEY, context.getHandler());
    if (!rule) throw new AppError(CommonError.ERR_NO_PERMISSION, 'This route declares no access rule');
    if (rule.public) return true;
    const req = context.switchToHttp().getRequest<Request & RequestWithContext & RequestWithApiCaller>();
    if (rule.apiToken) {
      const token = bearer(req.headers.authorization);
      const caller = token ? await this.apiTokens.authenticate(token) : null;
      if (!caller) throw new AppError(CommonError.ERR_INVALID_API_TOKEN);
      req.apiCaller = caller;
      this.em.setFilterParams(TENANT_FILTER, { companyId: caller.companyId });
      if (caller.subscriptionExpired && !rule.whenExpired) throw new AppError(CommonError.ERR_SUBSCRIPTION_EXPIRED);
      if (rule.feature && !caller.features[rule.feature]) {
        throw new AppError(CommonError.ERR_PLAN_FEATURE_DISABLED, `The company's plan does not include ${rule.feature}`);
      }
      return true;
    }
    const claims = this.tokens.verifyAccess(bearer(req.headers.authorization));
    const ctx = await this.sessions.load(claims);
    req.ctx = ctx;
    this.em.setFilterParams(TENANT_FILTER, { companyId: ctx.companyId });
    // Super users, and a super user acting as someone, are never held to paying: they are who helps.
    if (ctx.subscriptionExpired && !rule.whenExpired && !ctx.super && ctx.impersonatorId === undefined) {
      throw new AppError(CommonError.ERR_SUBSCRIPTION_EXPIRED);
    }
    if (rule.permission && !ctx.permissions.has(rule.permission)) throw new AppError(CommonError.ERR_NO_PERMISSION);
    if (rule.feature && !ctx.features[rule.feature]) {
      throw new AppError(CommonError.ERR_PLAN_FEATURE_DISABLED, `The company's plan does not include ${rule.feature}`);
    }
    return true;
  }
}
