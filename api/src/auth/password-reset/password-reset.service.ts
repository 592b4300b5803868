import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { countAttempt, setPassword } from './password-reset.queries';
import { withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import bcrypt from 'bcryptjs';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError, validationError } from '../../common/http/errors';
import { MailService } from '../../common/infra/mail.service';
import { RealtimeService } from '../../realtime/realtime.service';
import { AuthError } from '../session/session.errors';
import { PasswordReset } from './password-reset.entity';
import { RefreshToken } from '../session/refresh-token.entity';
import { User } from '../users/user.entity';

/** Wrong tries a code survives; the next one voids it, even when right. */
export const MAX_RESET_ATTEMPTS = 5;
export const WEAK_PASSWORD_MESSAGE = 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.';
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/s;
/** bcrypt ignores everything past 72 bytes; a longer password would be silently truncated. */
const BCRYPT_MAX_BYTES = 72;

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * The /forgetpsw flow: a mailed single-use 6-digit code, then a new password. Runs before any company
 * context exists, so the tenant filter is lifted on the user lookups.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Replaces any earlier unused code of the user with a new one and mails it. An e-mail of no account answers the
   * same (nothing is mailed): the form must not tell who has an account. Mail is checked first for the same reason.
   */
  async request(email: string): Promise<void> {
    this.mail.assertDeliverable();
    const user = await this.em.findOne(
      User,
      { email: normalize(email) },
      withoutTenantFilter('password reset: the user is found by e-mail, without a session'),
    );
    if (!user) return;

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const ttl = this.config.passwordResetTtlMinutes;
    const now = new Date();
    const reset = await this.em.transactional(async (em) => {
      await em.nativeUpdate(PasswordReset, { userId: user.id, usedAt: null, expiresAt: { $gt: now } }, { expiresAt: now });
      return em.create(PasswordReset, {
        userId: user.id,
        companyId: user.companyId,
        codeHash: this.hash(user.id, code),
        expiresAt: new Date(now.getTime() + ttl * 60_000),
      });
    });

    try {
      await this.mail.send({
        to: user.email,
        subject: 'Código de verificação',
        text:
          `Olá, ${user.name}.\n\n` +
          `Seu código de verificação para redefinir a senha é: ${code}\n\n` +
          `O código vale por ${ttl} minutos e pode ser usado uma única vez. ` +
          'Se você não pediu a redefinição, ignore este e-mail; sua senha continua a mesma.',
        html:
          `<p>Olá, ${escapeHtml(user.name)}.</p>` +
          `<p>Seu código de verificação para redefinir a senha é: <strong style="font-size:1.4em;letter-spacing:.15em">${code}</strong></p>` +
          `<p>O código vale por ${ttl} minutos e pode ser usado uma única vez. ` +
          'Se você não pediu a redefinição, ignore este e-mail; sua senha continua a mesma.</p>',
      });
    } catch (e) {
      // Nobody received it: do not leave a live code behind.
      await this.em.nativeDelete(PasswordReset, { id: reset.id });
      throw e;
    }
  }

  /**
   * Checks the code and sets the new password. Every try is counted before the comparison, in one
   * conditional update, so parallel guesses cannot exceed MAX_RESET_ATTEMPTS. Success ends every session.
   */
  async reset(email: string, code: string, newPassword: string): Promise<void> {
    assertStrongPassword(newPassword);
    const invalid = new AppError(AuthError.ERR_INVALID_RESET_CODE);
    const user = await this.em.findOne(
      User,
      { email: normalize(email) },
      withoutTenantFilter('password reset: the user is found by e-mail, without a session'),
    );
    if (!user) throw invalid;

    const live = await countAttempt(tenantSql(this.em, user.companyId), user.id, MAX_RESET_ATTEMPTS);
    if (!live || !/^\d{6}$/.test(code) || !this.secrets().some((secret) => sameHash(live.code_hash, this.hash(user.id, code, secret)))) throw invalid;

    const passwordHash = await bcrypt.hash(newPassword, 10);
    const tokenVersion = await this.em.transactional(async (em) => {
      const used = await em.nativeUpdate(PasswordReset, { id: live.id, usedAt: null }, { usedAt: new Date() });
      if (used !== 1) throw invalid; // a parallel request with the same code won
      const version = await setPassword(tenantSql(em, user.companyId), user.id, passwordHash);
      await em.nativeUpdate(RefreshToken, { userId: user.id, revokedAt: null }, { revokedAt: new Date() });
      return version;
    });
    await this.realtime.endSessions(user.id, tokenVersion);
  }

  /** Keyed with a server secret: six digits hashed plainly would be reversed at once from a leaked table. */
  private hash(userId: number, code: string, secret = this.config.jwtSecret): string {
    return createHmac('sha256', secret).update(`password-reset:${userId}:${code}`).digest('hex');
  }

  /** The secrets a code's hash may have been made with: JWT_SECRET, and during a rotation JWT_SECRET_PREVIOUS (codes mailed before it). */
  private secrets(): string[] {
    return this.config.jwtSecretPrevious ? [this.config.jwtSecret, this.config.jwtSecretPrevious] : [this.config.jwtSecret];
  }
}

export function assertStrongPassword(password: string): void {
  if (!STRONG_PASSWORD.test(password)) {
    throw new AppError(AuthError.ERR_WEAK_PASSWORD, WEAK_PASSWORD_MESSAGE, [{ field: 'newPassword', messages: [WEAK_PASSWORD_MESSAGE] }]);
  }
  if (Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_BYTES) {
    throw validationError([{ field: 'newPassword', messages: [`A senha pode ter no máximo ${BCRYPT_MAX_BYTES} bytes.`] }]);
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
