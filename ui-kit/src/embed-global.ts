// The types of `@atende/ui-kit/embed` (dist/embed/atende-embed.js): a script, loaded with a <script> tag or a
// side-effect import, that defines the global `Atende` and loads each widget's code on demand from the chunks/
// folder beside it. A TypeScript page that loads it gets `Atende` typed with `import '@atende/ui-kit/embed'` or
// `/// <reference types="@atende/ui-kit/embed" />`.
import type { Atende as AtendeApi } from './embed';

declare global {
  /** The embed script's API: `Atende.mount(element, options)` (README, "Embedding a widget in your page"). */
  var Atende: AtendeApi;
}

export type { EmbedEvent, EmbedHandle, EmbedOptions, EmbedWidget, TicketLeaveReason } from './embed';
