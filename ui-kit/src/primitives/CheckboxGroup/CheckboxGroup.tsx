import type { ReactNode, Ref } from 'react';
import {
  CheckboxGroup as AriaCheckboxGroup,
  FieldError,
  Label,
  Text,
  composeRenderProps,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  type ValidationResult,
} from 'react-aria-components';

export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, 'children'> {
  label: string;
  /** Checkbox children, each with a `value`; the group's value is the checked ones' values. */
  children?: ReactNode;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  ref?: Ref<HTMLDivElement>;
}

/** A labelled group of Checkboxes holding a list of values (queues, tags...). */
export function CheckboxGroup({ label, children, description, errorMessage, className, ...props }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup {...props} className={composeRenderProps(className, (custom) => (custom ? `atd-CheckboxGroup ${custom}` : 'atd-CheckboxGroup'))}>
      <Label className="atd-CheckboxGroup-label">{label}</Label>
      <div className="atd-CheckboxGroup-items">{children}</div>
      {description && (
        <Text slot="description" className="atd-CheckboxGroup-description">
          {description}
        </Text>
      )}
      <FieldError className="atd-CheckboxGroup-error">{errorMessage}</FieldError>
    </AriaCheckboxGroup>
  );
}
