import type { HTMLAttributes, ReactNode } from 'react';

export type BadgeVariant = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** A count (shown as max+ above max) or any short content. */
  children?: ReactNode;
  count?: number;
  /** Counts above this show as "99+" (99). */
  max?: number;
  variant?: BadgeVariant;
  /** A dot without content (the chat badge); `label` then says what it means. */
  dot?: boolean;
  /** Read by assistive technology in place of (or after) the visible content. */
  label?: string;
}

/** A small count or status pill; `dot` shows a bare marker. Styled by data-variant and data-dot. */
export function Badge({ children, count, max = 99, variant = 'primary', dot, label, className, ...props }: BadgeProps) {
  const content = count !== undefined ? (count > max ? `${max}+` : String(count)) : children;
  return (
    <span {...props} className={className ? `atd-Badge ${className}` : 'atd-Badge'} data-variant={variant} data-dot={dot || undefined}>
      {!dot && <span aria-hidden={label ? true : undefined}>{content}</span>}
      {label && <span className="atd-visually-hidden">{label}</span>}
    </span>
  );
}
