/**
 * Meta's Graph API as the official WhatsApp connections use it: JSON calls with the connection's access token, media
 * uploads (multipart) and downloads. The base URL is WHATSAPP_GRAPH_URL (Meta's own in production, a local fake in
 * tests). No library: the Cloud API is a handful of HTTPS calls.
 */

/** How long one Graph API call may take. */
export const GRAPH_TIMEOUT_MS = 30_000;
/** The largest medium a webhook's message may bring in (what the ingest would store). */
export const GRAPH_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A refusal the Graph API answered (`{ error: { code, error_subcode, message, error_user_title, error_data } }`) or an
 * HTTP status without such a body. `code` is Meta's error code (190 an invalid token, 131047 the window closed, ...).
 */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
    readonly details?: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

export interface GraphMedia {
  data: Buffer;
  mimetype: string;
}

type Fetch = typeof fetch;

export class GraphClient {
  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly fetchFn: Fetch = fetch,
    private readonly timeoutMs = GRAPH_TIMEOUT_MS,
  ) {}

  /** GET {base}/{path}, or an absolute URL the Graph API gave (a page's `paging.next`). */
  get<T>(pathOrUrl: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(pathOrUrl.startsWith('http') ? pathOrUrl : `${this.base}/${pathOrUrl}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return this.call<T>(url.toString(), { method: 'GET' });
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>(`${this.base}/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** POST {base}/{phoneNumberId}/media: the file's id, valid for sending for 30 days. */
  async upload(phoneNumberId: string, data: Buffer, mimetype: string, filename: string): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', mimetype);
    form.set('file', new Blob([data], { type: mimetype }), filename);
    const answer = await this.call<{ id?: string }>(`${this.base}/${phoneNumberId}/media`, { method: 'POST', body: form });
    if (!answer.id) throw new GraphError(502, undefined, 'the Graph API answered an upload without a media id');
    return answer.id;
  }

  /** A medium by its id: its URL first (GET {base}/{id}), then its bytes from there, both with the token. */
  async media(mediaId: string, maxBytes = GRAPH_MEDIA_MAX_BYTES): Promise<GraphMedia> {
    const info = await this.get<{ url?: string; mime_type?: string; file_size?: number }>(encodeURIComponent(mediaId));
    if (!info.url) throw new GraphError(502, undefined, `the Graph API gave no URL for medium ${mediaId}`);
    if ((info.file_size ?? 0) > maxBytes) throw new GraphError(413, undefined, `too large (${info.file_size} bytes)`);
    const res = await this.fetchFn(info.url, { headers: this.auth(), signal: AbortSignal.timeout(this.timeoutMs) });
    if (!res.ok) throw new GraphError(res.status, undefined, `medium ${mediaId} not downloaded: HTTP ${res.status}`);
    const data = Buffer.from(await res.arrayBuffer());
    if (data.length > maxBytes) throw new GraphError(413, undefined, `too large (${data.length} bytes)`);
    return { data, mimetype: info.mime_type ?? res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  private auth(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}` };
  }

  /** One call; a non-2xx answer throws GraphError with Meta's code; a network failure throws as fetch does. */
  private async call<T>(url: string, init: RequestInit): Promise<T> {
    const res = await this.fetchFn(url, {
      ...init,
      headers: { ...this.auth(), ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const error = (body as { error?: GraphErrorBody } | undefined)?.error;
      const message = error?.error_user_msg || error?.message || `HTTP ${res.status}`;
      throw new GraphError(res.status, typeof error?.code === 'number' ? error.code : undefined, message, error?.error_data?.details);
    }
    if (body === undefined) throw new GraphError(502, undefined, 'the Graph API answered something other than JSON');
    return body as T;
  }
}

interface GraphErrorBody {
  code?: number;
  message?: string;
  error_user_msg?: string;
  error_data?: { details?: string };
}
