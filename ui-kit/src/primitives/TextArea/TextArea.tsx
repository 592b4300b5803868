import type { Ref } from 'react';
import {
  FieldError,
  Label,
  Text,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  composeRenderProps,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'children' | 'type'> {
  label: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Visible rows (3). */
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text input with optional description and error message. */
export function TextArea({ label, description, errorMessage, placeholder, rows = 3, className, ref, ...props }: TextAreaProps) {
  return (
    <AriaTextField
      {...props}
      className={composeRenderProps(className, (custom) => (custom ? `atd-TextField atd-TextArea ${custom}` : 'atd-TextField atd-TextArea'))}
    >
      <Label className="atd-TextField-label">{label}</Label>
      <AriaTextArea ref={ref} rows={rows} className="atd-TextField-input atd-TextArea-input" placeholder={placeholder} />
      {description && (
        <Text slot="description" className="atd-TextField-description">
          {description}
        </Text>
      )}
      <FieldError className="atd-TextField-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
