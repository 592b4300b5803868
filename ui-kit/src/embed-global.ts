// The types of `@atende/ui-kit/embed` (dist/embed/atende-embed.js): a script, loaded with a <script> tag or a
// side-effect import, that defines the global `Atende`. A TypeScript page that loads it gets `Atende` typed with
// `import '@atende/ui-kit/embed'` or `/// <reference types="@atende/ui-kit/embed" />`.
import type * as embed from './embed';

declare global {
  /** The embed script's API: `Atende.mount(element, options)` (README, "Embedding a widget in your page"). */
  var Atende: Pick<typeof embed, 'mount' | 'EMBED_WIDGETS' | 'EMBED_HOST_TAG' | 'embedStylesheet'>;
}

export type { EmbedEvent, EmbedHandle, EmbedOptions, EmbedWidget } from './embed';
