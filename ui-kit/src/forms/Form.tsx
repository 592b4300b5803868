import type { ReactNode } from 'react';
import {
  FormProvider,
  useFormContext,
  type FieldPath,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { Button, type ButtonProps } from '../primitives/Button/Button';
import { PasswordField, type PasswordFieldProps } from '../primitives/PasswordField/PasswordField';
import { TextField, type TextFieldProps } from '../primitives/TextField/TextField';
import { useTextBinding, type FieldProps } from './form-binding';

export { FormCheckbox, FormCheckboxGroup, FormSelect, FormSwitch, FormTextArea } from './FormChoiceFields';

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

/** The submit button of the surrounding <Form>: pending while the submit handler runs. */
export function FormSubmit({ children, ...props }: Omit<ButtonProps, 'type'>) {
  const { formState } = useFormContext();
  return (
    <Button {...props} type="submit" isPending={props.isPending ?? formState.isSubmitting}>
      {children}
    </Button>
  );
}
