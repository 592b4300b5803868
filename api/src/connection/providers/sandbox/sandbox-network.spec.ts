import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderEvents } from '../messaging-provider';
import { SandboxJournals } from './sandbox-journal';
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
    const file = join(dir, 'sandbox', 'connections', '1.jsonl');
    const before = new SandboxNetwork(new SandboxJournals(join(dir, 'sandbox')));
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

    const after = new SandboxNetwork(new SandboxJournals(join(dir, 'sandbox')));
    const inbox = after.phone(PHONE).inbox;
    expect(inbox).toEqual(before.phone(PHONE).inbox);
    expect(inbox.map((m) => [m.providerId, m.body, m.ack, m.edited ?? false, m.deleted ?? false])).toEqual([
      ['ID-1', 'um, editada', 4, true, false],
      ['ID-2', 'dois', 5, false, false],
      ['ID-3', 'três', 4, false, true],
    ]);
    expect(inbox[0].receivedAt).toBeInstanceOf(Date);
    expect(after.phoneBook(1)).toEqual([{ number: PHONE, name: 'Sandbox 0001' }]);
    // Rewritten when the connection is attached again: one line per message.
    connection(after);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
    // Still one message per id after the restart.
    after.deliverToPhone(1, PHONE, { type: 'chat', body: 'dois', providerId: 'ID-2' });
    expect(after.phone(PHONE).inbox).toHaveLength(3);
  });

  it('bounds the journal: compacted once it outgrows its lines, and each phone keeps its latest messages', () => {
    const file = join(dir, 'connections', '1.jsonl');
    const network = new SandboxNetwork(new SandboxJournals(dir, 50));
    connection(network);
    for (let i = 0; i < 60; i++) network.deliverToPhone(1, PHONE, { type: 'chat', body: `m${i}`, providerId: `ID-${i}` });
    network.read(PHONE);
    const lines = readFileSync(file, 'utf8').trim().split('\n').length;
    // 60 deliveries and 60 read acks written, compacted on the way: never more than twice what the inbox holds.
    expect(lines).toBeLessThanOrEqual(2 * 60);
    expect(new SandboxNetwork(new SandboxJournals(dir)).phone(PHONE).inbox.map((m) => [m.body, m.ack])).toEqual(
      Array.from({ length: 60 }, (_, i) => [`m${i}`, 4]),
    );

    const capped = new SandboxNetwork();
    connection(capped);
    for (let i = 0; i < SANDBOX_INBOX_LIMIT + 5; i++) capped.deliverToPhone(1, PHONE, { type: 'chat', body: `m${i}`, providerId: `C-${i}` });
    const inbox = capped.phone(PHONE).inbox;
    expect(inbox).toHaveLength(SANDBOX_INBOX_LIMIT);
    expect(inbox[0].body).toBe('m5');
  });

  it('with a journal, processes sharing a data folder share the phones: each writes its connections, all read every one', () => {
    const folder = join(dir, 'sandbox');
    const workerA = new SandboxNetwork(new SandboxJournals(folder));
    const workerB = new SandboxNetwork(new SandboxJournals(folder));
    const api = new SandboxNetwork(new SandboxJournals(folder));
    connection(workerA, 1);
    connection(workerB, 2);
    workerA.deliverToPhone(1, PHONE, { type: 'chat', body: 'de A', providerId: 'A-1' });
    workerB.deliverToPhone(2, PHONE, { type: 'chat', body: 'de B', providerId: 'B-1' });
    workerB.read(PHONE, 2);
    // Each connection's file holds its own deliveries only.
    const lines = (id: number) =>
      readFileSync(join(folder, 'connections', `${id}.jsonl`), 'utf8')
        .trim()
        .split('\n');
    expect(lines(1).map((l) => (JSON.parse(l) as { k: string }).k)).toEqual(['deliver']);
    expect(lines(2).map((l) => (JSON.parse(l) as { k: string }).k)).toEqual(['deliver', 'ack']);
    // A process that runs neither sees both, as the phone does, with what happened to them.
    api.refresh();
    expect(api.phone(PHONE).inbox.map((m) => [m.body, m.ack])).toEqual([
      ['de A', 3],
      ['de B', 4],
    ]);

    // A dies; B takes connection 1 over and sends again what A had sent (the same id): the phone shows it once.
    workerA.deliverToPhone(1, PHONE, { type: 'chat', body: 'última de A', providerId: 'A-2' });
    connection(workerB, 1);
    workerB.deliverToPhone(1, PHONE, { type: 'chat', body: 'última de A', providerId: 'A-2' });
    workerB.deliverToPhone(1, PHONE, { type: 'chat', body: 'de B por 1', providerId: 'B-2' });
    api.refresh();
    expect(api.phone(PHONE).inbox.map((m) => m.providerId)).toEqual(['A-1', 'B-1', 'A-2', 'B-2']);
    expect(new SandboxNetwork(new SandboxJournals(folder)).phone(PHONE).inbox).toHaveLength(4);
  });

  it('reads a journal from before the split (one file for a single process) and never writes it again', () => {
    const folder = join(dir, 'sandbox');
    mkdirSync(folder, { recursive: true });
    const old = { providerId: 'OLD-1', from: '5500000000001', whatsappId: 1, type: 'chat', body: 'antiga', ack: 3, receivedAt: new Date(0).toISOString() };
    writeFileSync(join(folder, 'deliveries.jsonl'), `${JSON.stringify({ k: 'deliver', to: PHONE, m: old })}\n`);
    const network = new SandboxNetwork(new SandboxJournals(folder));
    connection(network, 1);
    network.deliverToPhone(1, PHONE, { type: 'chat', body: 'antiga', providerId: 'OLD-1' });
    expect(network.phone(PHONE).inbox.map((m) => m.body)).toEqual(['antiga']);
    // Taken into connection 1's own file when it was attached.
    expect(readFileSync(join(folder, 'connections', '1.jsonl'), 'utf8')).toContain('OLD-1');
    expect(readFileSync(join(folder, 'deliveries.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
