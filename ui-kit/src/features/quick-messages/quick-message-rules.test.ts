import { describe, expect, it } from 'vitest';
import {
  canChangeQuickMessage,
  canShareQuickMessages,
  MESSAGE_PREVIEW_MAX,
  messagePreview,
  quickMessageBody,
  searchParamOf,
  shortcodeRule,
} from './quick-message-rules';

const manager = { id: 7, permissions: ['session:self', 'tickets-manager:showall'] as const };
const attendant = { id: 8, permissions: ['session:self'] as const };

describe('quick-message rules', () => {
  it('requires a shortcode (Obrigatório) of at most 100 characters and leaves the rest alone', () => {
    expect(shortcodeRule('')).toBe('quickMessages.validation.required');
    expect(shortcodeRule('   ')).toBe('quickMessages.validation.required');
    expect(shortcodeRule('pix')).toBe(true);
    expect(shortcodeRule('a'.repeat(100))).toBe(true);
    expect(shortcodeRule('a'.repeat(101))).toBe('quickMessages.validation.tooLong');
  });

  it('lets only tickets-manager:showall holders share (the Privado switch)', () => {
    expect(canShareQuickMessages({ permissions: [...manager.permissions] })).toBe(true);
    expect(canShareQuickMessages({ permissions: [...attendant.permissions] })).toBe(false);
    expect(canShareQuickMessages(undefined)).toBe(false);
  });

  it('lets the owner change theirs, and a manager change a shared one (the API rule)', () => {
    const m = { ...manager, permissions: [...manager.permissions] };
    const a = { ...attendant, permissions: [...attendant.permissions] };
    expect(canChangeQuickMessage(a, { userId: 8, geral: false })).toBe(true);
    expect(canChangeQuickMessage(a, { userId: 8, geral: true })).toBe(true);
    expect(canChangeQuickMessage(a, { userId: 7, geral: true })).toBe(false);
    expect(canChangeQuickMessage(m, { userId: 8, geral: true })).toBe(true);
    expect(canChangeQuickMessage(m, { userId: 8, geral: false })).toBe(false);
    expect(canChangeQuickMessage(m, { userId: null, geral: true })).toBe(true);
    expect(canChangeQuickMessage(undefined, { userId: 8, geral: true })).toBe(false);
  });

  it('lower-cases and trims the search text', () => {
    expect(searchParamOf('  Bom DIA ')).toBe('bom dia');
    expect(searchParamOf('   ')).toBe('');
  });

  it('cuts the message preview to one line of MESSAGE_PREVIEW_MAX characters', () => {
    expect(messagePreview('Olá,\n\ntudo bem?')).toBe('Olá, tudo bem?');
    const long = 'x'.repeat(MESSAGE_PREVIEW_MAX + 5);
    expect(messagePreview(long)).toBe(`${'x'.repeat(MESSAGE_PREVIEW_MAX)}…`);
    expect(messagePreview('x'.repeat(MESSAGE_PREVIEW_MAX))).toBe('x'.repeat(MESSAGE_PREVIEW_MAX));
  });

  it('sends geral only for who may share, and the shortcode trimmed', () => {
    expect(quickMessageBody({ shortcode: ' pix ', message: 'Chave', geral: true }, true)).toEqual({ shortcode: 'pix', message: 'Chave', geral: true });
    expect(quickMessageBody({ shortcode: 'pix', message: 'Chave', geral: false }, true)).toEqual({ shortcode: 'pix', message: 'Chave', geral: false });
    expect(quickMessageBody({ shortcode: 'pix', message: 'Chave', geral: true }, false)).toEqual({ shortcode: 'pix', message: 'Chave' });
  });
});
