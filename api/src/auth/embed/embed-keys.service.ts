import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import type { RequestContext } from '../../common/access/request-context';
import { SecretBox } from '../../common/infra/secret-box';
import { RealtimeService } from '../../realtime/realtime.service';
import { CreateEmbedKeyDto, EmbedKeyCreatedDto, EmbedKeyDto, mapEmbedKey, UpdateEmbedKeyDto } from './dto/embed-key.dto';
import { EmbedKey } from './embed-key.entity';
import { EmbedSession } from './embed-session.entity';
import { EmbedOrigins } from './embed-origins';
import { EmbedError } from './embed.errors';
import { normalizeOrigin } from './embed.rules';

/**
 * A company's embed keys (admins, `embed-keys:manage`). The secret is sealed with SecretBox and answered once, on
 * creation. Revoking is final: the key stays listed, and its sessions and their sockets end at once.
 */
@Injectable()
export class EmbedKeysService {
  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly origins: EmbedOrigins,
    private readonly realtime: RealtimeService,
  ) {}

  async list(ctx: RequestContext): Promise<EmbedKeyDto[]> {
    const keys = await this.em.find(EmbedKey, { companyId: ctx.companyId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return keys.map(mapEmbedKey);
  }

  async create(ctx: RequestContext, dto: CreateEmbedKeyDto): Promise<EmbedKeyCreatedDto> {
    const allowedOrigins = originsOf(dto.allowedOrigins);
    const secret = randomBytes(32).toString('base64url');
    const key = this.em.create(EmbedKey, {
      companyId: ctx.companyId,
      keyId: `ek_${randomBytes(15).toString('base64url')}`,
      name: dto.name,
      allowedOrigins,
      secret: this.box.seal(secret),
      createdById: ctx.impersonatorId ? null : ctx.userId,
    });
    await this.em.flush();
    this.origins.invalidate();
    return { ...mapEmbedKey(key), secret };
  }

  async update(ctx: RequestContext, id: number, dto: UpdateEmbedKeyDto): Promise<EmbedKeyDto> {
    const key = await this.find(ctx, id);
    if (key.revokedAt) throw new AppError(EmbedError.ERR_EMBED_KEY_REVOKED);
    if (dto.name !== undefined) key.name = dto.name;
    if (dto.allowedOrigins !== undefined) key.allowedOrigins = originsOf(dto.allowedOrigins);
    await this.em.flush();
    this.origins.invalidate();
    return mapEmbedKey(key);
  }

  /** Idempotent: a revoked key answers as it is. Its live sessions end, and their sockets close, on every process. */
  async revoke(ctx: RequestContext, id: number): Promise<EmbedKeyDto> {
    const key = await this.find(ctx, id);
    if (!key.revokedAt) {
      const now = new Date();
      key.revokedAt = now;
      await this.em.flush();
      await this.em.nativeUpdate(EmbedSession, { companyId: ctx.companyId, keyId: key.id, endedAt: null }, { endedAt: now });
      this.origins.invalidate();
    }
    await this.realtime.endEmbedKey(key.id);
    return mapEmbedKey(key);
  }

  private async find(ctx: RequestContext, id: number): Promise<EmbedKey> {
    const key = isId(id) ? await this.em.findOne(EmbedKey, { id, companyId: ctx.companyId }) : null;
    if (!key) throw new AppError(EmbedError.ERR_EMBED_KEY_NOT_FOUND);
    return key;
  }
}

/** Each origin normalised (duplicates once); any that is not an origin is a validation error naming it. */
function originsOf(values: string[]): string[] {
  const out: string[] = [];
  const bad: string[] = [];
  for (const value of values) {
    const origin = normalizeOrigin(value);
    if (!origin) bad.push(value);
    else if (!out.includes(origin)) out.push(origin);
  }
  if (bad.length) {
    throw validationError([
      { field: 'allowedOrigins', messages: bad.map((b) => `Not an origin (http or https, host and port, no path): ${JSON.stringify(b).slice(0, 120)}`) },
    ]);
  }
  return out;
}
