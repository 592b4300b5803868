import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') && path !== join(src, 'styles.css') && path !== join(src, 'widget-styles.css') ? [path] : [];
  });
}

/** Folders of pages that no embeddable widget shows: their styles stay out of the embed runtime. */
const PAGE_ONLY =
  /^features\/(admin|connections|messages-api|contacts|kanban|dashboard|quick-messages|billing|campaigns|prompts|queue-integrations|announcements|internal-chat|tasks|audit|schedules\/Schedules(View|Calendar)?)\//;
const importsOf = (css: string) => [...css.matchAll(/@import '\.\/([^']+)'/g)].map((m) => m[1]);

describe('styles.css', () => {
  const entry = readFileSync(join(src, 'styles.css'), 'utf8');
  const widgets = readFileSync(join(src, 'widget-styles.css'), 'utf8');

  it('imports every stylesheet of the kit once: the widgets first (tokens first), then the pages', () => {
    const fromEntry = importsOf(entry);
    expect(fromEntry[0]).toBe('widget-styles.css');
    const imported = [...importsOf(widgets), ...fromEntry.slice(1)];
    const present = cssFiles(src).map((file) => relative(src, file).split('\\').join('/'));
    expect(imported.sort()).toEqual(present.sort());
    expect(widgets.indexOf('theme/tokens.css')).toBeLessThan(widgets.indexOf('primitives/'));
  });

  it("keeps the pages' styles out of the widgets' stylesheet (the embed runtime inlines it), and the widgets' out of the pages'", () => {
    expect(importsOf(widgets).filter((file) => PAGE_ONLY.test(file))).toEqual([]);
    expect(
      importsOf(entry)
        .slice(1)
        .filter((file) => !PAGE_ONLY.test(file)),
    ).toEqual([]);
  });

  it('keeps every rule of every stylesheet inside the atende layer and off :root', () => {
    for (const file of cssFiles(src)) {
      const css = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim();
      expect(css, relative(src, file)).toMatch(/^@layer atende \{[\s\S]*\}$/);
      expect(css, relative(src, file)).not.toContain(':root');
    }
  });
});
