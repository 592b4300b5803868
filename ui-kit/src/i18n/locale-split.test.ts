// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('only the shown language is downloaded', () => {
  /**
   * The split holds only while nothing imports en.ts, es.ts or an area's .en.ts / .es.ts statically (a bundler puts a
   * module imported statically anywhere into that chunk: every page would download it again), and while a language's
   * modules import no other language's texts (types only).
   */
  it('keeps each language a module graph of its own, imported only by loadLocale', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const sources = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file) && !file.startsWith('test'))
      .map((file) => ({ file: relative(src, join(src, file)).replaceAll('\\', '/'), text: readFileSync(join(src, file), 'utf8') }));
    expect(sources.length).toBeGreaterThan(100);
    const staticImport = /^(?:import|export) (?!type )[^;]*? from '([^']+)'/gm;
    const offenders: string[] = [];
    for (const { file, text } of sources) {
      const own = /\.(en|es)\.ts$|^i18n\/(en|es)\.ts$/.exec(file);
      const language = own?.[1] ?? own?.[2];
      for (const [, target] of text.matchAll(staticImport)) {
        const of = /^\.\.?\/(?:.*\/)?(?:[a-z-]+\.)?(en|es)$/.exec(target)?.[1]; // the kit's own modules
        if (of && of !== language) offenders.push(`${file} imports ${target}`);
        if (language && !of) offenders.push(`${file} (${language}) imports ${target}, not a type`);
      }
    }
    expect(offenders).toEqual([]);
    const translateSource = sources.find((s) => s.file === 'i18n/translate.ts')?.text ?? '';
    expect(translateSource).toContain("import('./en')");
    expect(translateSource).toContain("import('./es')");
  });
});
