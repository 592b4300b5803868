import type { ReactNode, Ref } from 'react';
import { Checkbox as AriaCheckbox, composeRenderProps, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { Icon } from '../Icon/Icon';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  /** The visible label (or pass aria-label). */
  children?: ReactNode;
  ref?: Ref<HTMLLabelElement>;
}

/** A checkbox, with indeterminate state; styled by data-selected, data-indeterminate, data-invalid. */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={composeRenderProps(className, (custom) => (custom ? `atd-Checkbox ${custom}` : 'atd-Checkbox'))}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className="atd-Checkbox-box" aria-hidden="true">
            {isIndeterminate ? <span className="atd-Checkbox-dash" /> : isSelected ? <Icon name="check" size="0.9rem" /> : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
