import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/postgresql';
import Redis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import { createApp, type CreateAppOptions } from '../src/app.factory';
import { RealtimeService } from '../src/realtime/realtime.service';
import { AppConfig, loadConfig } from '../src/config/app-config';

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Written by global-setup.mjs in jest's main process, named by its process id: a file runs either in that
 * process (one test file) or in a worker it started.
 */
const testEnv = (): { TEST_PG_SERVER_URL: string; TEST_PG_TEMPLATE: string } => {
  const dir = join(__dirname, '..', 'node_modules', '.cache', 'atende-test');
  const own = join(dir, `env-${process.pid}.json`);
  return JSON.parse(readFileSync(existsSync(own) ? own : join(dir, `env-${process.ppid}.json`), 'utf8'));
};

/** A fresh database cloned from the migrated template; dropped by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { TEST_PG_SERVER_URL: serverUrl, TEST_PG_TEMPLATE: template } = testEnv();
  const name = `atende_t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** Base URL of the listening server (for sockets). */
  url: string;
  http: () => ReturnType<typeof request>;
  orm: MikroORM;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Share the database and Redis prefix of another app (two processes of one deployment). */
  shareWith?: TestApp;
  /** createApp's options (the log levels and where JSON lines go); only errors, as text, by default. */
  app?: CreateAppOptions;
}

/** The real application on its own database and Redis key prefix, listening on a free port. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.shareWith ? undefined : await createTestDatabase();
  const prefix = options.shareWith?.config.redisPrefix ?? `atende-test-${randomBytes(4).toString('hex')}`;
  const mediaDir = options.shareWith?.config.mediaDir ?? mkdtempSync(join(tmpdir(), 'atende-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: options.shareWith?.config.databaseUrl ?? db!.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    MEDIA_DIR: mediaDir,
    CONSOLE_DIR: join(mediaDir, 'no-console'),
    THROTTLE_LOGIN_LIMIT: '1000',
    THROTTLE_RESET_LIMIT: '1000',
    THROTTLE_SIGNUP_LIMIT: '1000',
    // The fakes of outside services listen on loopback; test/outbound-guard.e2e-spec.ts runs without this.
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,::1/128',
    // A closed socket's user goes offline at once, not during the next test (test/presence.e2e-spec.ts sets a grace).
    PRESENCE_GRACE_MS: '0',
    // Processes of one deployment share its secrets (each start outside production makes random ones otherwise), so
    // a token one signs is good on the other.
    ...(options.shareWith
      ? {
          JWT_SECRET: options.shareWith.config.jwtSecret,
          JWT_REFRESH_SECRET: options.shareWith.config.refreshSecret,
          SECRETS_KEY: options.shareWith.config.secretsKey.toString('hex'),
        }
      : {}),
    ...options.env,
  });
  const app = await createApp(config, { logger: ['error'], ...options.app });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    url,
    http: () => request(app.getHttpServer()),
    orm: app.get(MikroORM),
    close: async () => {
      await app.close();
      if (!options.shareWith) {
        await db?.drop();
        await clearRedisPrefix(prefix);
        rmSync(mediaDir, { recursive: true, force: true });
      }
    },
  };
}

async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A socket.io client as the console opens it: token in the query, websocket transport. */
export function connectSocket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { query: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });
}

/** Resolves with the first payload of `event`, or rejects after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });
}

/** Collects every payload of `event` until read. */
export function record<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}

/**
 * Resolves once every event the server `t` emitted so far has reached each socket: the server sends each socket
 * a marker on the same path as every emit (socket.io's Redis adapter, in order), and the marker's arrival proves
 * the earlier events were delivered. Negative realtime checks ("B saw nothing") wait on it instead of sleeping.
 */
/** Names of the markers eventsDelivered sends; a test that records every event (onAny) skips them. */
export const TEST_MARKER = 'test-marker-';
export const isTestMarker = (event: string) => event.startsWith(TEST_MARKER);

export async function eventsDelivered(t: TestApp, ...sockets: Socket[]): Promise<void> {
  // The socket.io server lives in RealtimeService (private: the application emits only through its typed methods).
  const server = t.app.get<RealtimeService, { server: { to(room: string): { emit(event: string, payload: unknown): void } } }>(RealtimeService).server;
  await Promise.all(
    sockets.map((socket) => {
      const marker = `${TEST_MARKER}${randomBytes(4).toString('hex')}`;
      const arrived = nextEvent(socket, marker);
      server.to(socket.id!).emit(marker, {});
      return arrived;
    }),
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until it answers something truthy, and answers that; fails after `ms`. */
export async function until<T>(read: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(25);
  }
}
