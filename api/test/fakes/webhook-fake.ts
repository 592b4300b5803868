import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery the fake received, with the raw body (the bytes that were signed). */
export interface WebhookDelivery {
  at: number;
  headers: IncomingMessage['headers'];
  raw: string;
  json: Record<string, any> | null;
}

/** What the fake answers: a status and a JSON body (or none). */
export interface WebhookAnswer {
  status: number;
  body?: unknown;
}

/** How a receiver checks `X-Atende-Signature`: HMAC-SHA256 of `timestamp.body` with the integration's secret. */
export function verifySignature(secret: string, delivery: Pick<WebhookDelivery, 'headers' | 'raw'>): boolean {
  const timestamp = String(delivery.headers['x-atende-timestamp'] ?? '');
  const given = String(delivery.headers['x-atende-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.raw}`).digest('hex')}`;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * A local webhook / n8n receiver (node:http, no network): records every POST and answers from a queue of
 * answers (the last one repeats). With a secret it refuses badly signed requests with 401, as a receiver should.
 */
export class WebhookFake {
  readonly deliveries: WebhookDelivery[] = [];
  private answers: WebhookAnswer[] = [{ status: 200, body: {} }];
  secret: string | null = null;
  private server!: Server;
  url = '';

  answer(...answers: WebhookAnswer[]): this {
    this.answers = answers;
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, any> | null = null;
        try {
          json = JSON.parse(raw);
        } catch {
          json = null;
        }
        const delivery = { at: Date.now(), headers: req.headers, raw, json };
        this.deliveries.push(delivery);
        if (this.secret && !verifySignature(this.secret, delivery)) {
          res.writeHead(401).end();
          return;
        }
        const answer = this.answers.length > 1 ? this.answers.shift()! : this.answers[0];
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
