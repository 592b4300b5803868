import { createECDH, createPublicKey, ECDH, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of one subscription: what the API is given, and the private key to read what it sends. */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The id in the endpoint's path. */
  id: string;
}

/** One push the fake received, checked and decrypted. */
export interface PushDelivery {
  id: string;
  headers: IncomingMessage['headers'];
  /** The VAPID JWT verified with `expectedPublicKey`, audience this fake's origin, not expired. */
  vapidOk: boolean;
  vapidProblem?: string;
  claims?: { aud: string; exp: number; sub: string };
  /** The decrypted payload (RFC 8291, aes128gcm), parsed as JSON. */
  payload: any;
  status: number;
}

const b64u = (b: Buffer) => b.toString('base64url');

/**
 * A local push service (node:http, no network), as browsers' push services behave for a sender: it checks the
 * VAPID Authorization header (`vapid t=<ES256 JWT>, k=<public key>`) against the key the API serves, decrypts the
 * aes128gcm body with the subscription's private key, records it, and answers 201 unless told otherwise (per
 * subscription: a queue of statuses, the last repeating).
 */
export class PushServiceFake {
  readonly deliveries: PushDelivery[] = [];
  /** The VAPID public key the API serves (GET /subscribe/public-key); the JWT must verify with it. */
  expectedPublicKey = '';
  origin = '';
  private server!: Server;
  private readonly browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  private readonly answers = new Map<string, number[]>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = this.receive(req, Buffer.concat(chunks));
        res.writeHead(status, { Location: `${this.origin}/message/${randomBytes(4).toString('hex')}` }).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A new browser subscription (a real P-256 key pair and a random 16-byte auth secret). */
  subscription(): FakeSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomBytes(8).toString('hex');
    this.browsers.set(id, { ecdh, auth });
    return { id, endpoint: `${this.origin}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
  }

  /** What the subscription's next requests are answered (the last one repeats). */
  answer(sub: FakeSubscription, ...statuses: number[]): void {
    this.answers.set(sub.id, statuses);
  }

  to(sub: FakeSubscription): PushDelivery[] {
    return this.deliveries.filter((d) => d.id === sub.id);
  }

  private receive(req: IncomingMessage, body: Buffer): number {
    const id = /^\/push\/([0-9a-f]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const browser = this.browsers.get(id);
    if (req.method !== 'POST' || !browser) return 404;
    const queue = this.answers.get(id) ?? [201];
    const status = queue.length > 1 ? queue.shift()! : queue[0];
    const vapid = this.checkVapid(String(req.headers.authorization ?? ''));
    let payload: any = null;
    try {
      payload = JSON.parse(decrypt(body, browser.ecdh, browser.auth).toString('utf8'));
    } catch (e) {
      payload = { undecryptable: String(e) };
    }
    this.deliveries.push({ id, headers: req.headers, ...vapid, payload, status });
    return vapid.vapidOk ? status : 403;
  }

  private checkVapid(header: string): Pick<PushDelivery, 'vapidOk' | 'vapidProblem' | 'claims'> {
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
    if (!m) return { vapidOk: false, vapidProblem: `no vapid header: ${header}` };
    const [, jwt, k] = m;
    if (k !== this.expectedPublicKey) return { vapidOk: false, vapidProblem: 'k is not the public key the API serves' };
    const [h, p, s] = jwt.split('.');
    const raw = Buffer.from(k, 'base64url');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: 'jwk' });
    const signed = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
    const header_ = JSON.parse(Buffer.from(h, 'base64url').toString());
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    if (!signed || header_.alg !== 'ES256') return { vapidOk: false, vapidProblem: 'bad signature', claims };
    if (claims.aud !== this.origin) return { vapidOk: false, vapidProblem: `aud ${claims.aud} is not ${this.origin}`, claims };
    if (!(claims.exp > Date.now() / 1000) || claims.exp > Date.now() / 1000 + 24 * 3600) return { vapidOk: false, vapidProblem: 'exp out of range', claims };
    if (!/^(mailto:|https:)/.test(claims.sub)) return { vapidOk: false, vapidProblem: 'sub', claims };
    return { vapidOk: true, claims };
  }
}

/** RFC 8291 / RFC 8188 (aes128gcm, one record) as the browser decrypts a push message. */
export function decrypt(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const secret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end);
}
