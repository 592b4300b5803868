import type { Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  composeRenderProps,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  /** Help text under the input, read as the input's description. */
  description?: string;
  /** Shown when the field is invalid (isInvalid, or a failed validate/required check). */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with optional description and error message. */
export function TextField({ label, description, errorMessage, placeholder, className, ref, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={composeRenderProps(className, (custom) => (custom ? `atd-TextField ${custom}` : 'atd-TextField'))}>
      <Label className="atd-TextField-label">{label}</Label>
      <Input ref={ref} className="atd-TextField-input" placeholder={placeholder} />
      {description && (
        <Text slot="description" className="atd-TextField-description">
          {description}
        </Text>
      )}
      <FieldError className="atd-TextField-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
