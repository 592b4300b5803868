import { JwtService } from '@nestjs/jwt';
import { loadConfig } from '../../config/app-config';
import { AppError, CommonError } from '../http/errors';
import { TokenService } from './token.service';

const OLD = 'o'.repeat(40);
const NEW = 'n'.repeat(40);
const jwt = new JwtService({});
const service = (env: Record<string, string>) => new TokenService(jwt, loadConfig({ JWT_REFRESH_SECRET: 'r'.repeat(40), ...env }));
const claims = { sub: 1, cid: 1, tv: 0 };
const errorOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.def.code : String(e);
  }
  return undefined;
};

describe('TokenService during a JWT_SECRET rotation', () => {
  const before = service({ JWT_SECRET: OLD });
  const rotating = service({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD });
  const after = service({ JWT_SECRET: NEW });

  it('accepts a token of the previous secret while JWT_SECRET_PREVIOUS is set, and refuses it once it is removed', () => {
    const old = before.signAccess(claims);
    expect(rotating.verifyAccess(old)).toMatchObject(claims);
    expect(errorOf(() => after.verifyAccess(old))).toBe(CommonError.ERR_SESSION_EXPIRED.code);
  });

  it('signs only with the new secret', () => {
    const fresh = rotating.signAccess(claims);
    expect(after.verifyAccess(fresh)).toMatchObject(claims);
    expect(errorOf(() => before.verifyAccess(fresh))).toBe(CommonError.ERR_SESSION_EXPIRED.code);
    expect(() => jwt.verify(fresh, { secret: OLD })).toThrow(/invalid signature/);
  });

  it("answers an expired token of the previous secret as expired (the client refreshes), and another secret's as invalid", () => {
    const expired = jwt.sign({ ...claims, iat: 1, exp: 2 }, { secret: OLD });
    expect(errorOf(() => rotating.verifyAccess(expired))).toBe(CommonError.ERR_TOKEN_EXPIRED.code);
    expect(errorOf(() => rotating.verifyAccess(jwt.sign(claims, { secret: 'x'.repeat(40) })))).toBe(CommonError.ERR_SESSION_EXPIRED.code);
    // Only HS256, whichever key: an unsigned token is refused.
    expect(errorOf(() => rotating.verifyAccess(jwt.sign(claims, { secret: '', algorithm: 'none' })))).toBe(CommonError.ERR_SESSION_EXPIRED.code);
  });
});
