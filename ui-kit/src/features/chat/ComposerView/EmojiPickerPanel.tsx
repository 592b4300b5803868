import EmojiPicker, { type PickerProps } from 'emoji-picker-react';
import { useEffect, useState } from 'react';
import { emojiTexts } from '../emoji.texts';
import { useT } from '../../../i18n/locale-context';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { emojiPickerLabels, supportedEmojiVersion, undrawableEmoji } from './emoji-support';

interface EmojiDataFile {
  emojis: Record<string, { u: string }[]>;
}
type EmojiDataLoader = () => Promise<{ default: EmojiDataFile } | EmojiDataFile>;

/** The emoji this system cannot draw, found once per page (the data's codes are the same in every language). */
let hiddenOnce: Promise<string[]> | undefined;
function hiddenEmoji(load: EmojiDataLoader): Promise<string[]> {
  hiddenOnce ??= load()
    .then((module) => {
      const data = 'default' in module ? module.default : module;
      return undrawableEmoji(Object.values(data.emojis).flatMap((list) => list.map((emoji) => emoji.u)));
    })
    .catch(() => []);
  return hiddenOnce;
}

/**
 * The emoji picker in the kit's language, offering only the emoji this system draws: a version this platform's fonts
 * know, and of those none that draws as a box. Its own chunk (with the picker and its texts): fetched when the picker
 * first opens.
 */
export default function EmojiPickerPanel(props: PickerProps) {
  const t = useT(emojiTexts);
  const [hidden, setHidden] = useState<string[] | null>(null);
  const { emojiData } = props;
  useEffect(() => {
    let live = true;
    const load: EmojiDataLoader =
      typeof emojiData === 'function' ? (emojiData as unknown as EmojiDataLoader) : () => import('emoji-picker-react/data/emojis-en');
    void hiddenEmoji(load).then((codes) => {
      if (live) setHidden(codes);
    });
    return () => {
      live = false;
    };
  }, [emojiData]);
  if (!hidden) return <Spinner label={t('emoji.loading')} />;
  return <EmojiPicker {...props} labels={emojiPickerLabels(t)} emojiVersion={supportedEmojiVersion()} hiddenEmojis={hidden} />;
}
