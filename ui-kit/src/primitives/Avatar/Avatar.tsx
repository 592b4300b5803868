import { useState } from 'react';

export interface AvatarProps {
  /** The person's or contact's name: the image's text alternative and the source of the initials. */
  name: string;
  /** Picture URL; the initials show when it is missing or fails to load. */
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** 'Ana Maria Souza' → 'AS'; 'ana' → 'A'; digits and symbols are skipped when letters exist. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  const pick = (word: string | undefined) => word?.match(/\p{L}/u)?.[0]?.toUpperCase() ?? '';
  if (words.length === 0) return name.trim().slice(0, 1).toUpperCase() || '?';
  return words.length === 1 ? pick(words[0]) : pick(words[0]) + pick(words.at(-1));
}

/** A stable hue for a name, so a contact keeps its colour. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) % 360;
  return hash;
}

/** A picture with an initials fallback; either way an image named by `name`. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  // `failed` is about triedSrc; a new src gets its own try, reset while rendering (React's pattern for a prop change).
  const [triedSrc, setTriedSrc] = useState(src);
  if (src !== triedSrc) {
    setTriedSrc(src);
    setFailed(false);
  }
  const classes = className ? `atd-Avatar ${className}` : 'atd-Avatar';
  if (src && !failed) {
    return <img className={classes} data-size={size} src={src} alt={name} onError={() => setFailed(true)} />;
  }
  return (
    <span
      className={classes}
      data-size={size}
      data-fallback="true"
      role="img"
      aria-label={name}
      style={{ '--atd-avatar-hue': hueOf(name) } as React.CSSProperties}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
