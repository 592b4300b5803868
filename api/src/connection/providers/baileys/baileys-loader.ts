import { pathToFileURL } from 'node:url';
import type { BaileysModule } from './baileys-types';

/** A real dynamic `import()`, which TypeScript's CommonJS output would otherwise turn into `require`. */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the one way to a native import() from CommonJS output
const dynamicImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<BaileysModule>;

let loaded: Promise<BaileysModule> | undefined;

/**
 * Baileys 7 is ESM-only: loaded once, on the first connection that needs it, and cached. Resolved to a file URL
 * first, so the import does not depend on the process's working directory.
 */
export function loadBaileys(): Promise<BaileysModule> {
  loaded ??= dynamicImport(pathToFileURL(require.resolve('@whiskeysockets/baileys')).href).catch((e: unknown) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}
