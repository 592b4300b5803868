import { lazy, Suspense } from 'react';
import { useLocale, useT } from '../../../i18n';
import type { Locale } from '../../../i18n';
import { Popover } from '../../../primitives/Popover/Popover';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import type { Theme } from '../../../theme/AtendeRoot';

// emoji-picker-react is large: it is only fetched when the picker first opens (its own chunk, never in the main bundle).
const EmojiPicker = lazy(() => import('./EmojiPickerPanel'));

// The picker's names and keywords in the kit's language (English is built in).
const EMOJI_DATA: Partial<Record<Locale, () => Promise<unknown>>> = {
  pt: () => import('emoji-picker-react/data/emojis-pt'),
  es: () => import('emoji-picker-react/data/emojis-es'),
};

export interface EmojiPopoverProps {
  theme: Theme;
  onPick: (emoji: string) => void;
}

/** The composer's emoji popover, loaded on demand by its LazyPopoverTrigger (the picker itself loads after it). */
export function EmojiPopover({ theme, onPick }: EmojiPopoverProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <Popover aria-label={t('composer.emojiPicker')} placement="top start" className="atd-Composer-emojiPopover">
      <Suspense fallback={<Spinner />}>
        <EmojiPicker
          theme={theme}
          columns={16}
          width="min(42rem, 92vw)"
          height={360}
          lazyLoadEmojis
          previewConfig={{ showPreview: false }}
          emojiData={EMOJI_DATA[locale] as never}
          onEmojiClick={(emoji) => onPick(emoji.emoji)}
        />
      </Suspense>
    </Popover>
  );
}
