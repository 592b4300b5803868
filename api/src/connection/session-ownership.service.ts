import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { RedisClient } from '../common/redis';

/** An error a session command raised on the process that owns the session, carried back to the caller. */
export class RemoteSessionError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

type CommandHandler = (op: string, args: unknown[]) => Promise<unknown>;

interface Request {
  kind: 'req';
  id: string;
  from: string;
  op: string;
  args: unknown[];
}
interface Reply {
  kind: 'res';
  id: string;
  ok: boolean;
  value?: unknown;
  error?: { code?: string; message: string };
}

// Extends the lease only while this worker still holds it.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
// Takes the lease when free, or keeps it when it is already this worker's.
const ACQUIRE = `local owner = redis.call('get', KEYS[1])
if not owner then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
if owner == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Which process owns each WhatsApp session, and how the others reach it.
 *
 * A session is owned by exactly one worker through a lease in Redis (`<prefix>:wa:owner:<id>` holding the
 * worker's id, with a time to live the owner keeps extending). A worker that dies stops extending; once
 * the lease lapses another worker takes it and starts the session (ConnectionSessionsService sweeps).
 *
 * Commands for a session (send, edit, delete, read receipts, phone book) run where the session runs:
 * any process, including a ROLE=api one that owns none, sends the command over Redis pub/sub to the
 * owner's channel and waits for its answer, or fails after `sessionRpcTimeoutMs`.
 */
@Injectable()
export class SessionOwnershipService implements OnModuleInit, OnApplicationShutdown {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly log = new Logger('SessionOwnership');
  private readonly prefix: string;
  private readonly redis: Redis;
  private sub?: Redis;
  private handler?: CommandHandler;
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly client: RedisClient,
  ) {
    this.prefix = `${client.prefix}:wa`;
    this.redis = client.redis;
  }

  get leaseMs(): number {
    return this.config.sessionLeaseMs;
  }

  async onModuleInit(): Promise<void> {
    this.sub = this.client.duplicate();
    this.sub.on('message', (_channel: string, raw: string) => void this.receive(raw));
    await this.sub.subscribe(this.channel(this.workerId));
  }

  async onApplicationShutdown(): Promise<void> {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new RemoteSessionError('ERR_WAPP_NOT_INITIALIZED', 'shutting down'));
      this.pending.delete(id);
    }
    await this.sub?.quit().catch(() => undefined);
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

  /** Serves the commands other processes send to this worker's sessions. */
  serve(handler: CommandHandler): void {
    this.handler = handler;
  }

  /** Runs `op` on the worker that owns the session and answers what it answered (or throws what it threw). */
  call<T>(owner: string, op: string, args: unknown[]): Promise<T> {
    const id = randomUUID();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RemoteSessionError('ERR_WAPP_NOT_INITIALIZED', `the worker running this connection did not answer ${op} in time`));
      }, this.config.sessionRpcTimeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      const request: Request = { kind: 'req', id, from: this.workerId, op, args };
      this.redis.publish(this.channel(owner), JSON.stringify(request)).then(
        (receivers) => {
          // Nobody listens on that channel: the owner is gone and its lease not yet lapsed.
          if (receivers === 0) this.settle({ kind: 'res', id, ok: false, error: { code: 'ERR_WAPP_NOT_INITIALIZED', message: 'the worker running this connection is gone' } });
        },
        (e: Error) => this.settle({ kind: 'res', id, ok: false, error: { message: e.message } }),
      );
    });
  }

  private async receive(raw: string): Promise<void> {
    let message: Request | Reply;
    try {
      message = JSON.parse(raw) as Request | Reply;
    } catch {
      return;
    }
    if (message.kind === 'res') return this.settle(message);
    let reply: Reply;
    try {
      if (!this.handler) throw new RemoteSessionError('ERR_WAPP_NOT_INITIALIZED', 'this process runs no sessions');
      reply = { kind: 'res', id: message.id, ok: true, value: await this.handler(message.op, message.args) };
    } catch (e) {
      const err = e as Error & { getResponse?: () => unknown; code?: string };
      const response = err.getResponse?.() as { error?: string } | undefined;
      reply = { kind: 'res', id: message.id, ok: false, error: { code: response?.error ?? err.code, message: err.message } };
    }
    await this.redis.publish(this.channel(message.from), JSON.stringify(reply)).catch((e: unknown) => this.log.warn(`reply not sent: ${String(e)}`));
  }

  private settle(reply: Reply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    clearTimeout(p.timer);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(new RemoteSessionError(reply.error?.code, reply.error?.message ?? 'failed'));
  }

  private key(whatsappId: number): string {
    return `${this.prefix}:owner:${whatsappId}`;
  }

  private channel(workerId: string): string {
    return `${this.prefix}:rpc:${workerId}`;
  }
}
