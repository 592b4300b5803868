import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { asCompanyId } from '../../tenancy/company-id';
import { AppError } from '../../http/errors';
import { AddressPolicy } from './address-policy';
import { forbiddenIn, OutboundForbiddenError, OutboundGuard, Resolve } from './outbound-guard';

const ctx = { companyId: asCompanyId(7), purpose: 'spec' };

/** A listener on a loopback address that records each request; `/to?url=` answers 302 to that URL. */
async function listener(host: string): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`.trim());
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/to') res.writeHead(Number(u.searchParams.get('status') ?? 302), { location: u.searchParams.get('url')! }).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${req.method}`);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, hits, server };
}

/** DNS of the spec's own names; anything else is unknown. */
const names =
  (table: Record<string, string[]>): Resolve =>
  (hostname) => {
    const addresses = table[hostname];
    if (!addresses) return Promise.reject(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })));
  };

describe('AddressPolicy (ipaddr.js ranges)', () => {
  const policy = new AddressPolicy();

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'cloud metadata'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.10', 'reserved'],
    ['198.51.100.1', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['::7f00:1', 'IPv4-compatible'],
    ['64:ff9b::127.0.0.1', 'NAT64 of a loopback'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private'],
    ['64:ff9b:1::1', 'local NAT64'],
    ['2002:7f00:1::', '6to4 of a loopback'],
    ['2002:c0a8:101::1', '6to4 of a private'],
    ['2001::1', 'teredo'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s (%s)', (address, why) => {
    expect(policy.refusal(address)).toContain(why);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'])('lets %s through (public)', (address) => {
    expect(policy.refusal(address)).toBeNull();
  });

  it('lets listed ranges through, mapped IPv6 included, never a metadata address', () => {
    const listed = new AddressPolicy(['10.0.0.0/8', '127.0.0.1', '169.254.0.0/16', 'fd00::/8']);
    expect(listed.refusal('10.1.2.3')).toBeNull();
    expect(listed.refusal('::ffff:10.1.2.3')).toBeNull();
    expect(listed.refusal('127.0.0.1')).toBeNull();
    expect(listed.refusal('127.0.0.2')).toContain('loopback');
    expect(listed.refusal('169.254.1.1')).toBeNull();
    expect(listed.refusal('169.254.169.254')).toContain('cloud metadata');
    expect(listed.refusal('fd00:ec2::254')).toContain('cloud metadata');
    expect(listed.refusal('192.168.0.1')).toContain('private');
  });

  it('refuses metadata names before resolving them', () => {
    expect(policy.nameRefusal('metadata.google.internal')).toContain('metadata');
    expect(policy.nameRefusal('METADATA.google.internal.')).toContain('metadata');
    expect(policy.nameRefusal('api.openai.com')).toBeNull();
  });
});

describe('OutboundGuard', () => {
  let loop: Awaited<ReturnType<typeof listener>>;
  let other: Awaited<ReturnType<typeof listener>>;
  const guards: OutboundGuard[] = [];
  const guard = (options: ConstructorParameters<typeof OutboundGuard>[0] = {}) => {
    const g = new OutboundGuard(options);
    guards.push(g);
    return g;
  };

  beforeAll(async () => {
    loop = await listener('127.0.0.1');
    // 127.0.0.2 is loopback too (all of 127/8 is): the allowed "public" hop of the redirect tests.
    other = await listener('127.0.0.2');
  });
  afterAll(async () => {
    await Promise.all(guards.map((g) => g.onApplicationShutdown()));
    for (const s of [loop.server, other.server]) s.closeAllConnections();
    await Promise.all([loop, other].map((l) => new Promise((r) => l.server.close(r))));
  });
  beforeEach(() => {
    loop.hits.length = 0;
    other.hits.length = 0;
  });

  describe('on save (urlRefusal)', () => {
    const g = () =>
      guard({ resolve: names({ 'hooks.example': ['93.184.215.14'], 'sneaky.example': ['93.184.215.14', '127.0.0.1'], localhost: ['127.0.0.1', '::1'] }) });

    it.each([
      ['http://127.0.0.1:5678/webhook', 'loopback'],
      ['http://10.0.0.1/', 'private'],
      ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
      ['http://[::1]:8080/', 'loopback'],
      ['http://[::ffff:127.0.0.1]/', 'loopback'],
      ['http://2130706433/', 'loopback'], // the URL parser reads 127.0.0.1 in it
      ['http://localhost:3000/', 'localhost resolves to 127.0.0.1'],
      ['http://sneaky.example/', 'resolves to 127.0.0.1'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
      ['ftp://hooks.example/', 'only http and https'],
      ['file:///etc/passwd', 'only http and https'],
      ['nonsense', 'not a URL'],
    ])('refuses %s', async (url, why) => {
      expect(await g().urlRefusal(url)).toContain(why);
    });

    it('accepts a public name, a public address and a name that does not resolve now', async () => {
      expect(await g().urlRefusal('https://hooks.example/n8n')).toBeNull();
      expect(await g().urlRefusal('https://8.8.8.8/')).toBeNull();
      expect(await g().urlRefusal('https://not-yet.example/')).toBeNull();
    });

    it('answers 400 ERR_OUTBOUND_URL_FORBIDDEN naming each refused field', async () => {
      const err = await g()
        .assertUrls([
          { field: 'urlN8N', url: 'http://10.0.0.1/' },
          { field: 'baseUrl', url: 'https://hooks.example/' },
          { field: 'skipped', url: null },
          { field: 'jsonContent', url: 'http://[::1]/token' },
        ])
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).getStatus()).toBe(400);
      expect((err as AppError).getResponse()).toMatchObject({
        error: 'ERR_OUTBOUND_URL_FORBIDDEN',
        fields: [
          { field: 'urlN8N', messages: [expect.stringContaining('private')] },
          { field: 'jsonContent', messages: [expect.stringContaining('loopback')] },
        ],
      });
    });
  });

  describe('at call (fetch)', () => {
    it.each(['127.0.0.1', '[::ffff:127.0.0.1]', 'localhost'])('refuses http://%s before connecting: the listener records nothing', async (host) => {
      const port = new URL(loop.url).port;
      const err = await guard()
        .fetch(ctx, `http://${host}:${port}/secret`, { method: 'POST', body: '{}' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutboundForbiddenError);
      expect((err as OutboundForbiddenError).reason).toMatch(/loopback/);
      expect(loop.hits).toEqual([]);
    });

    it('refuses 10.x, 169.254.169.254 and [::1] before any connection (nothing is sent there)', async () => {
      for (const url of [
        'http://10.0.0.1/',
        'http://169.254.169.254/latest/meta-data/',
        `http://[::1]:${new URL(loop.url).port}/`,
        'http://[fd00:ec2::254]/',
      ]) {
        const err = await guard()
          .fetch(ctx, url, { signal: AbortSignal.timeout(2000) })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(OutboundForbiddenError);
      }
    });

    it('checks the address it connects to: a name resolving to loopback is refused in the connection itself', async () => {
      // The first answer is public (what a save-time check would see); the connection's lookup gets loopback.
      let calls = 0;
      const rebinding: Resolve = () => Promise.resolve([{ address: calls++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }]);
      const g = guard({ resolve: rebinding });
      const url = `http://rebind.example:${new URL(loop.url).port}/`;
      expect(await g.urlRefusal(url)).toBeNull();
      const err = await g.fetch(ctx, url).catch((e: unknown) => e);
      expect(forbiddenIn(err)?.reason).toMatch(/loopback/);
      expect(loop.hits).toEqual([]);
    });

    it('refuses a redirect from an allowed host to loopback: the first hop is served, the second never reached', async () => {
      const g = guard({
        allowCidrs: ['127.0.0.2/32'],
        resolve: names({ 'public.example': ['127.0.0.2'], 'inside.example': ['127.0.0.1'], localhost: ['127.0.0.1', '::1'] }),
      });
      const otherPort = new URL(other.url).port;
      for (const target of [`${loop.url}/secret`, `http://inside.example:${new URL(loop.url).port}/secret`, `http://localhost:${new URL(loop.url).port}/`]) {
        const start = `http://public.example:${otherPort}/to?url=${encodeURIComponent(target)}`;
        const err = await g.fetch(ctx, start, { headers: { authorization: 'Bearer sk-company' } }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(OutboundForbiddenError);
      }
      expect(other.hits).toHaveLength(3);
      expect(loop.hits).toEqual([]);
    });

    it('follows redirects between allowed hosts, turns a 302 POST into a GET, and keeps credentials on the origin only', async () => {
      const g = guard({ allowCidrs: ['127.0.0.0/8'] });
      const res = await g.fetch(ctx, `${other.url}/to?url=${encodeURIComponent(`${loop.url}/landed`)}`, {
        method: 'POST',
        body: 'x',
        headers: { authorization: 'Bearer sk-company' },
      });
      expect(await res.text()).toBe('ok GET');
      expect(res.url).toBe(`${loop.url}/landed`);
      expect(other.hits).toEqual([expect.stringMatching(/^POST \/to\?url=.* Bearer sk-company$/)]);
      expect(loop.hits).toEqual(['GET /landed']);
    });

    it('keeps the method and body on 307, answers the 3xx itself with redirect: manual, and stops after maxRedirects', async () => {
      const g = guard({ allowCidrs: ['127.0.0.0/8'], maxRedirects: 2 });
      const res = await g.fetch(ctx, `${loop.url}/to?status=307&url=${encodeURIComponent('/kept')}`, { method: 'POST', body: 'x' });
      expect(await res.text()).toBe('ok POST');
      const manual = await g.fetch(ctx, `${loop.url}/to?url=${encodeURIComponent('/never')}`, { redirect: 'manual' });
      expect(manual.status).toBe(302);
      expect(loop.hits).not.toContain('GET /never');
      const loopUrl = (n: number): string => (n === 0 ? `${loop.url}/end` : `${loop.url}/to?url=${encodeURIComponent(loopUrl(n - 1))}`);
      await expect(g.fetch(ctx, loopUrl(3))).rejects.toThrow(/more than 2 redirects/);
    });

    it('gives SDKs a fetch function with the same checks (openai, gaxios)', async () => {
      const f = guard().fetcher(ctx);
      await expect(f(`${loop.url}/v1/chat/completions`, { method: 'POST' })).rejects.toBeInstanceOf(OutboundForbiddenError);
      await expect(f(new Request(`${loop.url}/token`, { method: 'POST', body: 'a=b' }))).rejects.toBeInstanceOf(OutboundForbiddenError);
      expect(loop.hits).toEqual([]);
      const allowed = guard({ allowCidrs: ['127.0.0.1/32'] }).fetcher(ctx);
      expect(await (await allowed(new Request(`${loop.url}/token`, { method: 'POST', body: 'a=b' }))).text()).toBe('ok POST');
    });
  });
});
