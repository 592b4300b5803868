import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') && path !== join(src, 'styles.css') ? [path] : [];
  });
}

describe('styles.css', () => {
  const entry = readFileSync(join(src, 'styles.css'), 'utf8');

  it('imports every stylesheet of the kit, tokens first', () => {
    const imported = [...entry.matchAll(/@import '\.\/([^']+)'/g)].map((m) => m[1]);
    const present = cssFiles(src).map((file) => relative(src, file).split('\\').join('/'));
    expect(imported.sort()).toEqual(present.sort());
    expect(entry.indexOf('theme/tokens.css')).toBeLessThan(entry.indexOf('primitives/'));
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
