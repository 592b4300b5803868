import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { contactListsTexts } from '../contact-lists.texts';
import { contactListNameRule, type ContactList, type ContactListFormValues } from '../contact-list-rules';

export interface ContactListModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The list being renamed; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  contactList?: ContactList | null;
  /** Save (create or rename). Resolve to close; reject to stay open (an API validation error lands on its field). */
  onSave: (values: ContactListFormValues) => Promise<void>;
}

/** Spec back-office §2, §5: the contact list modal, its name (required, 2 to 50: 'Obrigatório', 'Too Short!', 'Too Long!'). */
export function ContactListModal({ isOpen, onOpenChange, contactList, onSave }: ContactListModalProps) {
  const t = useT(contactListsTexts);
  const form = useForm<ContactListFormValues>({ defaultValues: { name: contactList?.name ?? '' } });

  const submit = async (values: ContactListFormValues) => {
    try {
      await onSave({ name: values.name.trim() });
      onOpenChange(false);
    } catch (err) {
      // the connected page toasts what is not a field error
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <FormDialog
      title={t(contactList ? 'contactLists.modal.edit' : 'contactLists.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-ContactListModal"
      size="sm"
      form={form}
      onSubmit={submit}
    >
      <FormTextField<ContactListFormValues>
        name="name"
        rule={contactListNameRule}
        label={t('contactLists.field.name')}
        isRequired
        autoFocus
        autoComplete="off"
        maxLength={50}
      />
    </FormDialog>
  );
}
