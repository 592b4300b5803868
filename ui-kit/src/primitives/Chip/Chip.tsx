import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useT } from '../../i18n/locale-context';
import { readableOn } from '../../theme/AtendeRoot';
import { Icon } from '../Icon/Icon';

export interface ChipProps {
  children: ReactNode;
  /** A tag's or queue's colour (#rgb/#rrggbb); text colour follows for contrast. */
  color?: string;
  /** Shows a remove button labelled 'Remover {label}'. */
  onRemove?: () => void;
  /** The text used in the remove button's label when children are not plain text. */
  textValue?: string;
  className?: string;
}

/** A compact label (tags, queues), optionally coloured and removable. */
export function Chip({ children, color, onRemove, textValue, className }: ChipProps) {
  const t = useT();
  const label = textValue ?? (typeof children === 'string' ? children : '');
  const style = color ? ({ '--atd-chip-bg': color, '--atd-chip-fg': readableOn(color) ?? '#ffffff' } as React.CSSProperties) : undefined;
  return (
    <span className={className ? `atd-Chip ${className}` : 'atd-Chip'} data-colored={color ? true : undefined} style={style}>
      <span className="atd-Chip-label">{children}</span>
      {onRemove && (
        <AriaButton className="atd-Chip-remove" aria-label={t('chip.remove', { label })} onPress={onRemove}>
          <Icon name="close" size="0.9rem" />
        </AriaButton>
      )}
    </span>
  );
}
