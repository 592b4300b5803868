import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JsonWebTokenError, JwtService, TokenExpiredError } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError, CommonError } from '../http/errors';

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
  /**
   * The session's kind: absent for a console session (login, impersonation); `embed` for a partner-minted session,
   * whose `sid` is its embed_sessions row and whose `tv` is not looked at (see auth/README.md).
   */
  knd?: 'embed';
}

@Injectable()
export class TokenService {
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first tries it as a PEM public key and
   * catches the failure on every call (a millisecond of each request, bench:scale's profile).
   */
  private readonly key: KeyObject;
  /**
   * JWT_SECRET_PREVIOUS during a rotation: verifies tokens it signed until they expire, never signs one
   * (docs/operations/secrets.md).
   */
  private readonly previousKey?: KeyObject;

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    if (config.jwtSecretPrevious) this.previousKey = createSecretKey(Buffer.from(config.jwtSecretPrevious, 'utf8'));
  }

  signAccess(claims: AccessTokenClaims): string {
    return this.jwt.sign({ ...claims }, { secret: this.key as unknown as string, expiresIn: this.config.accessTokenTtlSeconds });
  }

  /** An embed session's access token: it expires with the session (`expiresAt`), and is never refreshed. */
  signEmbed(claims: { sub: number; cid: number; sid: string }, expiresAt: Date): string {
    const payload = { ...claims, tv: 0, knd: 'embed', exp: Math.floor(expiresAt.getTime() / 1000) };
    return this.jwt.sign(payload, { secret: this.key as unknown as string });
  }

  /**
   * 403 ERR_TOKEN_EXPIRED for a well-signed token past its time (the client refreshes once and retries);
   * 401 ERR_SESSION_EXPIRED for anything else (the client logs out), and for an embed session past its time: it has
   * no refresh, its widget asks the partner for a new token on a 401.
   */
  verifyAccess(token: string | undefined): AccessTokenClaims {
    if (!token) throw new AppError(CommonError.ERR_SESSION_EXPIRED, 'No access token was sent');
    try {
      const claims = this.verifySigned(token);
      if (!Number.isInteger(claims.sub) || !Number.isInteger(claims.cid) || !Number.isInteger(claims.tv)) {
        throw new AppError(CommonError.ERR_SESSION_EXPIRED);
      }
      if (claims.knd !== undefined && (claims.knd !== 'embed' || typeof claims.sid !== 'string' || claims.imp !== undefined)) {
        throw new AppError(CommonError.ERR_SESSION_EXPIRED);
      }
      return claims;
    } catch (e) {
      if (e instanceof TokenExpiredError) {
        // The signature was checked before the expiry, so the payload read here is ours.
        const kind = (this.jwt.decode<{ knd?: unknown } | null>(token) ?? {}).knd;
        if (kind === 'embed') throw new AppError(CommonError.ERR_SESSION_EXPIRED, 'This embed session expired: sign in again with a new partner token');
        throw new AppError(CommonError.ERR_TOKEN_EXPIRED);
      }
      if (e instanceof AppError) throw e;
      throw new AppError(CommonError.ERR_SESSION_EXPIRED, 'The access token is not valid');
    }
  }

  /**
   * The claims of a token signed with the current secret or, during a rotation, the previous one. jsonwebtoken checks
   * the signature before the times, so an expired token signed with either key still ends as TokenExpiredError.
   */
  private verifySigned(token: string): AccessTokenClaims & { exp: number } {
    const verify = (key: KeyObject) => this.jwt.verify<AccessTokenClaims & { exp: number }>(token, { secret: key as unknown as string, algorithms: ['HS256'] });
    if (!this.previousKey) return verify(this.key);
    try {
      return verify(this.key);
    } catch (e) {
      if (!(e instanceof JsonWebTokenError) || e.message !== 'invalid signature') throw e;
    }
    return verify(this.previousKey);
  }
}

export function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}
