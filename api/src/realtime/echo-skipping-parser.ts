import * as msgpack from 'notepack.io';

/** What @socket.io/redis-adapter asks of a parser. */
export interface AdapterParser {
  encode(msg: unknown): Buffer;
  decode(msg: Buffer): unknown;
}

const FIXARRAY_3 = 0x93;
const FIXSTR = 0xa0;

/**
 * The Redis adapter's own format (msgpack), except that a broadcast this process published is not decoded when
 * Redis sends it back. Every process is subscribed to the broadcasts it publishes, and the adapter drops its own
 * only after decoding them: about a twentieth of a busy process's CPU in `bench:ingest` (one broadcast per stored
 * message). A broadcast is `[uid, packet, opts]` with the adapter's short uid first, so the uid is read from its
 * first bytes; when it is one this parser encoded a broadcast for, `[uid]` is all the adapter needs to drop it.
 * Anything else (requests, responses, other processes' broadcasts) is decoded in full.
 */
export function echoSkippingParser(): AdapterParser {
  const own = new Set<string>();
  return {
    encode(msg: unknown): Buffer {
      if (Array.isArray(msg) && typeof msg[0] === 'string') own.add(msg[0]);
      return msgpack.encode(msg) as Buffer;
    },
    decode(msg: Buffer): unknown {
      if (own.size && msg[0] === FIXARRAY_3 && (msg[1] & 0xe0) === FIXSTR) {
        const uid = msg.toString('utf8', 2, 2 + (msg[1] & 0x1f));
        if (own.has(uid)) return [uid];
      }
      return msgpack.decode(msg) as unknown;
    },
  };
}
