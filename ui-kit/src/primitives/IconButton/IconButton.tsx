import type { Ref } from 'react';
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Icon, type IconName } from '../Icon/Icon';

export interface IconButtonProps extends Omit<AriaButtonProps, 'aria-label'> {
  /** Required: an icon has no text, so this is the button's only name. */
  'aria-label': string;
  /** A kit icon, or pass children. */
  icon?: IconName;
  variant?: 'ghost' | 'primary' | 'danger';
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

/** A square button showing only an icon; its aria-label is required. */
export function IconButton({ icon, variant = 'ghost', size = 'md', children, className, ...props }: IconButtonProps) {
  return (
    <AriaButton
      {...props}
      data-variant={variant}
      data-size={size}
      className={composeRenderProps(className, (custom) => (custom ? `atd-IconButton ${custom}` : 'atd-IconButton'))}
    >
      {composeRenderProps(children, (content) => content ?? (icon ? <Icon name={icon} /> : null))}
    </AriaButton>
  );
}
