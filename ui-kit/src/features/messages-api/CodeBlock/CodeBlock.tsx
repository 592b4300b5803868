import { useId } from 'react';
import { CopyButton } from '../../../primitives/CopyButton/CopyButton';

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
