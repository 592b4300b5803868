import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { copyText } from './copy-text';

export { copyText };

/** How long 'Copiado!' shows after a copy. */
export const COPIED_MS = 2000;

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** What is copied, for the button's name: 'Copiar {what}'. */
  what: string;
  className?: string;
}

/** A 'Copiar' button: copies `text`, then says 'Copiado!' (read by screen readers) for 2 seconds, or that it failed. */
export function CopyButton({ text, what, className }: CopyButtonProps) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const ok = await copyText(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  };

  return (
    <span className={className ? `atd-CopyButton ${className}` : 'atd-CopyButton'}>
      <Button variant="secondary" className="atd-CopyButton-button" aria-label={t('action.copy.named', { what })} onPress={() => void copy()}>
        <Icon name={state === 'copied' ? 'check' : 'copy'} />
        {t(state === 'copied' ? 'action.copy.done' : 'action.copy')}
      </Button>
      <span className="atd-CopyButton-status" role="status" data-state={state}>
        {state === 'failed' ? (
          t('action.copy.failed')
        ) : state === 'copied' ? (
          <span className="atd-visually-hidden">{t('action.copy.doneNamed', { what })}</span>
        ) : null}
      </span>
    </span>
  );
}
