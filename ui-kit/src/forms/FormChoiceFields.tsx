import type { FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox, type CheckboxProps } from '../primitives/Checkbox/Checkbox';
import { CheckboxGroup, type CheckboxGroupProps } from '../primitives/CheckboxGroup/CheckboxGroup';
import { Select, type SelectOption, type SelectProps } from '../primitives/Select/Select';
import { Switch, type SwitchProps } from '../primitives/Switch/Switch';
import { TextArea, type TextAreaProps } from '../primitives/TextArea/TextArea';
import { useBound, useTextBinding, type FieldProps } from './form-binding';

// The form fields the sign-in page does not use, apart from Form.tsx (which re-exports them): a page that imports
// only Form, FormTextField, FormPasswordField and FormSubmit (the console's login, in its first load) does not bring
// the select's list box, the checkboxes, the switch and the text area with it.

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
