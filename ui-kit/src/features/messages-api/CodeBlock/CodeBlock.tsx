import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { copyText } from '../copy-text';
import { MessagesApiIcon } from '../messages-api-icons';

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
      <Button variant="secondary" className="atd-CopyButton-button" aria-label={t('messagesApi.copy.named', { what })} onPress={() => void copy()}>
        <MessagesApiIcon name={state === 'copied' ? 'check' : 'copy'} />
        {t(state === 'copied' ? 'messagesApi.copy.done' : 'messagesApi.copy')}
      </Button>
      <span className="atd-CopyButton-status" role="status" data-state={state}>
        {state === 'failed' ? (
          t('messagesApi.copy.failed')
        ) : state === 'copied' ? (
          <span className="atd-visually-hidden">{t('messagesApi.copy.doneNamed', { what })}</span>
        ) : null}
      </span>
    </span>
  );
}

export interface CodeBlockProps {
  /** The code shown, as is (whitespace kept). */
  code: string;
  /** The block's name, shown above it ('Exemplo com curl'). */
  label: string;
  /** A hint for styling ('bash', 'json', 'http'). */
  language?: string;
  /** Show the 'Copiar' button (default true). */
  copyable?: boolean;
  /** What 'Copiar' puts on the clipboard when it is not the code itself (an endpoint's URL without its method). */
  copyValue?: string;
  className?: string;
}

/**
 * A labelled block of code with a 'Copiar' button. The code scrolls sideways on narrow screens; the scrolling
 * area is a named region that takes focus, so it scrolls from the keyboard too.
 */
export function CodeBlock({ code, label, language, copyable = true, copyValue, className }: CodeBlockProps) {
  const labelId = useId();
  return (
    <figure className={className ? `atd-CodeBlock ${className}` : 'atd-CodeBlock'} data-language={language}>
      <figcaption className="atd-CodeBlock-header">
        <span id={labelId} className="atd-CodeBlock-label">
          {label}
        </span>
        {copyable && <CopyButton text={copyValue ?? code} what={label} />}
      </figcaption>
      {/* A long line scrolls sideways: the scrolling region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="atd-CodeBlock-scroll" role="region" aria-labelledby={labelId} tabIndex={0}>
        <pre className="atd-CodeBlock-pre">
          <code>{code}</code>
        </pre>
      </div>
    </figure>
  );
}
