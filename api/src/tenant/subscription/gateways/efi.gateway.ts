import { Logger } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { OpenedPixCharge, PaymentGateway, PixChargeRequest } from './payment-gateway';

/** Efí Bank's Pix API: production and its homologation host. */
export const EFI_PRODUCTION_URL = 'https://pix.api.efipay.com.br';
export const EFI_SANDBOX_URL = 'https://pix-h.api.efipay.com.br';

export interface EfiConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account's Pix key that receives the payments. */
  pixKey: string;
  /** The .p12 certificate Efí issues for the account (mutual TLS on every call); absent only against a plain-HTTP stand-in. */
  certificate?: Buffer;
  certificatePassphrase?: string;
  /** Our public notice URL (`{API}/subscription/webhook/efi?hmac={secret}`): registered at start when set. */
  webhookUrl?: string;
  timeoutMs?: number;
}

/** A refusal or failure of Efí's API, with what it answered (never credentials). */
export class EfiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  body: unknown;
}

/**
 * The real Pix gateway: OAuth2 client credentials (POST /oauth/token, Basic auth, over mutual TLS), then an
 * immediate charge with our txid (PUT /v2/cob/{txid}) and its QR code (GET /v2/loc/{id}/qrcode). Payments come back
 * as POST {webhookUrl}/pix with `{ pix: [{ endToEndId, txid, valor, horario }] }`, verified by the secret in the URL.
 */
export class EfiGateway implements PaymentGateway {
  readonly name = 'efi' as const;
  private readonly logger = new Logger('EfiGateway');
  private token: { value: string; until: number } | null = null;

  constructor(private readonly config: EfiConfig) {}

  async openCharge(request: PixChargeRequest): Promise<OpenedPixCharge> {
    const cob = await this.call('PUT', `/v2/cob/${encodeURIComponent(request.txid)}`, {
      calendario: { expiracao: request.expiresInSeconds },
      valor: { original: request.value },
      chave: this.config.pixKey,
      solicitacaoPagador: request.description.slice(0, 140),
    });
    const created = cob as { loc?: { id?: number }; pixCopiaECola?: string; calendario?: { criacao?: string; expiracao?: number } };
    const locId = created.loc?.id;
    let pixCode = created.pixCopiaECola;
    let qrImage: string | null = null;
    if (locId !== undefined) {
      const qr = (await this.call('GET', `/v2/loc/${locId}/qrcode`)) as { qrcode?: string; imagemQrcode?: string };
      pixCode = qr.qrcode ?? pixCode;
      qrImage = qr.imagemQrcode?.startsWith('data:image/') ? qr.imagemQrcode : null;
    }
    if (!pixCode) throw new EfiError('Efí answered the charge without a Pix code');
    const createdAt = created.calendario?.criacao ? Date.parse(created.calendario.criacao) : Date.now();
    const seconds = created.calendario?.expiracao ?? request.expiresInSeconds;
    return { pixCode, qrImage, expiresAt: new Date((Number.isNaN(createdAt) ? Date.now() : createdAt) + seconds * 1000) };
  }

  /** PUT /v2/webhook/{key}: where Efí posts payments. Efí calls the URL once to test it (answered 200 by the route). */
  async registerWebhook(): Promise<void> {
    if (!this.config.webhookUrl) return;
    await this.call('PUT', `/v2/webhook/${encodeURIComponent(this.config.pixKey)}`, { webhookUrl: this.config.webhookUrl }, { 'x-skip-mtls-checking': 'true' });
    this.logger.log('Pix webhook registered at Efí');
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const answer = await this.send('POST', '/oauth/token', { grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    const body = answer.body as { access_token?: string; expires_in?: number };
    if (answer.status !== 200 || !body.access_token) throw new EfiError(`Efí refused the credentials (HTTP ${answer.status})`, answer.status);
    // Renewed a minute early, so a token never expires between being read and being used.
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 };
    return this.token.value;
  }

  private async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    let answer = await this.send(method, path, body, { ...headers, authorization: `Bearer ${await this.accessToken()}` });
    if (answer.status === 401) {
      // Revoked or expired early at Efí's side: one new token, one retry.
      this.token = null;
      answer = await this.send(method, path, body, { ...headers, authorization: `Bearer ${await this.accessToken()}` });
    }
    if (answer.status < 200 || answer.status >= 300) {
      const detail = answer.body as { nome?: string; mensagem?: string; title?: string; detail?: string } | null;
      const why = detail?.mensagem ?? detail?.detail ?? detail?.nome ?? detail?.title ?? '';
      throw new EfiError(
        `Efí answered ${method} ${path.replace(/\/v2\/(cob|webhook)\/[^/]+/, '/v2/$1/…')} with HTTP ${answer.status}${why ? `: ${why}` : ''}`,
        answer.status,
      );
    }
    return answer.body;
  }

  private send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
    const url = new URL(path, this.config.baseUrl);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const options: RequestOptions = {
      method,
      headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...headers },
      timeout: this.config.timeoutMs ?? 15_000,
      ...(this.config.certificate ? { pfx: this.config.certificate, passphrase: this.config.certificatePassphrase ?? '' } : {}),
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Answer>((resolve, reject) => {
      const req = send(url, options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new EfiError(`Efí did not answer ${method} in time`)));
      req.on('error', (err) => reject(err instanceof EfiError ? err : new EfiError(`Efí could not be reached: ${err.message}`)));
      if (payload) req.write(payload);
      req.end();
    });
  }
}
