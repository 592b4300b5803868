import { fileURLToPath } from 'node:url';

const kitSource = (path: string) => fileURLToPath(new URL(`../ui-kit/src/${path}`, import.meta.url));

/**
 * The preview and the stories must share one copy of the kit (one locale context): both use
 * ui-kit's source, never its built dist.
 */
export const kitAliases = [
  { find: /^@atende\/ui-kit$/, replacement: kitSource('index.ts') },
  { find: /^@atende\/ui-kit\/styles\.css$/, replacement: kitSource('styles.css') },
];
