import { useController, useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useT } from '../i18n/locale-context';
import { serverTextKey } from './server-errors';
import type { Rule } from './validators';

// How a Form* field binds to its react-hook-form: shared by Form.tsx's text fields and FormChoiceFields.tsx.

export interface BoundProps<T extends FieldValues, N extends FieldPath<T>> {
  name: N;
  /** Validation: a Rule (answers a message key) from forms/validators, or any function answering text or true. */
  rule?: Rule<never> | ((value: never) => string | true);
  /** Defaults to the surrounding <Form>'s control. */
  control?: Control<T>;
}

/** Turns a rule's answer (a message key, or a server text the kit knows: 'Required') into what the field shows, in the locale. */
function useFieldError(message: string | undefined): string | undefined {
  const t = useT();
  if (!message) return undefined;
  const key = serverTextKey(message);
  return key ? t(key) : message;
}

export function useBound<T extends FieldValues, N extends FieldPath<T>>({ name, rule, control }: BoundProps<T, N>) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController<T, N>({
    name,
    control: control ?? context?.control,
    rules: rule ? { validate: rule as (value: unknown) => string | true } : undefined,
  });
  const error = useFieldError(fieldState.error?.message);
  return { field, error };
}

/** What a text-like field (TextField, PasswordField, TextArea) takes from its form binding. */
export function useTextBinding<T extends FieldValues, N extends FieldPath<T>>(bound: BoundProps<T, N>, isDisabled: boolean | undefined) {
  const { field, error } = useBound<T, N>(bound);
  return {
    ref: field.ref,
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    isDisabled: isDisabled ?? field.disabled,
    isInvalid: Boolean(error),
    errorMessage: error,
    validationBehavior: 'aria' as const,
  };
}

export type FieldProps<P, T extends FieldValues, N extends FieldPath<T>> = BoundProps<T, N> &
  Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'isInvalid' | 'errorMessage' | 'validate'>;
