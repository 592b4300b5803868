import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { loadLocale } from '../i18n/translate';
import { preloadToastRegion } from '../primitives/Toast/Toast';
import { kitRealtime } from '../atende-provider';

// The en and es core tables load on demand (AtendeRoot renders its children once its locale's table is here): loaded
// up front, so that a test renders a root in any locale and finds its texts at once, as before. i18n.test.tsx forgets
// one to check a root that waits for its table.
await Promise.all([loadLocale('en'), loadLocale('es')]);
// The toast region loads with a page's first toast (primitives/Toast): loaded up front too, so that a toast shows at once.
await preloadToastRegion();
// So are the realtime handlers, which load once a user is signed in (atende-provider.tsx): events apply at once.
await kitRealtime();

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy* and waitFor wait up to 4 s (Testing Library's default is 1 s): on a busy two-core CI machine a file's first
// render, with its cold imports, took longer than 1 s (seen: the holidays calendar, the users and connections
// dialogs). What must appear still must appear; only a slow machine gets longer to show it.
configure({ asyncUtilTimeout: 4000 });

// URL's blob functions as the worker first had them (tests replace or delete them), kept across the files it runs.
type UrlBlobFns = Record<'createObjectURL' | 'revokeObjectURL', PropertyDescriptor | undefined>;
const pristine = globalThis as { __atendePristineUrl?: UrlBlobFns };
pristine.__atendePristineUrl ??= {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
};

// The test files share their worker's document (vitest.config.ts: isolate false), so each file leaves it as it found
// it: no nodes (react-aria's live announcer, portals, nodes it marked aria-hidden), no storage, real timers and globals.
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const [name, descriptor] of Object.entries(pristine.__atendePristineUrl ?? {})) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
  if (typeof document === 'undefined') return; // a file in the node environment
  document.body.innerHTML = '';
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  // jsdom has no execCommand: the copy tests define one on the document.
  Reflect.deleteProperty(document, 'execCommand');
  localStorage.clear();
  sessionStorage.clear();
});
