import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { EmbedKey } from './embed-key.entity';

/** How long another process's key change may take to reach this process's CORS answers. */
export const EMBED_ORIGINS_REFRESH_MS = 30_000;

/**
 * Every origin a non-revoked embed key of any company lists, for the CORS answer (app.factory.ts): a widget on a
 * partner's page calls the API with an Authorization header and no cookie. Held in memory; this process's key
 * changes reload it at once (`invalidate`), other processes' within EMBED_ORIGINS_REFRESH_MS.
 */
@Injectable()
export class EmbedOrigins {
  private origins = new Set<string>();
  private loadedAt = 0;
  private loading: Promise<Set<string>> | null = null;

  constructor(private readonly em: EntityManager) {}

  async allows(origin: string): Promise<boolean> {
    return (await this.current()).has(origin);
  }

  /** A key was created, changed or revoked here: the next CORS answer reads the keys again. */
  invalidate(): void {
    this.loadedAt = 0;
  }

  private current(): Promise<Set<string>> {
    if (Date.now() - this.loadedAt < EMBED_ORIGINS_REFRESH_MS) return Promise.resolve(this.origins);
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<Set<string>> {
    const startedAt = Date.now();
    try {
      const keys = await this.em
        .fork()
        .find(
          EmbedKey,
          { revokedAt: null },
          { ...withoutTenantFilter('CORS: the origins of every live embed key, of any company'), fields: ['allowedOrigins'] },
        );
      this.origins = new Set(keys.flatMap((k) => k.allowedOrigins));
      this.loadedAt = startedAt;
    } catch {
      // The database did not answer: keep the last set, and try again on the next request.
    }
    return this.origins;
  }
}
