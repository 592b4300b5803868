import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { REDIS_COMMAND_TIMEOUT_MS, RedisClient } from '../../common/infra/redis';

// Extends the lease while this worker still holds it (1); takes it back when nobody holds it (2: Redis forgot it,
// restarted empty, or it lapsed and nobody took it, so nobody else runs the session); 0 when another worker has it.
const RENEW = `local owner = redis.call('get', KEYS[1])
if owner == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
if not owner then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 2 end
return 0`;
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
 *
 * Redis outages. While Redis is down nobody can take a lease (nor confirm one: an owner unconfirmed for a whole
 * lease stops its session, ConnectionSessionsService). A Redis that comes back empty has forgotten every lease: the
 * running owners take theirs back at their next renewal (RENEW sets a missing lease again), and for a grace period
 * after this process's connection is back (`reclaimGraceMs`: one renewal round and a stuck command's time out) it
 * takes no free lease, so that no worker starts a session its owner is about to re-claim. Every worker connected to
 * that Redis saw it go, so every one of them waits. (A worker that starts during those seconds does not know; its
 * copy and the owner's then meet at the owner's renewal, which finds the lease taken, and the owner's copy stops.)
 */
@Injectable()
export class SessionLeaseService implements OnModuleDestroy {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly log = new Logger('Sessions');
  private readonly prefix: string;
  private readonly redis: Redis;
  private holdUntil = 0;
  private readonly stopWatching: () => void;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    client: RedisClient,
  ) {
    this.prefix = `${client.prefix}:wa`;
    this.redis = client.redis;
    this.stopWatching = client.onReconnect(() => {
      this.holdUntil = Date.now() + this.reclaimGraceMs;
      this.log.log(`Redis is back: no free session is taken for ${this.reclaimGraceMs} ms, while running owners re-claim theirs`);
    });
  }

  onModuleDestroy(): void {
    this.stopWatching();
  }

  /** After Redis comes back: the owners' next renewal round (a third of the lease), a timed-out command, and a second. */
  get reclaimGraceMs(): number {
    return Math.ceil(this.leaseMs / 3) + 2 * REDIS_COMMAND_TIMEOUT_MS + 1000;
  }

  get leaseMs(): number {
    return this.config.sessionLeaseMs;
  }

  /**
   * Takes the session's lease if it is free (or already ours); false while another live worker holds it, and for
   * any free lease during the grace period after Redis came back (see above).
   */
  async acquire(whatsappId: number): Promise<boolean> {
    if (Date.now() < this.holdUntil) return false;
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
    const answer = (i: number) => (results[i]?.[0] ? undefined : results[i]?.[1]);
    const reclaimed = whatsappIds.filter((_, i) => answer(i) === 2);
    if (reclaimed.length) this.log.warn(`connections ${reclaimed.join(', ')}: their leases were gone from Redis (restarted empty?); re-claimed`);
    return {
      held: whatsappIds.filter((_, i) => answer(i) === 1 || answer(i) === 2),
      lost: whatsappIds.filter((_, i) => answer(i) === 0),
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
