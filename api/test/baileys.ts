import type { BaileysModule } from '../src/connection/providers/baileys/baileys-types';

/** Baileys in a spec that runs under `@jest-environment ./test/baileys-environment.js`. */
export function baileys(): BaileysModule {
  const load = (globalThis as { loadBaileys?: () => BaileysModule }).loadBaileys;
  if (!load) throw new Error('this spec needs `@jest-environment ./test/baileys-environment.js` in its first comment');
  return load();
}

/** For the provider's `loadBaileys` option. */
export const loadTestBaileys = (): Promise<BaileysModule> => Promise.resolve(baileys());
