import * as msgpack from 'notepack.io';
import { echoSkippingParser } from './echo-skipping-parser';

describe('echoSkippingParser', () => {
  const packet = { type: 2, data: ['company-1-appMessage', { action: 'create', body: 'olá' }], nsp: '/' };
  const opts = { rooms: ['company-1-tickets'], except: [], flags: {} };

  it('encodes as msgpack, the format every other process decodes', () => {
    const parser = echoSkippingParser();
    const wire = parser.encode(['abc123', packet, opts]);
    expect(wire.equals(msgpack.encode(['abc123', packet, opts]))).toBe(true);
  });

  it("drops its own broadcast's echo after reading the uid, and decodes other processes' broadcasts in full", () => {
    const parser = echoSkippingParser();
    const mine = parser.encode(['abc123', packet, opts]);
    expect(parser.decode(mine)).toEqual(['abc123']);
    const theirs = msgpack.encode(['zzz999', packet, opts]);
    expect(parser.decode(theirs)).toEqual(['zzz999', packet, opts]);
  });

  it('decodes requests and responses (objects) in full, own or not', () => {
    const parser = echoSkippingParser();
    parser.encode(['abc123', packet, opts]);
    const request = { uid: 'abc123', requestId: 'r1', type: 3, opts };
    expect(parser.decode(parser.encode(request))).toEqual(request);
  });

  it('decodes everything in full before it has published anything', () => {
    const parser = echoSkippingParser();
    expect(parser.decode(msgpack.encode(['abc123', packet, opts]))).toEqual(['abc123', packet, opts]);
  });
});
