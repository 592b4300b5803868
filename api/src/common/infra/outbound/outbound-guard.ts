import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import type { AppConfig } from '../../../config/app-config';
import type { CompanyId } from '../../tenancy/company-id';
import { AppError } from '../../http/errors';
import { AddressPolicy, bareHost } from './address-policy';
import { OutboundError } from './outbound.errors';

/** Who a run-time request is for (the warning of a refusal names both). */
export interface OutboundContext {
  companyId: CompanyId;
  /** What calls: 'webhook', 'typebot', 'typebot media', 'prompt', 'dialogflow', 'push'. */
  purpose: string;
}

/** A name's addresses, as `dns.lookup(name, { all: true })` answers them. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundGuardOptions {
  /** OUTBOUND_ALLOW_CIDRS. */
  allowCidrs?: readonly string[];
  /** DNS (tests answer their own names). */
  resolve?: Resolve;
  /** Redirects followed (each hop checked again) before giving up. */
  maxRedirects?: number;
  /** How long a save waits on DNS before accepting a name it could not resolve. */
  saveLookupTimeoutMs?: number;
}

/** A request the guard refused before connecting. `host` is the name or address refused. */
export class OutboundForbiddenError extends Error {
  readonly code = OutboundError.ERR_OUTBOUND_URL_FORBIDDEN.code;
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`outbound request to ${host} refused: ${reason}`);
    this.name = 'OutboundForbiddenError';
  }
}

/** The guard's refusal inside an error (fetch wraps the connection's error in `cause`; SDKs wrap fetch's). */
export function forbiddenIn(e: unknown): OutboundForbiddenError | null {
  for (let err = e, depth = 0; err && depth < 6; depth++) {
    if (err instanceof OutboundForbiddenError) return err;
    err = (err as { cause?: unknown }).cause;
  }
  return null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin: credentials are for the host they were given to. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'api-key', 'x-api-key'];
/** Dropped when a redirect turns the request into a GET (the fetch standard's request-body headers). */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

const defaultResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * The one way the server calls a URL that a company or a user chose (webhooks, n8n, typebot and the media it names,
 * Dialogflow's token URI, AI base URLs, push endpoints): http(s) only, and every address it connects to is checked
 * where the connection is made (undici's connector with our DNS lookup, so DNS rebinding gets no second answer),
 * on every redirect hop (followed here, at most `maxRedirects`). `urlRefusal`/`assertUrls` check a URL when it is
 * saved. Rules and the allow list: ./README.md.
 */
export class OutboundGuard implements OnApplicationShutdown {
  readonly policy: AddressPolicy;
  private readonly log = new Logger('OutboundGuard');
  private readonly resolve: Resolve;
  private readonly maxRedirects: number;
  private readonly saveLookupTimeoutMs: number;
  private readonly dispatcher: Agent;
  /**
   * Refusals made inside a connection (lookup, connector), by the text fetch keeps of them: undici's fetch re-creates
   * an error that is not an Error of its own realm (jest's sandbox), so `fetch` finds the original here.
   */
  private readonly refusals = new Map<string, OutboundForbiddenError>();

  constructor(options: OutboundGuardOptions = {}) {
    this.policy = new AddressPolicy(options.allowCidrs ?? []);
    this.resolve = options.resolve ?? defaultResolve;
    this.maxRedirects = options.maxRedirects ?? 5;
    this.saveLookupTimeoutMs = options.saveLookupTimeoutMs ?? 3000;
    const connectByName = buildConnector({ lookup: this.lookup as never, timeout: 10_000 });
    // Node connects to an IP literal without calling `lookup`: those are checked here.
    const connect: buildConnector.connector = (opts, callback) => {
      const host = bareHost(opts.hostname);
      const why = isIP(host) ? this.policy.refusal(host) : null;
      if (why) return callback(this.remember(new OutboundForbiddenError(host, why)), null);
      return connectByName(opts, callback);
    };
    this.dispatcher = new Agent({ connect });
  }

  static fromConfig(config: AppConfig): OutboundGuard {
    return new OutboundGuard({ allowCidrs: config.outboundAllowCidrs });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }

  /**
   * Null when a URL may be saved, else why not: not http(s), an address the policy refuses, a metadata name, or a
   * name whose DNS answer holds a refused address. A name that does not resolve now is accepted (the call checks).
   */
  async urlRefusal(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'not a URL';
    }
    const early = this.hopRefusal(url);
    const host = bareHost(url.hostname);
    if (early) return isIP(host) ? `${host}: ${early}` : early;
    if (isIP(host)) return null;
    let addresses: LookupAddress[];
    try {
      addresses = await this.withTimeout(this.resolve(host), this.saveLookupTimeoutMs);
    } catch {
      return null;
    }
    for (const a of addresses) {
      const why = this.policy.refusal(a.address);
      if (why) return `${host} resolves to ${a.address} (${why})`;
    }
    return null;
  }

  /** 400 ERR_OUTBOUND_URL_FORBIDDEN naming each refused field; blank URLs are skipped. */
  async assertUrls(entries: { field: string; url: string | null | undefined }[]): Promise<void> {
    const fields: { field: string; messages: string[] }[] = [];
    for (const { field, url } of entries) {
      if (!url) continue;
      const why = await this.urlRefusal(url);
      if (why) fields.push({ field, messages: [why] });
    }
    if (fields.length) throw new AppError(OutboundError.ERR_OUTBOUND_URL_FORBIDDEN, undefined, fields);
  }

  /**
   * `fetch` through the guard. Redirects are followed here, each hop checked (`redirect: 'manual'` answers the 3xx
   * itself, `'error'` throws on one). A refusal throws OutboundForbiddenError, before any connection to the refused
   * address, and logs a warning with the company and the host.
   */
  async fetch(ctx: OutboundContext, input: string | URL, init: RequestInit = {}): Promise<Response> {
    const mode = init.redirect ?? 'follow';
    let url = new URL(String(input));
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      const early = this.hopRefusal(url);
      if (early) throw this.refused(ctx, new OutboundForbiddenError(url.host || String(url), early));
      let res: Response;
      try {
        // undici's own fetch with its own Agent: a dispatcher works only with the fetch of its undici version, and
        // Node's global fetch is another undici on each Node line (6 on Node 20, newer on 26).
        const sent = { ...init, method, headers: [...headers], body, redirect: 'manual', dispatcher: this.dispatcher } as UndiciRequestInit;
        res = await undiciFetch(url, sent);
      } catch (e) {
        const forbidden = forbiddenIn(e) ?? this.recall(e);
        throw forbidden ? this.refused(ctx, forbidden) : e;
      }
      const location = res.headers.get('location');
      if (mode === 'manual' || !REDIRECTS.has(res.status) || !location) return res;
      await res.body?.cancel().catch(() => undefined);
      if (mode === 'error') throw new TypeError(`${url.host} redirected (${res.status}) and redirects are not allowed`);
      if (hop >= this.maxRedirects) throw new TypeError(`more than ${this.maxRedirects} redirects from ${String(input)}`);
      const next = new URL(location, url);
      if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) headers.delete(h);
      if ((res.status === 303 && method !== 'GET' && method !== 'HEAD') || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        for (const h of BODY_HEADERS) headers.delete(h);
      } else if (body instanceof ReadableStream) {
        throw new TypeError(`${url.host} redirected (${res.status}) a request whose body cannot be sent again`);
      }
      url = next;
    }
  }

  /** A fetch function for SDKs that take one (openai's `fetch`, gaxios's `fetchImplementation`). */
  fetcher(ctx: OutboundContext): typeof fetch {
    return (input: string | URL | Request, init?: RequestInit) =>
      input instanceof Request
        ? this.fetch(ctx, input.url, { method: input.method, headers: input.headers, body: input.body, signal: input.signal, duplex: 'half', ...init })
        : this.fetch(ctx, input, init);
  }

  /** Scheme, credentials-free host, IP literal and metadata name: what is known without DNS. */
  private hopRefusal(url: URL): string | null {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs';
    const host = bareHost(url.hostname);
    if (!host) return 'no host';
    return isIP(host) ? this.policy.refusal(host) : this.policy.nameRefusal(host);
  }

  /** net's `lookup` hook: every address a name resolves to is checked; one refused address refuses the name. */
  private readonly lookup = (hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void): void => {
    const byName = this.policy.nameRefusal(hostname);
    if (byName) return callback(this.remember(new OutboundForbiddenError(hostname, byName)));
    this.resolve(hostname).then(
      (all) => {
        for (const a of all) {
          const why = this.policy.refusal(a.address);
          if (why) return callback(this.remember(new OutboundForbiddenError(`${hostname} (${a.address})`, why)));
        }
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
        const list = family ? all.filter((a) => a.family === family) : all;
        if (!list.length) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }));
        if (options.all) return callback(null, list);
        return callback(null, list[0].address, list[0].family);
      },
      (e: unknown) => callback(e),
    );
  };

  private remember(e: OutboundForbiddenError): OutboundForbiddenError {
    this.refusals.set(String(e), e);
    if (this.refusals.size > 100) this.refusals.delete(this.refusals.keys().next().value!);
    return e;
  }

  /** The refusal a failed fetch carries, by its text (see `refusals`). */
  private recall(e: unknown): OutboundForbiddenError | null {
    for (let err = e, depth = 0; err && depth < 6; depth++) {
      const text = (err as { message?: unknown }).message;
      const found = typeof text === 'string' ? this.refusals.get(text) : undefined;
      if (found) {
        this.refusals.delete(text as string);
        return found;
      }
      err = (err as { cause?: unknown }).cause;
    }
    return null;
  }

  private refused(ctx: OutboundContext, e: OutboundForbiddenError): OutboundForbiddenError {
    this.log.warn(`company ${ctx.companyId}: ${ctx.purpose} request to ${e.host} refused (${e.reason})`);
    return e;
  }

  private withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timeout')), ms);
      p.then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }
}
