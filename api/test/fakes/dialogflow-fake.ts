import { generateKeyPairSync, KeyObject, randomBytes, verify } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One detectIntent the fake answered (or refused). */
export interface DetectCall {
  project: string;
  session: string;
  text: string;
  languageCode: string;
  authorized: boolean;
  /** How the caller authenticated: a token from the fake's token endpoint, or a JWT it signed itself. */
  auth: 'token' | 'self-signed-jwt' | 'none';
}

/** The answer to one query: texts, and whether the intent ends the interaction. */
export interface DetectAnswer {
  texts: string[];
  intent?: string;
  endInteraction?: boolean;
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * A local stand-in for Dialogflow ES (node:http, no network), as Google's client reaches it over REST:
 * POST /v2/projects/{project}/agent/sessions/{session}:detectIntent, and the OAuth token endpoint (/token) that
 * a service-account key's `token_uri` names. It makes its own service account (an RSA key pair) and accepts only
 * requests authenticated by that key: a JWT signed with it (Google's self-signed access) or a token it issued
 * for a JWT assertion signed with it.
 */
export class DialogflowFake {
  readonly calls: DetectCall[] = [];
  readonly tokenRequests: number[] = [];
  private server!: Server;
  port = 0;
  private readonly publicKey: KeyObject;
  private readonly privatePem: string;
  private readonly issued = new Set<string>();
  readonly clientEmail = 'atende-test@fake-project.iam.gserviceaccount.com';
  /** Answers by query text (case-insensitive); others get `fallback`. */
  readonly answers = new Map<string, DetectAnswer>();
  fallback: DetectAnswer = { texts: ['Não entendi.'], intent: 'Default Fallback Intent' };
  /** Projects the fake knows; others answer 404 like Google does. */
  readonly projects = new Set(['fake-project']);

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = publicKey;
    this.privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  /** A service-account key file for this fake (token_uri points at it). */
  serviceAccountJson(): string {
    return JSON.stringify({
      type: 'service_account',
      project_id: 'fake-project',
      private_key_id: randomBytes(8).toString('hex'),
      private_key: this.privatePem,
      client_email: this.clientEmail,
      client_id: '1',
      token_uri: `http://127.0.0.1:${this.port}/token`,
    });
  }

  /** A well-formed key of another account: the fake refuses it. */
  static strangerJson(port: number): string {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return JSON.stringify({
      type: 'service_account',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: 'intruder@other.iam.gserviceaccount.com',
      token_uri: `http://127.0.0.1:${port}/token`,
    });
  }

  private jwtValid(jwt: string): boolean {
    const [h, p, s] = jwt.split('.');
    if (!h || !p || !s) return false;
    try {
      const ok = verify('RSA-SHA256', Buffer.from(`${h}.${p}`), this.publicKey, Buffer.from(s, 'base64url'));
      const payload = b64json(p) as { iss?: string; exp?: number };
      return ok && payload.iss === this.clientEmail && (payload.exp ?? 0) * 1000 > Date.now();
    } catch {
      return false;
    }
  }

  private authOf(req: IncomingMessage): DetectCall['auth'] | 'bad' {
    const header = String(req.headers.authorization ?? '');
    if (!header.startsWith('Bearer ')) return 'none';
    const token = header.slice(7);
    if (this.issued.has(token)) return 'token';
    return this.jwtValid(token) ? 'self-signed-jwt' : 'bad';
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = (req.url ?? '').split('?')[0];
        const send = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        if (req.method === 'POST' && path === '/token') {
          this.tokenRequests.push(Date.now());
          const assertion = new URLSearchParams(raw).get('assertion') ?? '';
          if (!this.jwtValid(assertion)) return send(400, { error: 'invalid_grant' });
          const token = `ya29.fake-${randomBytes(8).toString('hex')}`;
          this.issued.add(token);
          return send(200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
        }
        const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
        if (req.method !== 'POST' || !m) return send(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
        let body: any = {};
        try {
          body = JSON.parse(raw || '{}');
        } catch {
          return send(400, { error: { code: 400, message: 'bad json', status: 'INVALID_ARGUMENT' } });
        }
        const auth = this.authOf(req);
        const call: DetectCall = {
          project: decodeURIComponent(m[1]),
          session: decodeURIComponent(m[2]),
          text: body.queryInput?.text?.text ?? '',
          languageCode: body.queryInput?.text?.languageCode ?? '',
          authorized: auth === 'token' || auth === 'self-signed-jwt',
          auth: auth === 'bad' ? 'none' : auth,
        };
        this.calls.push(call);
        if (!call.authorized) return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
        if (!this.projects.has(call.project)) return send(404, { error: { code: 404, message: `Project ${call.project} not found`, status: 'NOT_FOUND' } });
        const a = this.answers.get(call.text.toLowerCase()) ?? this.fallback;
        return send(200, {
          responseId: randomBytes(6).toString('hex'),
          queryResult: {
            queryText: call.text,
            languageCode: call.languageCode,
            fulfillmentText: a.texts[0] ?? '',
            fulfillmentMessages: a.texts.map((t) => ({ text: { text: [t] } })),
            intent: { name: `projects/${call.project}/agent/intents/1`, displayName: a.intent ?? 'intent', endInteraction: !!a.endInteraction },
            intentDetectionConfidence: 1,
          },
        });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
