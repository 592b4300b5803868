import { Logger } from '@nestjs/common';
import Bull, { type Job, type JobOptions, type Queue } from 'bull';
import { logContext } from '../common/observability/log-context';

type Handler = (job: Job) => Promise<unknown>;

/** The parts of Bull's Queue.prototype wrapped here (`setHandler` is what `process` calls for each handler). */
interface QueuePrototype {
  add: (this: Queue, nameOrData: unknown, dataOrOpts?: unknown, opts?: JobOptions) => Promise<Job>;
  addBulk: (this: Queue, jobs: { name?: string; data: unknown; opts?: JobOptions }[]) => Promise<Job[]>;
  setHandler: (this: Queue, name: string, handler: unknown) => void;
}

const log = new Logger('Jobs');
let installed = false;

/**
 * The request id follows the work a request starts into the background. One place for every queue of the process
 * (Bull's own Queue.prototype, wrapped once): whoever adds a job, and whichever module registered its queue, a job
 * added while a request is served carries that request's id in its data (`requestId`), and its processing runs in a
 * log context with that id and the job (`<queue>#<id>`), so every line it logs (JSON format) carries both. A failed
 * attempt is logged here, once per attempt, with the same context.
 *
 * Not stamped: a job added outside a request (sweeps, timers, other jobs: they have no request id, or keep the one of
 * the job they run in), a repeatable job (each repetition is not that request's work), data that is not a plain
 * object, or data that already names a requestId.
 */
export function installJobContext(): void {
  if (installed) return;
  installed = true;
  const proto = (Bull as unknown as { prototype: QueuePrototype }).prototype;

  const add = proto.add;
  proto.add = function (nameOrData, dataOrOpts, opts) {
    if (typeof nameOrData === 'string') return add.call(this, nameOrData, stamp(dataOrOpts, opts), opts);
    return add.call(this, stamp(nameOrData, dataOrOpts as JobOptions | undefined), dataOrOpts, opts);
  };

  const addBulk = proto.addBulk;
  proto.addBulk = function (jobs) {
    return addBulk.call(
      this,
      jobs.map((job) => ({ ...job, data: stamp(job.data, job.opts) })),
    );
  };

  const setHandler = proto.setHandler;
  proto.setHandler = function (name, handler) {
    // A sandboxed processor (a file path) or a callback-style one (job, done) is left as it is: we have neither.
    const traced = typeof handler === 'function' && handler.length <= 1 ? inJobContext(this, handler as Handler) : handler;
    setHandler.call(this, name, traced);
  };
}

function stamp(data: unknown, opts: JobOptions | undefined): unknown {
  const requestId = logContext.get()?.requestId;
  if (!requestId || opts?.repeat || !isPlainObject(data) || 'requestId' in data) return data;
  return { ...data, requestId };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function inJobContext(queue: Queue, handler: Handler): Handler {
  return (job: Job) => {
    const data = job.data as { requestId?: unknown } | undefined;
    const requestId = typeof data?.requestId === 'string' ? data.requestId : undefined;
    return logContext.run({ requestId, job: `${queue.name}#${job.id}` }, async () => {
      try {
        return await handler(job);
      } catch (e) {
        const attempts = job.opts.attempts ?? 1;
        const attempt = job.attemptsMade + 1;
        const text = `${job.name} failed (attempt ${attempt} of ${attempts}${attempt < attempts ? ', retried' : ', the last'}): ${e instanceof Error ? e.message : String(e)}`;
        if (attempt < attempts) log.warn(text);
        else log.error(text);
        throw e;
      }
    });
  };
}
