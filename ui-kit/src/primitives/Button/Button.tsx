import type { Ref } from 'react';
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

export interface ButtonProps extends AriaButtonProps {
  /** primary (the tint), secondary (neutral) or danger (destructive). */
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

/** react-aria's Button with the kit's look; styled by `.atd-Button` and its data-* states. */
export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} data-variant={variant} className={composeRenderProps(className, (custom) => (custom ? `atd-Button ${custom}` : 'atd-Button'))} />
  );
}
