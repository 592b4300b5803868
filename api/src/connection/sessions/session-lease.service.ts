import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RedisClient } from '../../common/redis';

// Extends the lease only while this worker still holds it.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
// Takes the lease when free, or keeps it when it is already this worker's.
const ACQUIRE = `local owner = redis.call('get', KEYS[1])
if not owner then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
if owner == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Which process owns each WhatsApp session. A session is owned by exactly one worker through a lease in Redis
 * (`<prefix>:wa:owner:<id>` holding the worker's id, with a time to live the owner keeps extending). A worker
 * that dies stops extending; once the lease lapses another worker takes it and starts the session
 * (ConnectionSessionsService sweeps). How the other processes reach the owner is SessionRpcBus.
 */
@Injectable()
export class SessionLeaseService {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly prefix: string;
  private readonly redis: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    client: RedisClient,
  ) {
    this.prefix = `${client.prefix}:wa`;
    this.redis = client.redis;
  }

  get leaseMs(): number {
    return this.config.sessionLeaseMs;
  }

  /** Takes the session's lease if it is free (or already ours); false while another live worker holds it. */
  async acquire(whatsappId: number): Promise<boolean> {
    return (await this.redis.eval(ACQUIRE, 1, this.key(whatsappId), this.workerId, String(this.leaseMs))) === 1;
  }

  /**
   * Extends the leases of the sessions this worker runs: `held` are confirmed, `lost` are held by another
   * worker now (or lapsed and taken); a session in neither could not be checked (Redis did not answer).
   */
  async renew(whatsappIds: number[]): Promise<{ held: number[]; lost: number[] }> {
    if (!whatsappIds.length) return { held: [], lost: [] };
    const pipeline = this.redis.pipeline();
    for (const id of whatsappIds) pipeline.eval(RENEW, 1, this.key(id), this.workerId, String(this.leaseMs));
    const results = await pipeline.exec().catch(() => null);
    if (!results) return { held: [], lost: [] };
    return {
      held: whatsappIds.filter((_, i) => !results[i]?.[0] && results[i]?.[1] === 1),
      lost: whatsappIds.filter((_, i) => !results[i]?.[0] && results[i]?.[1] === 0),
    };
  }

  async release(whatsappId: number): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(whatsappId), this.workerId).catch(() => undefined);
  }

  /** The worker holding the session's lease, or null when nobody runs it. */
  ownerOf(whatsappId: number): Promise<string | null> {
    return this.redis.get(this.key(whatsappId));
  }

  /** The owners of several sessions at once (null where nobody runs one). */
  async ownersOf(whatsappIds: number[]): Promise<(string | null)[]> {
    if (!whatsappIds.length) return [];
    return this.redis.mget(whatsappIds.map((id) => this.key(id)));
  }

  private key(whatsappId: number): string {
    return `${this.prefix}:owner:${whatsappId}`;
  }
}
