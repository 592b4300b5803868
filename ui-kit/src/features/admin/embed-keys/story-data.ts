// Sample embed keys for the stories and tests.
import type { EmbedKey, EmbedKeyCreated } from './embed-key-rules';

export function embedKeyDto(overrides: Partial<EmbedKey> = {}): EmbedKey {
  return {
    id: 1,
    keyId: 'ek_3fJ9kQ2mZx7LwP1a',
    name: 'Portal do parceiro',
    allowedOrigins: ['https://portal.parceiro.com.br'],
    createdAt: '2026-11-20T13:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

export const sampleEmbedKeys: EmbedKey[] = [
  embedKeyDto({
    id: 3,
    keyId: 'ek_Nw8rT5yUc2VbQ0zs',
    name: 'Portal 2027 (rotação)',
    allowedOrigins: ['https://portal.parceiro.com.br', 'https://staging.parceiro.com.br'],
    createdAt: '2026-11-28T10:15:00.000Z',
  }),
  embedKeyDto({ id: 2, lastUsedAt: '2026-11-29T18:42:00.000Z', createdAt: '2026-11-20T13:00:00.000Z' }),
  embedKeyDto({
    id: 1,
    keyId: 'ek_Aa1Bb2Cc3Dd4Ee5F',
    name: 'Piloto',
    allowedOrigins: ['http://localhost:5173'],
    createdAt: '2026-10-02T09:00:00.000Z',
    lastUsedAt: '2026-10-30T16:00:00.000Z',
    revokedAt: '2026-11-01T12:00:00.000Z',
  }),
];

export const createdEmbedKey: EmbedKeyCreated = {
  ...embedKeyDto({ id: 4, keyId: 'ek_New4Key5Id6Xy7Z', name: 'Loja', createdAt: '2026-11-29T19:00:00.000Z' }),
  secret: 'sEcReT_only_once_0123456789abcdefghijklmnopq',
};
