import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: JSON bodies parsed, multipart bodies kept as text. */
export interface OpenAiFakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  json: Record<string, any> | null;
  raw: Buffer;
}

/** What the fake answers a chat completion: a reply text, or an HTTP error, after an optional delay. */
export type ChatAnswer = { reply: string } | { status: number; message: string } | { delayMs: number; reply: string };

/** A small valid-looking OGG/Opus header: enough for a byte sniffer to tell it is audio. */
export const FAKE_SPEECH = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead'), Buffer.alloc(200, 7)]);

/**
 * A local stand-in for an OpenAI-compatible API (node:http, no network): /v1/chat/completions,
 * /v1/audio/transcriptions and /v1/audio/speech. It records every request; tests queue the chat answers.
 */
export class OpenAiFake {
  readonly requests: OpenAiFakeRequest[] = [];
  private readonly answers: ChatAnswer[] = [];
  transcription = 'texto transcrito';
  private server!: Server;
  baseUrl = '';

  /** Queues the next chat answers (the last one repeats when the queue is empty). */
  answer(...answers: ChatAnswer[]): this {
    this.answers.push(...answers);
    return this;
  }

  chats(): OpenAiFakeRequest[] {
    return this.requests.filter((r) => r.path.endsWith('/chat/completions'));
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        let json: Record<string, any> | null = null;
        if ((req.headers['content-type'] ?? '').includes('application/json')) json = JSON.parse(raw.toString('utf8') || '{}');
        const path = (req.url ?? '').split('?')[0];
        this.requests.push({ method: req.method ?? '', path, headers: req.headers, json, raw });
        void this.handle(path, json, res);
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  reset(): void {
    this.requests.length = 0;
    this.answers.length = 0;
  }

  private async handle(path: string, json: Record<string, any> | null, res: import('node:http').ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/v1/audio/transcriptions') return send(200, { text: this.transcription });
    if (path === '/v1/audio/speech') {
      res.writeHead(200, { 'content-type': 'audio/ogg' });
      res.end(FAKE_SPEECH);
      return;
    }
    if (path !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
    const answer = (this.answers.length > 1 ? this.answers.shift() : this.answers[0]) ?? { reply: 'Olá!' };
    if ('status' in answer) return send(answer.status, { error: { message: answer.message, type: 'fake_error' } });
    if ('delayMs' in answer) {
      const delay = (answer as { delayMs: number }).delayMs;
      await new Promise<void>((r) => setTimeout(() => r(), delay));
    }
    send(200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: json?.model ?? 'fake',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer.reply } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }
}
