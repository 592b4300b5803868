import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n/locale-context';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { TextField } from '../../../primitives/TextField/TextField';

export type SearchHit = Schema<'MessageSearchHitDto'>;

export interface ChatSearchBarProps {
  term: string;
  onTermChange: (term: string) => void;
  /** The hits of the (debounced) term, newest first; undefined while none was asked for. */
  hits: SearchHit[] | undefined;
  isSearching: boolean;
  /** The hit shown (0 is the newest). */
  active: number;
  onActiveChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The conversation's search: a search box, how many messages hold the text and which one is shown, older and
 * newer buttons (Enter goes to the next older one, Shift+Enter back), Escape closes.
 */
export function ChatSearchBar({ term, onTermChange, hits, isSearching, active, onActiveChange, onClose }: ChatSearchBarProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const count = hits?.length ?? 0;
  const go = (step: number) => count > 0 && onActiveChange((active + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      go(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <div className="atd-ChatSearch" role="search" aria-label={t('chat.search.open')}>
      <TextField
        ref={input}
        type="search"
        label={t('chat.search.label')}
        placeholder={t('chat.search.label')}
        value={term}
        onChange={onTermChange}
        onKeyDown={onKeyDown}
        className="atd-ChatSearch-field"
      />
      <span className="atd-ChatSearch-status" role="status">
        {isSearching ? (
          <Spinner size="sm" label={t('chat.loading')} />
        ) : hits === undefined ? null : count === 0 ? (
          t('chat.search.none')
        ) : (
          <>
            <span aria-hidden="true">{t('chat.search.position', { index: active + 1, count })}</span>
            <span className="atd-visually-hidden">{t('chat.search.count', { count })}</span>
          </>
        )}
      </span>
      <IconButton icon="chevronUp" size="sm" aria-label={t('chat.search.previous')} isDisabled={count < 2} onPress={() => go(1)} />
      <IconButton icon="chevronDown" size="sm" aria-label={t('chat.search.next')} isDisabled={count < 2} onPress={() => go(-1)} />
      <IconButton icon="close" size="sm" aria-label={t('chat.search.close')} onPress={onClose} />
    </div>
  );
}
