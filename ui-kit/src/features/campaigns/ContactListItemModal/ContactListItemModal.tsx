import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { contactListsTexts } from '../contact-lists.texts';
import {
  contactEmailRule,
  contactListItemFormValues,
  contactListNameRule,
  contactNumberRule,
  type ContactListItem,
  type ContactListItemFormValues,
} from '../contact-list-rules';

export interface ContactListItemModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The contact being edited; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  item?: ContactListItem | null;
  /** Save (create or update). Resolve to close; reject to stay open (an API field error, a duplicate number, lands on its field). */
  onSave: (values: ContactListItemFormValues) => Promise<void>;
}

/**
 * Spec back-office §2, §5: a list's contact. Name (required, 2 to 50), number (8 to 50 digits; the placeholder shows
 * country code, area code and number) and an optional e-mail ('Invalid email').
 */
export function ContactListItemModal({ isOpen, onOpenChange, item, onSave }: ContactListItemModalProps) {
  const t = useT(contactListsTexts);
  const form = useForm<ContactListItemFormValues>({ defaultValues: contactListItemFormValues(item) });

  const submit = async (values: ContactListItemFormValues) => {
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      // the connected page toasts what is not a field error
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <FormDialog
      title={t(item ? 'contactListItems.modal.edit' : 'contactListItems.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-ContactListItemModal"
      size="sm"
      form={form}
      onSubmit={submit}
    >
      <FormTextField<ContactListItemFormValues>
        name="name"
        rule={contactListNameRule}
        label={t('contactListItems.field.name')}
        isRequired
        autoFocus
        autoComplete="off"
        maxLength={50}
      />
      <FormTextField<ContactListItemFormValues>
        name="number"
        rule={contactNumberRule}
        label={t('contactListItems.field.number')}
        description={t('contactListItems.field.number.description')}
        placeholder="5511999999999"
        inputMode="tel"
        autoComplete="off"
        isRequired
      />
      <FormTextField<ContactListItemFormValues>
        name="email"
        rule={contactEmailRule}
        label={`${t('contactListItems.field.email')} (${t('contactListItems.field.optional')})`}
        type="email"
        autoComplete="off"
        placeholder="nome@exemplo.com"
      />
    </FormDialog>
  );
}
