import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderEvents } from '../messaging-provider';
import { SandboxJournal } from './sandbox-journal';
import { SANDBOX_INBOX_LIMIT, SandboxNetwork } from './sandbox-network';

const PHONE = '5511977770001';

function connection(network: SandboxNetwork, whatsappId = 1) {
  const acks: [string, number][] = [];
  const events: ProviderEvents = {
    status: () => undefined,
    message: () => undefined as never,
    ack: (_w, id, ack) => acks.push([id, ack]),
    edit: () => undefined,
    revoke: () => undefined,
  };
  network.attach(whatsappId, `550000000000${whatsappId}`, events);
  return acks;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the sandbox phone', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'atende-sandbox-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps one message per id: sent again under an id it has, it is acknowledged again, not shown twice', async () => {
    const network = new SandboxNetwork();
    const acks = connection(network);
    const seen: string[] = [];
    network.onDelivery((_p, m) => seen.push(m.body));
    const first = network.deliverToPhone(1, PHONE, { type: 'chat', body: 'oi', providerId: '3EB0AA' });
    expect(first.providerId).toBe('3EB0AA');
    await tick();
    network.read(PHONE);
    expect(network.deliverToPhone(1, PHONE, { type: 'chat', body: 'oi', providerId: '3EB0AA' })).toEqual(first);
    await tick();
    expect(network.phone(PHONE).inbox.map((m) => [m.providerId, m.body, m.ack])).toEqual([['3EB0AA', 'oi', 4]]);
    expect(seen).toEqual(['oi']);
    // acknowledged again, up to what the phone did with it (read)
    expect(acks.filter(([id]) => id === '3EB0AA').map(([, a]) => a)).toEqual([2, 3, 4, 2, 3, 4]);
    // Without an id the network makes one; another connection's id is another message.
    network.deliverToPhone(1, PHONE, { type: 'chat', body: 'sem id' });
    connection(network, 2);
    network.deliverToPhone(2, PHONE, { type: 'chat', body: 'outra conexão', providerId: '3EB0AA' });
    expect(network.phone(PHONE).inbox.map((m) => m.body)).toEqual(['oi', 'sem id', 'outra conexão']);
  });

  it('with a journal, keeps its inbox across a restart: deliveries, acks, edits and deletions, one message per id', () => {
    const file = join(dir, 'sandbox', 'deliveries.jsonl');
    const before = new SandboxNetwork(new SandboxJournal(file));
    connection(before);
    before.deliverToPhone(1, PHONE, { type: 'chat', body: 'um', providerId: 'ID-1' });
    before.deliverToPhone(1, PHONE, { type: 'chat', body: 'dois', providerId: 'ID-2' });
    before.deliverToPhone(1, PHONE, { type: 'chat', body: 'três', providerId: 'ID-3' });
    before.deliverToPhone(1, PHONE, { type: 'chat', body: 'um de novo', providerId: 'ID-1' });
    before.read(PHONE);
    before.play(PHONE, 'ID-2');
    before.edit(1, PHONE, 'ID-1', 'um, editada');
    before.delete(1, PHONE, 'ID-3');
    // A process killed mid-write leaves a torn last line: skipped.
    appendFileSync(file, '{"k":"deliver","to":"55119');

    const after = new SandboxNetwork(new SandboxJournal(file));
    const inbox = after.phone(PHONE).inbox;
    expect(inbox).toEqual(before.phone(PHONE).inbox);
    expect(inbox.map((m) => [m.providerId, m.body, m.ack, m.edited ?? false, m.deleted ?? false])).toEqual([
      ['ID-1', 'um, editada', 4, true, false],
      ['ID-2', 'dois', 5, false, false],
      ['ID-3', 'três', 4, false, true],
    ]);
    expect(inbox[0].receivedAt).toBeInstanceOf(Date);
    expect(after.phoneBook(1)).toEqual([{ number: PHONE, name: 'Sandbox 0001' }]);
    // Compacted on start: one line per message.
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
    // Still one message per id after the restart.
    connection(after);
    after.deliverToPhone(1, PHONE, { type: 'chat', body: 'dois', providerId: 'ID-2' });
    expect(after.phone(PHONE).inbox).toHaveLength(3);
  });

  it('bounds the journal: compacted once it outgrows its lines, and each phone keeps its latest messages', () => {
    const file = join(dir, 'deliveries.jsonl');
    const network = new SandboxNetwork(new SandboxJournal(file, 50));
    connection(network);
    for (let i = 0; i < 60; i++) network.deliverToPhone(1, PHONE, { type: 'chat', body: `m${i}`, providerId: `ID-${i}` });
    network.read(PHONE);
    const lines = readFileSync(file, 'utf8').trim().split('\n').length;
    // 60 deliveries and 60 read acks written, compacted on the way: never more than twice what the inbox holds.
    expect(lines).toBeLessThanOrEqual(2 * 60);
    expect(new SandboxNetwork(new SandboxJournal(file)).phone(PHONE).inbox.map((m) => [m.body, m.ack])).toEqual(
      Array.from({ length: 60 }, (_, i) => [`m${i}`, 4]),
    );

    const capped = new SandboxNetwork();
    connection(capped);
    for (let i = 0; i < SANDBOX_INBOX_LIMIT + 5; i++) capped.deliverToPhone(1, PHONE, { type: 'chat', body: `m${i}`, providerId: `C-${i}` });
    const inbox = capped.phone(PHONE).inbox;
    expect(inbox).toHaveLength(SANDBOX_INBOX_LIMIT);
    expect(inbox[0].body).toBe('m5');
  });
});
