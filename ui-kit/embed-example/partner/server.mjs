// A partner's site in one file (Node, no framework): its page shows Atende's ticket list and chat by script tag,
// signed in by a token this server mints, so the person never types an Atende password.
//
//   ATENDE_API_URL=https://api.example.com ATENDE_EMBED_KEY_ID=ek_... ATENDE_EMBED_SECRET=... \
//   PARTNER_USER_EMAIL=ana@company.com node ui-kit/embed-example/partner/server.mjs
//
// The embed key comes from Atende (admin: POST /embed-keys { name, allowedOrigins: ['http://localhost:4000'] });
// its secret stays on this server. The widget's code is served from here (/atende/ = ui-kit/dist/embed, built by
// `npm run build:embed -w ui-kit`), as a partner self-hosting the package's dist/embed would.
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const { ATENDE_API_URL, ATENDE_EMBED_KEY_ID, ATENDE_EMBED_SECRET, PARTNER_USER_EMAIL, PORT = '4000', HOST = 'localhost' } = process.env;
const HERE = fileURLToPath(new URL('.', import.meta.url));
const EMBED_DIR = process.env.ATENDE_EMBED_DIR ?? fileURLToPath(new URL('../../dist/embed/', import.meta.url));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };

/** The partner token: a JWT (HS256) for the key, naming the Atende user by e-mail, good for 2 minutes and once. */
function partnerToken(keyId, secret, email) {
  const part = (json) => Buffer.from(JSON.stringify(json)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = part({ alg: 'HS256', typ: 'JWT', kid: keyId });
  const body = part({ aud: 'atende-embed', email, iat: now, exp: now + 120, jti: randomUUID() });
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** How many tokens this server minted (the browser test reads it to see the widget renew its session). */
let minted = 0;

const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/partner-token') {
    // A real partner checks its own sign-in here and names the user it belongs to.
    minted += 1;
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
    res.end(partnerToken(ATENDE_EMBED_KEY_ID, ATENDE_EMBED_SECRET, PARTNER_USER_EMAIL));
    return;
  }
  if (path === '/minted') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ minted }));
    return;
  }
  if (path === '/') {
    const page = readFileSync(join(HERE, 'index.html'), 'utf8').replace('%ATENDE_API_URL%', ATENDE_API_URL);
    res.writeHead(200, { 'Content-Type': TYPES['.html'] }).end(page);
    return;
  }
  const file = normalize(join(EMBED_DIR, decodeURIComponent(path.replace(/^\/atende\//, ''))));
  if (path.startsWith('/atende/') && file.startsWith(normalize(EMBED_DIR) + (EMBED_DIR.endsWith(sep) ? '' : sep)) && existsSync(file)) {
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    return;
  }
  res.writeHead(404).end('not found');
});

for (const [name, value] of Object.entries({ ATENDE_API_URL, ATENDE_EMBED_KEY_ID, ATENDE_EMBED_SECRET, PARTNER_USER_EMAIL })) {
  if (!value) throw new Error(`${name} is required`);
}
server.listen(Number(PORT), HOST, () => console.log(`partner site on http://${HOST}:${server.address().port}`));
