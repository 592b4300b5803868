import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import type { FeatureTexts } from './feature-texts';
import { pt } from './pt';
import { translate } from './translate';

// The tables here and those the features keep beside their components (features/<f>/<name>.texts.ts).
const featureModules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./*.test.tsx', '../features/**/*.texts.ts'], {
  eager: true,
});
const featureTables = Object.values(featureModules).flatMap((module) =>
  Object.entries(module)
    .filter(([name, value]) => name.endsWith('Texts') && typeof value === 'object' && value !== null)
    .map(([, value]) => value as FeatureTexts),
);
// A table of definePtTexts has its en and es texts in the core en and es tables.
const tables = [{ pt, en, es }, ...featureTables.map((t) => ({ pt: t.pt, en: t.en ?? en, es: t.es ?? es }))];

/**
 * Words that are the same in Portuguese (or Spanish) and English, or names: a pt (es) text equal to its en text made
 * only of these is fine; any other equal text is an English string left in a Portuguese (Spanish) screen.
 */
const SAME_IN_BOTH = new Set(
  (
    'ok email mail webhooks id api url token webhook whatsapp kanban chatbot typebot dialogflow n8n openai gpt status ' +
    'online offline sandbox baileys qr qrcode code json csv xlsx pdf mp3 ogg png jpg admin super user ' +
    'real dns ip ipv4 ipv6 http https smtp host hostname port porta chat chats tag tags x min max total link ' +
    'logo logos favicon hex rgb cnpj cpf pix boleto uuid sla dashboard open ai volume supervisor emoji emojis ' +
    'ticket tickets leads msg endpoint prompt prompts agenda ixc asaas mk auth slug português english español ' +
    // Spanish words spelt as in English.
    'error video audio sticker plan color no variables'
  ).split(' '),
);

function suspicious(table: Readonly<Record<string, string>>, english: Readonly<Record<string, string>>): string[] {
  return Object.keys(table).filter((key) => {
    const text = table[key];
    if (text !== english[key]) return false;
    const words = text
      .replace(/\{\w+\}/g, ' ')
      .toLowerCase()
      .match(/\p{L}{2,}/gu);
    return words !== null && words.some((word) => !SAME_IN_BOTH.has(word));
  });
}

describe('no English left in the Portuguese and Spanish tables', () => {
  it('has found the feature tables', () => {
    expect(featureTables.length).toBeGreaterThan(15);
  });

  it('pt', () => {
    expect(tables.flatMap((t) => suspicious(t.pt, t.en))).toEqual([]);
  });

  it('es', () => {
    expect(tables.flatMap((t) => suspicious(t.es, t.en))).toEqual([]);
  });
});

describe('plurals', () => {
  it("picks the singular for a count of 1 ('1 atendimento', not '1 atendimentos')", () => {
    expect(translate('pt', 'tickets.count', { count: 1 })).toBe('atendimento');
    expect(translate('pt', 'tickets.count', { count: 2 })).toBe('atendimentos');
    expect(translate('pt', 'tickets.count', { count: 0 })).toBe('atendimento');
    expect(translate('en', 'tickets.count', { count: 0 })).toBe('tickets');
    expect(translate('pt', 'tickets.item.unread', { count: 1 })).toBe('1 mensagem não lida');
    expect(translate('es', 'tickets.item.unread', { count: 3 })).toBe('3 mensajes no leídos');
  });

  it('has a singular in every locale wherever pt has one', () => {
    for (const t of tables) {
      const singular = Object.keys(t.pt).filter((key) => key.includes('#'));
      expect(singular.filter((key) => !(key in t.en) || !(key in t.es))).toEqual([]);
    }
  });
});
