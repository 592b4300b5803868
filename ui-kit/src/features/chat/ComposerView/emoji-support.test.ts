import { describe, expect, it } from 'vitest';
import { translate } from '../../../i18n/translate';
import { emojiOfUnified, emojiPickerLabels, supportedEmojiVersion, undrawableEmoji } from './emoji-support';
import { emojiTexts } from '../emoji.texts';
import { registerTexts } from '../../../i18n/feature-texts';

describe('emoji support', () => {
  it('builds an emoji from its unified code', () => {
    expect(emojiOfUnified('1f44d')).toBe('👍');
    expect(emojiOfUnified('1f44d-1f3fb')).toBe('👍🏻');
    expect(emojiOfUnified('1f426-200d-1f525')).toBe('🐦‍🔥');
  });

  it('hides nothing and caps no version where no canvas can tell (jsdom)', () => {
    expect(undrawableEmoji(['1f600', '1fae9'])).toEqual([]);
    expect(supportedEmojiVersion()).toBeNull();
  });

  it("gives the picker its texts in the kit's language", () => {
    registerTexts(emojiTexts);
    const labels = emojiPickerLabels((key, vars) => translate('pt', key, vars));
    expect(labels.searchPlaceholder).toBe('Pesquisar emoji');
    expect(labels.searchResultsMany).toContain('%n');
    expect(Object.values(labels).filter((text) => /^[a-z]+\.[a-zA-Z.]+$/.test(text))).toEqual([]);
  });
});
