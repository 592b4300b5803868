import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at `url` (one try, 1.5 s to connect). */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function onPath(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

export class RedisUnavailableError extends Error {}

/**
 * REDIS_URL when set; else the default local Redis when it answers; else a redis-server from PATH,
 * started with its data in `<dataDir>/redis` on a port of our own. Otherwise stop with a message
 * that says exactly what to do.
 */
export async function resolveRedisUrl(configured: string | undefined, dataDir: string): Promise<string> {
  const log = new Logger('Redis');
  if (configured) {
    if (!(await redisAnswers(configured))) {
      throw new RedisUnavailableError(`REDIS_URL=${configured} does not answer. Start that Redis or point REDIS_URL at one that runs.`);
    }
    return configured;
  }
  if (await redisAnswers(DEFAULT_REDIS_URL)) return DEFAULT_REDIS_URL;
  const port = 6390;
  const ownUrl = `redis://127.0.0.1:${port}`;
  if (await redisAnswers(ownUrl)) return ownUrl;
  if (!onPath('redis-server')) {
    throw new RedisUnavailableError(
      'Redis is needed and none answers at redis://127.0.0.1:6379. Either install Redis ' +
        '(Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`) so that ' +
        '`redis-server` is on PATH and the API starts it for you, or set REDIS_URL to a Redis you run.',
    );
  }
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '60 1'], {
    stdio: 'ignore',
    detached: false,
  });
  child.unref();
  process.once('exit', () => child.kill());
  for (let i = 0; i < 50; i++) {
    if (await redisAnswers(ownUrl)) {
      log.log(`Started redis-server on 127.0.0.1:${port} (data in ${dir})`);
      return ownUrl;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new RedisUnavailableError(`redis-server was found on PATH but did not answer on port ${port}; see its log or set REDIS_URL.`);
}
