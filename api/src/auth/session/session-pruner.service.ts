import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig, runsWorkers } from '../../config/app-config';
import { startSweep } from '../../common/infra/sweep-timer';
import { RefreshToken } from './refresh-token.entity';
import { EmbedSession } from '../embed/embed-session.entity';
import { withoutTenantFilter } from '../../common/tenancy/tenant-filter';

/** How long an expired refresh token is kept: a day, so a cookie presented just after its expiry is still known. */
export const EXPIRED_TOKEN_KEPT_MS = 24 * 3600_000;
/** Rows deleted per statement, so a large backlog never holds one long transaction. */
const PRUNE_BATCH = 5000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * Refresh tokens are rotated on every refresh, one row each, so the table would grow by every session's every
 * refresh forever. On worker processes, at start and every hour, this deletes the tokens expired more than a day ago
 * (revoked ones included: an expired token is refused whatever its state), in batches, off the expires_at index.
 * A revoked token that has not expired stays: its family is what detects a replay until then. Embed sessions go the
 * same way.
 */
@Injectable()
export class SessionPrunerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('SessionPruner');
  private stop?: () => void;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsWorkers(this.config.role)) return;
    this.stop = startSweep(this.log, 'refresh token pruning', PRUNE_EVERY_MS, () => this.prune(), { atStart: true });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  /**
   * Deletes the tokens, and the embed sessions, expired before `now` minus a day; answers how many rows. An embed
   * session's row is what makes its partner token single use (key, jti): the partner token expired long before
   * (at most 330 s after it was spent), so it cannot come back once the row goes.
   */
  async prune(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - EXPIRED_TOKEN_KEPT_MS);
    const em = this.em.fork();
    let deleted = 0;
    for (;;) {
      const batch = await em.find(RefreshToken, { expiresAt: { $lt: before } }, { fields: ['id'], limit: PRUNE_BATCH });
      if (batch.length) deleted += await em.nativeDelete(RefreshToken, { id: { $in: batch.map((t) => t.id) } });
      em.clear();
      if (batch.length < PRUNE_BATCH) break;
    }
    const lift = withoutTenantFilter('session pruning: the embed sessions of every company expired a day ago');
    for (;;) {
      const batch = await em.find(EmbedSession, { expiresAt: { $lt: before } }, { ...lift, fields: ['id'], limit: PRUNE_BATCH });
      if (batch.length) deleted += await em.nativeDelete(EmbedSession, { id: { $in: batch.map((t) => t.id) } }, lift);
      em.clear();
      if (batch.length < PRUNE_BATCH) return deleted;
    }
  }
}
