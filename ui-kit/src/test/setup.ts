import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// The test files share their worker's document (vitest.config.ts: isolate false), so each file leaves it as it found
// it: no nodes (react-aria's live announcer, portals, nodes it marked aria-hidden), no storage, real timers and globals.
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (typeof document === 'undefined') return; // a file in the node environment
  document.body.innerHTML = '';
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  // jsdom has no execCommand: the copy tests define one on the document.
  Reflect.deleteProperty(document, 'execCommand');
  localStorage.clear();
  sessionStorage.clear();
});
