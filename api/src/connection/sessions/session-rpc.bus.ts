import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RedisClient } from '../../common/infra/redis';
import { SessionLeaseService } from './session-lease.service';

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

/** While commands wait for answers, how often their owners are checked for being still there. */
const OWNER_CHECK_MS = 1000;

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

/**
 * How a process reaches the session another worker owns. Commands for a session (send, edit, delete, read
 * receipts, phone book) run where the session runs: any process, including a ROLE=api one that owns none, sends
 * the command over Redis pub/sub to the owner's channel and waits for its answer, or fails after
 * `sessionRpcTimeoutMs`. An owner that dies meanwhile (SIGKILL, a lost machine) never answers; its Redis connections
 * close with it, and so its channel loses its subscriber: while commands wait, every OWNER_CHECK_MS the channels of
 * their owners are counted (PUBSUB NUMSUB), and the commands of an owner that no longer listens fail at once with
 * ERR_WAPP_NOT_INITIALIZED instead of holding their callers (send jobs, and the ticket's later sends behind them) for
 * the whole time-out. Whether such a command ran is unknown, as for any time-out: a send is retried under its id.
 */
@Injectable()
export class SessionRpcBus implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('SessionRpc');
  private readonly prefix: string;
  private readonly redis: Redis;
  private sub?: Redis;
  private handler?: CommandHandler;
  private released?: (whatsappId: number) => void;
  private readonly pending = new Map<string, { owner: string; resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private ownerCheck?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly client: RedisClient,
    private readonly lease: SessionLeaseService,
  ) {
    this.prefix = `${client.prefix}:wa`;
    this.redis = client.redis;
  }

  async onModuleInit(): Promise<void> {
    this.sub = this.client.duplicate();
    this.sub.on('message', (channel: string, raw: string) => {
      if (channel === this.releasedChannel) this.released?.(Number(raw));
      else void this.receive(raw);
    });
    await this.sub.subscribe(this.channel(this.lease.workerId), this.releasedChannel);
  }

  /**
   * Tells every process that this worker gave up a session's lease (a graceful shutdown), so that another worker
   * starts it now instead of at its next upkeep round (a third of a lease later).
   */
  async announceReleased(whatsappId: number): Promise<void> {
    await this.redis.publish(this.releasedChannel, String(whatsappId)).catch(() => undefined);
  }

  /** What this process does when another worker gave a session up (ConnectionSessionsService sweeps). */
  onReleased(handler: (whatsappId: number) => void): void {
    this.released = handler;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.ownerCheck) clearInterval(this.ownerCheck);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new RemoteSessionError('ERR_WAPP_NOT_INITIALIZED', 'shutting down'));
      this.pending.delete(id);
    }
    await this.sub?.quit().catch(() => undefined);
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
      this.pending.set(id, { owner, resolve: resolve as (v: unknown) => void, reject, timer });
      this.watchOwners();
      const request: Request = { kind: 'req', id, from: this.lease.workerId, op, args };
      this.redis.publish(this.channel(owner), JSON.stringify(request)).then(
        (receivers) => {
          // Nobody listens on that channel: the owner is gone and its lease not yet lapsed.
          if (receivers === 0)
            this.settle({ kind: 'res', id, ok: false, error: { code: 'ERR_WAPP_NOT_INITIALIZED', message: 'the worker running this connection is gone' } });
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

  /** Checks the owners of the waiting commands until none waits (see the class's comment). */
  private watchOwners(): void {
    if (this.ownerCheck) return;
    this.ownerCheck = setInterval(() => void this.checkOwners(), OWNER_CHECK_MS);
    this.ownerCheck.unref();
  }

  private async checkOwners(): Promise<void> {
    if (!this.pending.size) {
      clearInterval(this.ownerCheck);
      this.ownerCheck = undefined;
      return;
    }
    const owners = [...new Set([...this.pending.values()].map((p) => p.owner))];
    const counts = (await this.redis.pubsub('NUMSUB', ...owners.map((o) => this.channel(o))).catch(() => null)) as (string | number)[] | null;
    if (!counts) return; // Redis unreachable: the time-out decides
    const gone = new Set(owners.filter((_, i) => Number(counts[2 * i + 1]) === 0));
    for (const [id, p] of this.pending) {
      if (gone.has(p.owner))
        this.settle({ kind: 'res', id, ok: false, error: { code: 'ERR_WAPP_NOT_INITIALIZED', message: 'the worker running this connection is gone' } });
    }
  }

  private settle(reply: Reply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    clearTimeout(p.timer);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(new RemoteSessionError(reply.error?.code, reply.error?.message ?? 'failed'));
  }

  private channel(workerId: string): string {
    return `${this.prefix}:rpc:${workerId}`;
  }

  private get releasedChannel(): string {
    return `${this.prefix}:released`;
  }
}
