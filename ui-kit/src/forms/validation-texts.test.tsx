import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { AtendeRoot } from '../theme/AtendeRoot';
import { LocaleContext } from '../i18n/locale-context';
import type { Locale } from '../i18n/translate';
import { Form, FormTextField } from './Form';

/**
 * Issue 30 (finding 13): forms validated in English on Portuguese screens ('Required', 'Too Short!'). Every validation
 * message a form shows goes through the kit's i18n: rules answer message keys, and the API's literal field texts are
 * mapped to keys (forms/server-errors.ts). This fails when a form's source carries an English validation literal as
 * its message instead of a key, and when a known server text reaches a field untranslated.
 */
const ENGLISH_VALIDATION =
  /(['"`])(Required|Required field|Too Short!|Too Long!|Too short|Too long|Invalid email|Invalid URL|Invalid color|Use HH:MM|Too large|Must be [^'"`]*|Please (enter|fill)[^'"`]*)\1/;

// Vitest runs from ui-kit/.
const KIT = process.cwd();
const ROOTS = [join(KIT, 'src'), join(KIT, '..', 'console', 'src')];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'client' || name === 'i18n' ? [] : sources(path);
    // A text table (i18n/, a feature's <name>.texts.ts) is the translation itself.
    if (!/\.(ts|tsx)$/.test(name) || /\.(test|stories|texts)\.tsx?$/.test(name) || /story-(data|support)\.tsx?$/.test(name)) return [];
    return [path];
  });
}

/** Code lines only: comments describe the spec's texts, and a mapping's key (`'Too Long!': 'validation.tooLong'`) is the translation itself. */
function offendingLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .filter(({ line }) => {
      const match = ENGLISH_VALIDATION.exec(line);
      if (!match) return false;
      const after = line.slice(match.index + match[0].length);
      return !/^\s*:/.test(after);
    })
    .map(({ line, n }) => `${relative(join(KIT, '..'), path)}:${n}: ${line.trim()}`);
}

describe('validation messages follow the locale', () => {
  it('no form in the kit or the console carries an English validation literal as its message', () => {
    const files = ROOTS.flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(offendingLines)).toEqual([]);
  });

  function Field({ serverText }: { serverText: string }) {
    const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
    useEffect(() => form.setError('name', { type: 'server', message: serverText }), [form, serverText]);
    return (
      <Form form={form} onSubmit={() => {}}>
        <FormTextField<{ name: string }> name="name" label="Nome" />
      </Form>
    );
  }

  const shown = async (locale: Locale, serverText: string) => {
    const view = render(
      <AtendeRoot>
        <LocaleContext.Provider value={locale}>
          <Field serverText={serverText} />
        </LocaleContext.Provider>
      </AtendeRoot>,
    );
    const text = (await screen.findByText((_, el) => el?.classList.contains('atd-TextField-error') === true)).textContent;
    view.unmount();
    return text;
  };

  it.each([
    ['Required', 'Obrigatório', 'Required', 'Obligatorio'],
    ['Too Short!', 'Muito curto!', 'Too Short!', '¡Muy corto!'],
    ['Mensagem muito curta', 'Mensagem muito curta', 'Message too short', 'Mensaje muy corto'],
    ['Invalid URL', 'URL inválida', 'Invalid URL', 'URL inválida'],
    ['Informe o setor', 'Informe o setor', 'Choose the queue', 'Indica el sector'],
  ])("the API's field text %s shows in pt, en and es", async (server, pt, en, es) => {
    expect(await shown('pt', server)).toBe(pt);
    expect(await shown('en', server)).toBe(en);
    expect(await shown('es', server)).toBe(es);
  });
});
