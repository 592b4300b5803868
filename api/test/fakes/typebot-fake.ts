import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call to the fake chat API. */
export interface TypebotCall {
  at: number;
  kind: 'start' | 'continue';
  /** The typebot slug (start) or the session id (continue). */
  target: string;
  body: Record<string, any>;
}

export type TypebotReply = { status: number } | { messages: unknown[]; input?: unknown };

/** A rich-text bubble as Typebot's v1 chat API sends it. */
export const richText = (...paragraphs: { text: string; bold?: boolean; italic?: boolean }[][]) => ({
  type: 'text',
  content: { type: 'richText', richText: paragraphs.map((children) => ({ type: 'p', children })) },
});
export const plain = (text: string) => richText([{ text }]);
export const image = (url: string) => ({ type: 'image', content: { url } });
export const choice = (...labels: string[]) => ({ type: 'choice input', items: labels.map((content, i) => ({ id: `c${i}`, content })) });
export const textInput = () => ({ type: 'text input', options: {} });

/** A small PNG the fake serves at /img.png (for image bubbles). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * A local stand-in for Typebot's chat API v1 (node:http, no network): POST /api/v1/typebots/{slug}/startChat and
 * /api/v1/sessions/{id}/continueChat. Sessions are numbered; `onStart` and `onContinue` script the answers
 * (by default a greeting with a choice, then an echo). It records every call; a session can be "forgotten" (404).
 */
export class TypebotFake {
  readonly calls: TypebotCall[] = [];
  private server!: Server;
  url = '';
  private next = 1;
  readonly forgotten = new Set<string>();
  onStart: (body: Record<string, any>, sessionId: string) => TypebotReply = () => ({
    messages: [richText([{ text: 'Olá, ' }, { text: 'bem-vindo', bold: true }, { text: '!' }]), plain('Escolha uma opção:')],
    input: choice('Vendas', 'Suporte'),
  });
  onContinue: (message: string, sessionId: string) => TypebotReply = (message) => ({ messages: [plain(`Você disse: ${message}`)], input: textInput() });

  /** Listens on `host` (any loopback address: the outbound guard's test allows one and refuses another). */
  async start(host = '127.0.0.1'): Promise<this> {
    this.server = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/img.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: Record<string, any> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        } catch {
          res.writeHead(400).end();
          return;
        }
        const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(req.url ?? '');
        const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(req.url ?? '');
        let reply: TypebotReply & { sessionId?: string };
        if (req.method === 'POST' && start) {
          const sessionId = `s${this.next++}`;
          this.calls.push({ at: Date.now(), kind: 'start', target: decodeURIComponent(start[1]), body });
          reply = { ...this.onStart(body, sessionId), sessionId };
        } else if (req.method === 'POST' && cont) {
          const sessionId = decodeURIComponent(cont[1]);
          this.calls.push({ at: Date.now(), kind: 'continue', target: sessionId, body });
          reply = this.forgotten.has(sessionId) ? { status: 404 } : this.onContinue(String(body.message ?? ''), sessionId);
        } else {
          res.writeHead(404).end();
          return;
        }
        if ('status' in reply) {
          res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'error' }));
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
