import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Efí Bank's Pix API, speaking its HTTP contract: OAuth2 client credentials with Basic auth,
 * PUT /v2/cob/{txid}, GET /v2/loc/{id}/qrcode, PUT /v2/webhook/{chave}. Records every call; `failNext` makes the
 * next matching call answer an error, `expireTokens` revokes the tokens handed out (the next call gets 401).
 */
export interface EfiCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface EfiFake {
  url: string;
  calls: EfiCall[];
  charges: Map<string, { valor: { original: string }; chave: string; locId: number }>;
  webhooks: Map<string, string>;
  failNext: (pathStart: string, status: number) => void;
  expireTokens: () => void;
  close: () => Promise<void>;
}

export async function startEfiFake(credentials: { clientId: string; clientSecret: string }): Promise<EfiFake> {
  const calls: EfiCall[] = [];
  const charges: EfiFake['charges'] = new Map();
  const webhooks = new Map<string, string>();
  const tokens = new Set<string>();
  const failures: { pathStart: string; status: number }[] = [];
  let seq = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const path = req.url ?? '/';
      calls.push({ method: req.method ?? '', path, headers: req.headers, body });
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const failure = failures.findIndex((f) => path.startsWith(f.pathStart));
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        return answer(f.status, { nome: 'erro_simulado', mensagem: 'Falha simulada' });
      }
      if (req.method === 'POST' && path === '/oauth/token') {
        const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected || (body as { grant_type?: string })?.grant_type !== 'client_credentials') {
          return answer(401, { error: 'invalid_client', error_description: 'Invalid or inactive credentials' });
        }
        const token = `tok${++seq}`;
        tokens.add(token);
        return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read pix.read webhook.write' });
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      if (!bearer || !tokens.has(bearer)) return answer(401, { nome: 'nao_autorizado', mensagem: 'Token inválido' });

      const cob = /^\/v2\/cob\/([A-Za-z0-9]{26,35})$/.exec(path);
      if (req.method === 'PUT' && cob) {
        const b = body as { valor?: { original?: string }; chave?: string; calendario?: { expiracao?: number } };
        if (!b?.valor?.original || !/^\d+\.\d{2}$/.test(b.valor.original) || !b.chave)
          return answer(400, { nome: 'valor_invalido', mensagem: 'Campo valor inválido' });
        const locId = ++seq;
        charges.set(cob[1], { valor: { original: b.valor.original }, chave: b.chave, locId });
        return answer(201, {
          calendario: { criacao: new Date().toISOString(), expiracao: b.calendario?.expiracao ?? 86400 },
          txid: cob[1],
          revisao: 0,
          loc: { id: locId, location: `pix.example.com/qr/v2/${locId}`, tipoCob: 'cob' },
          location: `pix.example.com/qr/v2/${locId}`,
          status: 'ATIVA',
          valor: b.valor,
          chave: b.chave,
          pixCopiaECola: `00020101021226830014BR.GOV.BCB.PIX2561pix.example.com/qr/v2/${locId}5204000053039865802BR5905EFI SA6008SAOPAULO62070503***6304ABCD`,
        });
      }
      const loc = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(path);
      if (req.method === 'GET' && loc) {
        const charge = [...charges.values()].find((c) => c.locId === Number(loc[1]));
        if (!charge) return answer(404, { nome: 'location_nao_encontrada', mensagem: 'Location não encontrada' });
        return answer(200, {
          qrcode: `00020101021226830014BR.GOV.BCB.PIX2561pix.example.com/qr/v2/${loc[1]}5204000053039865802BR5905EFI SA6008SAOPAULO62070503***6304ABCD`,
          imagemQrcode: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          linkVisualizacao: `https://pix.example.com/cobv/visualizacao/${loc[1]}`,
        });
      }
      const hook = /^\/v2\/webhook\/(.+)$/.exec(path);
      if (req.method === 'PUT' && hook) {
        webhooks.set(decodeURIComponent(hook[1]), (body as { webhookUrl: string }).webhookUrl);
        return answer(200, { webhookUrl: (body as { webhookUrl: string }).webhookUrl });
      }
      return answer(404, { nome: 'nao_encontrado', mensagem: `${req.method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    charges,
    webhooks,
    failNext: (pathStart, status) => failures.push({ pathStart, status }),
    expireTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
