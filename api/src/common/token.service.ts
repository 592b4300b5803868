import { Inject, Injectable } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AppError, CommonError } from './errors';

export interface AccessTokenClaims {
  /** user id */
  sub: number;
  /** company id */
  cid: number;
  /** the user's tokenVersion when issued (a newer login or a logout bumps it); for an impersonation, the impersonator's */
  tv: number;
  /** session id: the refresh-token family this access token belongs to */
  sid?: string;
  /** super user acting as this user */
  imp?: number;
}

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  signAccess(claims: AccessTokenClaims): string {
    return this.jwt.sign({ ...claims }, { secret: this.config.jwtSecret, expiresIn: this.config.accessTokenTtlSeconds });
  }

  /**
   * 403 ERR_TOKEN_EXPIRED for a well-signed token past its time (the client refreshes once and retries);
   * 401 ERR_SESSION_EXPIRED for anything else (the client logs out).
   */
  verifyAccess(token: string | undefined): AccessTokenClaims {
    if (!token) throw new AppError(CommonError.ERR_SESSION_EXPIRED, 'No access token was sent');
    try {
      const claims = this.jwt.verify<AccessTokenClaims & { exp: number }>(token, { secret: this.config.jwtSecret, algorithms: ['HS256'] });
      if (!Number.isInteger(claims.sub) || !Number.isInteger(claims.cid) || !Number.isInteger(claims.tv)) {
        throw new AppError(CommonError.ERR_SESSION_EXPIRED);
      }
      return claims;
    } catch (e) {
      if (e instanceof TokenExpiredError) throw new AppError(CommonError.ERR_TOKEN_EXPIRED);
      if (e instanceof AppError) throw e;
      throw new AppError(CommonError.ERR_SESSION_EXPIRED, 'The access token is not valid');
    }
  }
}

export function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}
