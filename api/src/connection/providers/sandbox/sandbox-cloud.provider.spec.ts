import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderEvents } from '../messaging-provider';
import { SandboxJournals } from './sandbox-journal';
import { SandboxNetwork } from './sandbox-network';
import { SANDBOX_WINDOW_MS, SandboxCloudProvider } from './sandbox-cloud.provider';

const PHONE = '5511977770002';
const HOUR = 60 * 60 * 1000;
const tick = () => new Promise((r) => setImmediate(r));

function recorder() {
  const seen = { statuses: [] as [string, unknown][], acks: [] as [string, number][], failed: [] as [string, string][] };
  const events: ProviderEvents = {
    status: (_w, status, extra) => seen.statuses.push([status, extra]),
    message: async () => undefined,
    ack: (_w, id, ack) => seen.acks.push([id, ack]),
    failed: (_w, id, code) => seen.failed.push([id, code]),
    edit: () => undefined,
    revoke: () => undefined,
  };
  return { seen, events };
}

describe('the sandbox as the official API (sandbox_cloud)', () => {
  let now: number;
  let network: SandboxNetwork;
  let provider: SandboxCloudProvider;
  let seen: ReturnType<typeof recorder>['seen'];

  beforeEach(async () => {
    now = Date.now();
    network = new SandboxNetwork();
    provider = new SandboxCloudProvider(network, () => new Date(now));
    const r = recorder();
    seen = r.seen;
    await provider.connect({ id: 7, companyId: 1 as never }, r.events);
  });

  it('connects at once with its number, no QR code nor pairing code', () => {
    expect(seen.statuses).toEqual([
      ['CONNECTED', expect.objectContaining({ qrcode: null, pairingCode: null, number: '5500000000007', qualityRating: 'GREEN' })],
    ]);
    expect(network.isAttached(7)).toBe(true);
  });

  it('refuses free text to a phone that never wrote, sends it within 24 h of its last message, refuses it after', async () => {
    await expect(provider.send(7, PHONE, { type: 'chat', body: 'oi' })).rejects.toMatchObject({ code: 'ERR_WINDOW_CLOSED' });
    network.sendFromPhone(PHONE, 7, { body: 'olá' });
    now = network.lastInboundAt(7, PHONE)!.getTime();
    const sent = await provider.send(7, PHONE, { type: 'chat', body: 'oi', providerId: 'W1' });
    expect(sent.providerId).toBe('W1');
    await tick();
    expect(seen.acks).toEqual([
      ['W1', 2],
      ['W1', 3],
    ]);
    now += SANDBOX_WINDOW_MS - 1000;
    await expect(provider.send(7, PHONE, { type: 'chat', body: 'ainda' })).resolves.toBeDefined();
    now += 2000;
    await expect(provider.send(7, PHONE, { type: 'chat', body: 'tarde' })).rejects.toMatchObject({ code: 'ERR_WINDOW_CLOSED' });
    // another connection's window is its own
    expect(network.lastInboundAt(8, PHONE)).toBeUndefined();
  });

  it('ages a window: 24 h back closes it', async () => {
    network.sendFromPhone(PHONE, 7, { body: 'olá' });
    const before = network.lastInboundAt(7, PHONE)!;
    now = before.getTime();
    expect(provider.windowOpen(7, PHONE)).toBe(true);
    expect(network.ageLastInbound(7, PHONE, 24 * HOUR)).toEqual(new Date(before.getTime() - 24 * HOUR));
    expect(provider.windowOpen(7, PHONE)).toBe(false);
    expect(network.ageLastInbound(7, '5511900000000', 24 * HOUR)).toBeUndefined();
  });

  it('sends an approved template whatever the window, as its rendered text; unknown or unapproved ones are refused', async () => {
    const r = await provider.send(7, PHONE, {
      type: 'chat',
      body: 'Olá Ana, obrigado por falar com a gente!',
      template: { name: 'boas_vindas', language: 'pt_BR', params: ['Ana'] },
    });
    expect(network.phone(PHONE).inbox.map((m) => [m.providerId, m.body])).toEqual([[r.providerId, 'Olá Ana, obrigado por falar com a gente!']]);
    await expect(
      provider.send(7, PHONE, { type: 'chat', body: '', template: { name: 'promocao_mensal', language: 'es', params: ['Ana', '2x1'] } }),
    ).resolves.toBeDefined();
    expect(network.phone(PHONE).inbox[1].body).toBe('Hola Ana, la promoción de este mes: 2x1. Responda QUIERO para saber más.');
    for (const template of [
      { name: 'novidades_produto', language: 'pt_BR', params: ['a', 'b'] },
      { name: 'oferta_relampago', language: 'pt_BR', params: ['a'] },
      { name: 'boas_vindas', language: 'fr', params: ['a'] },
    ]) {
      await expect(provider.send(7, PHONE, { type: 'chat', body: 'x', template })).rejects.toMatchObject({ code: 'ERR_TEMPLATE_NOT_FOUND' });
    }
    await expect(provider.send(7, PHONE, { type: 'chat', body: 'x', template: { name: 'boas_vindas', language: 'pt_BR', params: [] } })).rejects.toMatchObject({
      code: 'ERR_SENDING_WAPP_MSG',
    });
    expect(network.phone(PHONE).inbox).toHaveLength(2);
  });

  it('lists approved, pending and rejected templates in three languages', async () => {
    const templates = await provider.templates();
    expect(new Set(templates.map((t) => t.status))).toEqual(new Set(['APPROVED', 'PENDING', 'REJECTED']));
    expect(templates.filter((t) => t.name === 'boas_vindas').map((t) => t.language)).toEqual(['pt_BR', 'en_US', 'es']);
    expect(templates.find((t) => t.name === 'promocao_mensal')?.params).toBe(2);
  });

  it('a number without WhatsApp is accepted, then reported failed; edits and deletions are refused', async () => {
    network.withoutAccount('5511900001111');
    const r = await provider.send(7, '5511900001111', { type: 'chat', body: 'x', template: { name: 'boas_vindas', language: 'pt_BR', params: ['a'] } });
    await tick();
    expect(seen.failed).toEqual([[r.providerId, 'ERR_WAPP_INVALID_CONTACT']]);
    await expect(provider.edit()).rejects.toMatchObject({ code: 'ERR_NOT_ON_OFFICIAL' });
    await expect(provider.delete()).rejects.toMatchObject({ code: 'ERR_NOT_ON_OFFICIAL' });
  });
});

describe("the sandbox network's window with a journal", () => {
  it('outlives a restart, aged times included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atende-sandbox-window-'));
    try {
      const { events } = recorder();
      const before = new SandboxNetwork(new SandboxJournals(join(dir, 'sandbox')));
      before.attach(3, '5500000000003', events);
      before.sendFromPhone(PHONE, 3, { body: 'um' });
      const aged = before.ageLastInbound(3, PHONE, 30 * HOUR)!;
      const after = new SandboxNetwork(new SandboxJournals(join(dir, 'sandbox')));
      expect(after.lastInboundAt(3, PHONE)).toEqual(aged);
      // the process taking the connection over rewrites the journal: the time stays
      after.attach(3, '5500000000003', events);
      expect(new SandboxNetwork(new SandboxJournals(join(dir, 'sandbox'))).lastInboundAt(3, PHONE)).toEqual(aged);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
