import { createHmac, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: JSON bodies parsed, multipart uploads as their fields. */
export interface GraphRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: any;
  /** The message id the fake answered for a send. */
  wamid?: string;
}

export interface FakePhone {
  display_phone_number: string;
  verified_name?: string;
  quality_rating?: string;
  messaging_limit_tier?: string;
}

export interface FakeTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; format?: string; text?: string }[];
}

export interface FakeUpload {
  id: string;
  data: Buffer;
  mimetype: string;
  filename: string;
  type: string;
  messagingProduct: string;
}

export const GRAPH_VERSION = 'v23.0';

const textField = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/**
 * A local stand-in for Meta's Graph API (node:http on 127.0.0.1, no network), as the official connections call it:
 * GET /{phone-number-id} (the number's fields), POST /{phone-number-id}/messages (sends and read receipts),
 * POST /{phone-number-id}/media (multipart uploads), GET /{media-id} and the medium's bytes at the URL it gives,
 * GET /{waba-id}/message_templates (paged). Every request is recorded. A test sets the phones, templates and media,
 * refuses a token, fails the next send with a Graph error code, and signs and posts webhook deliveries to the API.
 */
export class GraphApiFake {
  readonly requests: GraphRequest[] = [];
  readonly phones = new Map<string, FakePhone>();
  readonly templates = new Map<string, FakeTemplate[]>();
  readonly media = new Map<string, { data: Buffer; mimetype: string }>();
  readonly uploads: FakeUpload[] = [];
  /** Tokens answered 401 with code 190, as an expired or revoked token is. */
  readonly refusedTokens = new Set<string>();
  /** Templates per page (Meta's `limit`, capped here to show the paging). */
  pageSize = 2;
  private failures: { code: number; status: number; message: string; details?: string }[] = [];
  private server!: Server;
  /** The API base the connections are given (WHATSAPP_GRAPH_URL): `http://127.0.0.1:<port>/v23.0`. */
  url = '';
  private origin = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.route(req, res, Buffer.concat(chunks)).catch((e: unknown) => this.send(res, 500, { error: { message: String(e) } })));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.url = `${this.origin}/${GRAPH_VERSION}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next send (POST .../messages that is not a read receipt) is refused with this Graph error. */
  failNextSend(code: number, options: { status?: number; message?: string; details?: string } = {}): void {
    this.failures.push({ code, status: options.status ?? 400, message: options.message ?? `(#${code}) refused by the fake`, details: options.details });
  }

  /** A medium the webhook's messages can name: its id. */
  addMedia(data: Buffer, mimetype: string): string {
    const id = `${Date.now()}${randomBytes(4).readUInt32BE()}`;
    this.media.set(id, { data, mimetype });
    return id;
  }

  /** The message sends (not read receipts) posted for a phone number id. */
  sends(phoneNumberId?: string): any[] {
    return this.requests
      .filter((r) => r.method === 'POST' && r.path.endsWith('/messages') && r.body?.status !== 'read')
      .filter((r) => !phoneNumberId || r.path === `/${GRAPH_VERSION}/${phoneNumberId}/messages`)
      .map((r) => r.body);
  }

  reads(): any[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages') && r.body?.status === 'read').map((r) => r.body);
  }

  /**
   * Posts a webhook delivery to the API as Meta does: the JSON body signed with the app secret in `X-Hub-Signature-256`
   * (`forge`: signed with another secret). Answers the API's status and body.
   */
  async deliver(apiUrl: string, whatsappId: number, payload: unknown, options: { appSecret: string; forge?: boolean }): Promise<{ status: number; body: any }> {
    const raw = JSON.stringify(payload);
    const secret = options.forge ? `${options.appSecret}-forged` : options.appSecret;
    const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    const res = await fetch(`${apiUrl}/whatsapp-cloud/${whatsappId}/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
      body: raw,
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* kept as text */
    }
    return { status: res.status, body };
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async route(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const method = req.method ?? 'GET';
    const contentType = String(req.headers['content-type'] ?? '');
    let body: any = undefined;
    if (contentType.startsWith('application/json') && raw.length) body = JSON.parse(raw.toString('utf8'));
    if (contentType.startsWith('multipart/form-data'))
      body = await new Request(url, { method, headers: { 'content-type': contentType }, body: raw }).formData();
    const recorded: GraphRequest = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body };
    this.requests.push(recorded);

    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!token || this.refusedTokens.has(token)) {
      return this.send(res, 401, { error: { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190 } });
    }
    const bytes = /^\/media-bytes\/([^/]+)$/.exec(url.pathname);
    if (bytes) {
      const m = this.media.get(bytes[1]);
      if (!m) return this.send(res, 404, { error: { message: 'no such medium', code: 100 } });
      res.writeHead(200, { 'Content-Type': m.mimetype, 'Content-Length': m.data.length });
      return void res.end(m.data);
    }
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== GRAPH_VERSION) return this.send(res, 404, { error: { message: 'unknown version', code: 100 } });
    const [, id, edge] = parts;

    if (method === 'GET' && id && !edge) {
      const phone = this.phones.get(id);
      if (phone) return this.send(res, 200, { ...phone, id });
      const m = this.media.get(id);
      if (m)
        return this.send(res, 200, {
          url: `${this.origin}/media-bytes/${id}`,
          mime_type: m.mimetype,
          file_size: m.data.length,
          id,
          messaging_product: 'whatsapp',
        });
      return this.send(res, 400, { error: { message: `Unsupported get request. Object with ID '${id}' does not exist`, code: 100 } });
    }
    if (method === 'POST' && edge === 'messages') {
      if (!this.phones.has(id)) return this.send(res, 400, { error: { message: 'Unknown phone number id', code: 100 } });
      if (body?.status === 'read') return this.send(res, 200, { success: true });
      const failure = this.failures.shift();
      if (failure) {
        return this.send(res, failure.status, {
          error: {
            message: failure.message,
            type: 'OAuthException',
            code: failure.code,
            error_data: { messaging_product: 'whatsapp', details: failure.details ?? failure.message },
          },
        });
      }
      const wamid = `wamid.${randomBytes(12).toString('hex').toUpperCase()}`;
      recorded.wamid = wamid;
      return this.send(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body?.to, wa_id: body?.to }], messages: [{ id: wamid }] });
    }
    if (method === 'POST' && edge === 'media') {
      const form = body as FormData | undefined;
      const file = form?.get('file');
      if (!(file instanceof Blob)) return this.send(res, 400, { error: { message: 'file missing', code: 100 } });
      const upload: FakeUpload = {
        id: `${Date.now()}${randomBytes(4).readUInt32BE()}`,
        data: Buffer.from(await file.arrayBuffer()),
        mimetype: file.type,
        filename: (file as File).name,
        type: textField(form!, 'type'),
        messagingProduct: textField(form!, 'messaging_product'),
      };
      this.uploads.push(upload);
      this.media.set(upload.id, { data: upload.data, mimetype: upload.type });
      return this.send(res, 200, { id: upload.id });
    }
    if (method === 'GET' && edge === 'message_templates') {
      const all = this.templates.get(id) ?? [];
      const limit = Math.min(this.pageSize, Number(url.searchParams.get('limit') ?? this.pageSize) || this.pageSize);
      const start = Number(url.searchParams.get('after') ?? 0);
      const data = all.slice(start, start + limit);
      const more = start + limit < all.length;
      const next = new URL(url);
      next.searchParams.set('after', String(start + limit));
      return this.send(res, 200, { data, paging: { cursors: { after: String(start + limit) }, ...(more ? { next: next.toString() } : {}) } });
    }
    return this.send(res, 404, { error: { message: `no route ${method} ${url.pathname}`, code: 100 } });
  }
}
