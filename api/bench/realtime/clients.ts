// One of bench:realtime's client processes: holds its share of the socket.io clients, records when each socket
// hears each bench message (appMessage create whose body is `rt:{phase}:{seq}`) and every frame each socket receives,
// and hands the figures to the parent at the end of each phase. Several such processes drive the 2,000 sockets, so
// the load generator's own CPU is spread and reported (one Node process parsing every frame would be the bottleneck).
import { io, type Socket } from 'socket.io-client';

export interface ClientTarget {
  url: string;
  token: string;
}

export type ToClients =
  | { type: 'connect'; companyId: number; targets: ClientTarget[]; chatTickets: number[] }
  | { type: 'phase'; phase: number; messages: number }
  | { type: 'count' }
  | { type: 'collect' }
  | { type: 'close' };

export type FromClients =
  | { type: 'connected'; failed: number; ms: number }
  | { type: 'count'; received: number }
  | {
      type: 'collected';
      /** Receipt time (epoch ms, fractional) per socket and message: index socket * messages + seq; 0 when never heard. */
      receipts: Float64Array;
      duplicates: number;
      /** Frames and bytes received per event name during the phase (every socket added up). */
      frames: [string, number, number][];
      disconnects: number;
      /** CPU time of this process during the phase (ms, user + system). */
      cpuMs: number;
    };

/** Epoch milliseconds with sub-millisecond precision, comparable across the bench's processes. */
export const now = () => performance.timeOrigin + performance.now();

const send = (m: FromClients) => process.send?.(m);

let sockets: Socket[] = [];
/** Clients this process was asked to open (a failed one keeps its slot: everything sent to it counts as missed). */
let slots = 0;
let phase = -1;
let messages = 0;
let receipts = new Float64Array(0);
let received = 0;
let duplicates = 0;
let disconnects = 0;
let frames = new Map<string, [number, number]>();
let cpuAtStart = process.cpuUsage();

/** The event name of a socket.io event packet as it arrives (`2["name",...]`), without parsing the payload. */
function eventName(data: string): string {
  const open = data.indexOf('"');
  if (data[0] !== '2' || open < 0) return `(packet type ${data[0]})`;
  return data.slice(open + 1, data.indexOf('"', open + 1));
}

function connectOne(index: number, target: ClientTarget, companyId: number, chatTicket: number | undefined): Promise<Socket> {
  // forceNew: one engine.io connection per client, as each browser tab has (the default multiplexes a URL's clients).
  const socket = io(target.url, { query: { token: target.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  socket.on(`company-${companyId}-appMessage`, (e: { action: string; message: { body?: string } }) => {
    if (e.action !== 'create' || !e.message.body?.startsWith('rt:')) return;
    const [, p, s] = e.message.body.split(':');
    if (Number(p) !== phase) return;
    const slot = index * messages + Number(s);
    if (receipts[slot]) duplicates += 1;
    else {
      receipts[slot] = now();
      received += 1;
    }
  });
  socket.on('disconnect', () => (disconnects += 1));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      // Every frame this client receives, by event: what one inbound message costs a socket.
      socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
        if (packet.type !== 'message' || typeof packet.data !== 'string' || phase < 0) return;
        const name = eventName(packet.data);
        const seen = frames.get(name) ?? [0, 0];
        seen[0] += 1;
        seen[1] += Buffer.byteLength(packet.data) + 1; // the engine.io packet type byte ('4') is part of the frame
        frames.set(name, seen);
      });
      // What the kit does when a chat is open: join its box (ui-kit TicketChat).
      if (chatTicket !== undefined) socket.emit('joinChatBox', chatTicket);
      resolve(socket);
    });
    socket.once('connect_error', (err) => reject(err));
  });
}

process.on('message', (m: ToClients) => {
  void (async () => {
    switch (m.type) {
      case 'connect': {
        const t0 = performance.now();
        let failed = 0;
        slots = m.targets.length;
        // 50 handshakes at a time: each logs a session in on the server.
        for (let i = 0; i < m.targets.length; i += 50) {
          const batch = m.targets.slice(i, i + 50).map((t, k) =>
            connectOne(i + k, t, m.companyId, m.chatTickets[(i + k) % Math.max(1, m.chatTickets.length)]).catch(() => {
              failed += 1;
              return null;
            }),
          );
          for (const s of await Promise.all(batch)) if (s) sockets.push(s);
        }
        send({ type: 'connected', failed, ms: performance.now() - t0 });
        return;
      }
      case 'phase':
        phase = m.phase;
        messages = m.messages;
        receipts = new Float64Array(slots * messages);
        received = 0;
        duplicates = 0;
        disconnects = 0;
        frames = new Map();
        cpuAtStart = process.cpuUsage();
        return;
      case 'count':
        send({ type: 'count', received });
        return;
      case 'collect': {
        const cpu = process.cpuUsage(cpuAtStart);
        send({
          type: 'collected',
          receipts,
          duplicates,
          frames: [...frames].map(([name, [n, bytes]]) => [name, n, bytes]),
          disconnects,
          cpuMs: (cpu.user + cpu.system) / 1000,
        });
        phase = -1;
        return;
      }
      case 'close':
        for (const s of sockets) s.close();
        sockets = [];
        setTimeout(() => process.exit(0), 100);
        return;
    }
  })();
});
process.once('disconnect', () => process.exit(0));
