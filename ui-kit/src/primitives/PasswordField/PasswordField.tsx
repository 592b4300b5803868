import { useState, type Ref } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Group,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  composeRenderProps,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { useT } from '../../i18n/locale-context';
import { Icon } from '../Icon/Icon';

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, 'children' | 'type'> {
  label: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Controlled visibility of the typed password (uncontrolled when absent). */
  isRevealed?: boolean;
  onRevealChange?: (revealed: boolean) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input with a show/hide toggle button (labelled 'Mostrar senha' / 'Ocultar senha').
 * Looks like TextField: it carries the TextField classes plus its own.
 */
export function PasswordField({
  label,
  description,
  errorMessage,
  placeholder,
  isRevealed,
  onRevealChange,
  autoComplete = 'current-password',
  className,
  ref,
  ...props
}: PasswordFieldProps) {
  const t = useT();
  const [ownRevealed, setOwnRevealed] = useState(false);
  const revealed = isRevealed ?? ownRevealed;
  const toggle = () => {
    setOwnRevealed(!revealed);
    onRevealChange?.(!revealed);
  };
  return (
    <AriaTextField
      {...props}
      type={revealed ? 'text' : 'password'}
      autoComplete={autoComplete}
      className={composeRenderProps(className, (custom) => (custom ? `atd-TextField atd-PasswordField ${custom}` : 'atd-TextField atd-PasswordField'))}
    >
      <Label className="atd-TextField-label">{label}</Label>
      <Group className="atd-PasswordField-group" data-revealed={revealed || undefined}>
        <Input ref={ref} className="atd-PasswordField-input" placeholder={placeholder} />
        <AriaButton
          className="atd-PasswordField-toggle"
          aria-label={revealed ? t('password.hide') : t('password.show')}
          onPress={toggle}
          isDisabled={props.isDisabled}
        >
          <Icon name={revealed ? 'eyeOff' : 'eye'} />
        </AriaButton>
      </Group>
      {description && (
        <Text slot="description" className="atd-TextField-description">
          {description}
        </Text>
      )}
      <FieldError className="atd-TextField-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
