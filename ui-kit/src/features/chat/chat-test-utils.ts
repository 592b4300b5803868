import { afterAll, beforeAll, vi } from 'vitest';
import type { Schema } from '../../client';
import { messageDto } from '../../test/data-fixtures';

/**
 * jsdom lays nothing out: the virtualised history would see a 0 px viewport. This gives the history a 600 px
 * viewport and each row 50 px, and the object-URL functions jsdom lacks, for the tests of this folder.
 */
export function setupChatLayout(): void {
  const names = ['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth', 'scrollHeight'] as const;
  const saved = names.map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
  );
  const isHistory = (element: HTMLElement) => element.classList.contains('atd-History');
  const objectUrls = (['createObjectURL', 'revokeObjectURL'] as const).map((name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const);
  const scrollTo = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo');
  beforeAll(() => {
    const define = (name: (typeof names)[number], get: (this: HTMLElement) => number) =>
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
    define('offsetHeight', function () {
      return isHistory(this) ? 600 : 50;
    });
    define('clientHeight', function () {
      return isHistory(this) ? 600 : 50;
    });
    define('offsetWidth', () => 400);
    define('clientWidth', () => 400);
    // The history scrolls over its canvas, whose height the virtualizer sets.
    define('scrollHeight', function () {
      const canvas = this.querySelector<HTMLElement>(':scope > .atd-History-canvas');
      return canvas ? parseFloat(canvas.style.height) || 0 : 50;
    });
    // jsdom does not scroll: scrollTo moves scrollTop and tells the listeners, as a browser would.
    HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
      const top = typeof options === 'number' ? options : options?.top;
      if (top === undefined) return;
      this.scrollTop = Math.max(0, Math.min(top, this.scrollHeight - this.clientHeight));
      this.dispatchEvent(new Event('scroll'));
    };
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterAll(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
    if (scrollTo) Object.defineProperty(HTMLElement.prototype, 'scrollTo', scrollTo);
    else delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
    for (const [name, descriptor] of objectUrls) {
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else delete (URL as unknown as Record<string, unknown>)[name];
    }
  });
}

/** `count` messages of ticket 100, one a minute from `start`, ids '1'..'count'. */
export function conversation(count: number, start = '2026-03-10T12:00:00.000Z', overrides: (i: number) => Partial<Schema<'MessageDto'>> = () => ({})) {
  const t0 = Date.parse(start);
  return Array.from({ length: count }, (_, i) =>
    messageDto({ id: String(i + 1), body: `Mensagem ${i + 1}`, createdAt: new Date(t0 + i * 60_000).toISOString(), fromMe: i % 2 === 1, ...overrides(i) }),
  );
}
