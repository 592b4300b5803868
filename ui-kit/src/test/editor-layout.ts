import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom has no layout. ProseMirror (the task editor) measures the selection when it scrolls it into view, on focus
 * and on content changes, reading rects of Ranges and text nodes and `elementFromPoint`. A test file that mounts the
 * editor calls this at its top: empty rects stand in while its tests run, and are removed after them, because the
 * files share their worker's document and axe's visibility checks must see jsdom as it is in the other files.
 */
export function stubEditorLayout(): void {
  const added: [object, string][] = [];
  beforeAll(() => {
    const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
    const stub = (target: object, name: string, value: unknown) => {
      if (name in target) return;
      Object.defineProperty(target, name, { value, configurable: true, writable: true });
      added.push([target, name]);
    };
    stub(Range.prototype, 'getClientRects', noRects);
    stub(Range.prototype, 'getBoundingClientRect', () => new DOMRect());
    stub(Text.prototype, 'getClientRects', noRects);
    stub(document, 'elementFromPoint', () => null);
  });
  afterAll(() => {
    for (const [target, name] of added.splice(0)) Reflect.deleteProperty(target, name);
  });
}
