import type { ReactNode } from 'react';
import {
  FormProvider,
  useController,
  useFormContext,
  type Control,
  type FieldPath,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useT } from '../i18n/locale-context';
import { serverTextKey } from './server-errors';
import { Button, type ButtonProps } from '../primitives/Button/Button';
import { Checkbox, type CheckboxProps } from '../primitives/Checkbox/Checkbox';
import { CheckboxGroup, type CheckboxGroupProps } from '../primitives/CheckboxGroup/CheckboxGroup';
import { PasswordField, type PasswordFieldProps } from '../primitives/PasswordField/PasswordField';
import { Select, type SelectOption, type SelectProps } from '../primitives/Select/Select';
import { Switch, type SwitchProps } from '../primitives/Switch/Switch';
import { TextArea, type TextAreaProps } from '../primitives/TextArea/TextArea';
import { TextField, type TextFieldProps } from '../primitives/TextField/TextField';
import type { Rule } from './validators';

export interface FormProps<T extends FieldValues> {
  /** The react-hook-form instance: `const form = useForm<Values>({ defaultValues })`. */
  form: UseFormReturn<T>;
  onSubmit: SubmitHandler<T>;
  /** A submit that failed validation (a form split in tabs shows the tab with the error). */
  onInvalid?: SubmitErrorHandler<T>;
  children?: ReactNode;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  id?: string;
}

/** A <form> bound to react-hook-form: Form* fields inside it find the form without props. */
export function Form<T extends FieldValues>({ form, onSubmit, onInvalid, children, className, ...rest }: FormProps<T>) {
  return (
    <FormProvider {...form}>
      <form
        {...rest}
        noValidate
        className={className ? `atd-Form ${className}` : 'atd-Form'}
        onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}
      >
        {children}
      </form>
    </FormProvider>
  );
}

interface BoundProps<T extends FieldValues, N extends FieldPath<T>> {
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

function useBound<T extends FieldValues, N extends FieldPath<T>>({ name, rule, control }: BoundProps<T, N>) {
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
function useTextBinding<T extends FieldValues, N extends FieldPath<T>>(bound: BoundProps<T, N>, isDisabled: boolean | undefined) {
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

type FieldProps<P, T extends FieldValues, N extends FieldPath<T>> = BoundProps<T, N> &
  Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'isInvalid' | 'errorMessage' | 'validate'>;

export function FormTextField<T extends FieldValues = FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  rule,
  control,
  ...props
}: FieldProps<TextFieldProps, T, N>) {
  return <TextField {...props} {...useTextBinding<T, N>({ name, rule, control }, props.isDisabled)} />;
}

export function FormPasswordField<T extends FieldValues = FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  rule,
  control,
  ...props
}: FieldProps<PasswordFieldProps, T, N>) {
  return <PasswordField {...props} {...useTextBinding<T, N>({ name, rule, control }, props.isDisabled)} />;
}

export function FormTextArea<T extends FieldValues = FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  rule,
  control,
  ...props
}: FieldProps<TextAreaProps, T, N>) {
  return <TextArea {...props} {...useTextBinding<T, N>({ name, rule, control }, props.isDisabled)} />;
}

/** A Select whose value is the chosen option's id (null when none). */
export function FormSelect<T extends FieldValues = FieldValues, N extends FieldPath<T> = FieldPath<T>, I extends object = SelectOption>({
  name,
  rule,
  control,
  ...props
}: FieldProps<SelectProps<I>, T, N> & { items?: Iterable<I> }) {
  // The element's ref is taken apart: reading the field's values off an object that holds a ref reads as ref access in render.
  const {
    field: { ref, ...field },
    error,
  } = useBound<T, N>({ name, rule, control });
  return (
    <Select<I>
      {...props}
      ref={ref}
      name={field.name}
      selectedKey={field.value ?? null}
      onSelectionChange={(key) => field.onChange(key)}
      onBlur={field.onBlur}
      isDisabled={props.isDisabled ?? field.disabled}
      isInvalid={Boolean(error)}
      errorMessage={error}
      validationBehavior="aria"
    />
  );
}

export function FormSwitch<T extends FieldValues = FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  control,
  ...props
}: Omit<FieldProps<SwitchProps, T, N>, 'rule' | 'isSelected' | 'defaultSelected'>) {
  const { field } = useBound<T, N>({ name, control });
  return (
    <Switch
      {...props}
      name={field.name}
      isSelected={Boolean(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isDisabled={props.isDisabled ?? field.disabled}
    />
  );
}

export function FormCheckbox<T extends FieldValues = FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  rule,
  control,
  ...props
}: Omit<FieldProps<CheckboxProps, T, N>, 'isSelected' | 'defaultSelected'>) {
  const { field, error } = useBound<T, N>({ name, rule, control });
  return (
    <Checkbox
      {...props}
      name={field.name}
      isSelected={Boolean(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isDisabled={props.isDisabled ?? field.disabled}
      isInvalid={Boolean(error)}
    />
  );
}

/** A CheckboxGroup whose value is the list of checked values (strings). */
export function FormCheckboxGroup<T extends FieldValues = FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  rule,
  control,
  ...props
}: FieldProps<CheckboxGroupProps, T, N>) {
  // The element's ref is taken apart: reading the field's values off an object that holds a ref reads as ref access in render.
  const {
    field: { ref, ...field },
    error,
  } = useBound<T, N>({ name, rule, control });
  return (
    <CheckboxGroup
      {...props}
      ref={ref}
      name={field.name}
      value={field.value ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isDisabled={props.isDisabled ?? field.disabled}
      isInvalid={Boolean(error)}
      errorMessage={error}
      validationBehavior="aria"
    />
  );
}

/** The submit button of the surrounding <Form>: pending while the submit handler runs. */
export function FormSubmit({ children, ...props }: Omit<ButtonProps, 'type'>) {
  const { formState } = useFormContext();
  return (
    <Button {...props} type="submit" isPending={props.isPending ?? formState.isSubmitting}>
      {children}
    </Button>
  );
}
