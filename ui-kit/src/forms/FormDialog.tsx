import { useId, type ReactNode } from 'react';
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { useT } from '../i18n/locale-context';
import { Button } from '../primitives/Button/Button';
import { Dialog, type DialogProps } from '../primitives/Dialog/Dialog';
import { Form } from './Form';

export interface FormDialogProps<T extends FieldValues> {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The react-hook-form instance of the fields inside. */
  form: UseFormReturn<T>;
  onSubmit: SubmitHandler<T>;
  onInvalid?: SubmitErrorHandler<T>;
  size?: DialogProps['size'];
  className?: string;
  formClassName?: string;
  /** The submit button's text ('Salvar' by default). */
  submitLabel?: string;
  /** Shown in the dialog after the form: parts that save on their own (a queue's option tree). */
  after?: ReactNode;
  children: ReactNode;
}

/**
 * A modal form: the fields in a <Form>, and in the dialog's footer 'Cancelar' and the submit button, which sits
 * outside the <form> and is tied to it by the form attribute. While the form submits, the dialog cannot be dismissed
 * and the buttons show it.
 */
export function FormDialog<T extends FieldValues>({
  title,
  isOpen,
  onOpenChange,
  form,
  onSubmit,
  onInvalid,
  size,
  className,
  formClassName,
  submitLabel,
  after,
  children,
}: FormDialogProps<T>) {
  const t = useT();
  const formId = useId();
  const busy = form.formState.isSubmitting;
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      size={size}
      className={className}
      footer={
        <>
          <Button variant="secondary" isDisabled={busy} onPress={() => onOpenChange(false)}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={busy}>
            {submitLabel ?? t('action.save')}
          </Button>
        </>
      }
    >
      <Form form={form} id={formId} onSubmit={onSubmit} onInvalid={onInvalid} className={formClassName}>
        {children}
      </Form>
      {after}
    </Dialog>
  );
}
