import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Form, FormTextField } from '../../../forms/Form';
import { applyServerErrors } from '../../../forms/server-errors';
import { email, nameRule } from '../../../forms/validators';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import type { ContactFormValues } from '../../chat/ContactDrawer/ContactForm';
import { numberRule } from '../../tickets/NewTicketModal/NewTicketModal';

export type { ContactFormValues };

export const EMPTY_CONTACT: ContactFormValues = { name: '', number: '', email: '', extraInfo: [] };

/** Spec §5, contact form: an e-mail, when given, must be valid ('Invalid email'). */
const contactEmailRule = email();

export interface ContactModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** 'add' (empty form, 'Adicionar contato') or 'edit' ('Editar contato'). */
  mode: 'add' | 'edit';
  /** The values the form starts with (read when it opens, or when `isLoading` turns false). */
  initialValues?: ContactFormValues;
  /** The contact's details are still loading (edit): a spinner instead of the form. */
  isLoading?: boolean;
  /** Resolve to close; reject to keep the form open (the API's field errors go on the fields). */
  onSave: (values: ContactFormValues) => Promise<unknown>;
}

/**
 * The contacts page's add and edit modal (spec §5, contact form): name required, 2 to 50 ('Too Short!',
 * 'Too Long!', 'Required'); number 8 to 50, its placeholder country code plus area code plus number; e-mail valid
 * if given ('Invalid email'); extra info rows (name and value) added and removed. The same rules as the contact
 * drawer's form (shared validators), in a dialog named for what it does.
 */
export function ContactModal({ isOpen, onOpenChange, mode, initialValues = EMPTY_CONTACT, isLoading = false, onSave }: ContactModalProps) {
  const t = useT();
  return (
    <Dialog
      title={t(mode === 'add' ? 'contacts.modal.addTitle' : 'contacts.modal.editTitle')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={false}
      className="atd-ContactModal"
    >
      {isLoading ? (
        <div className="atd-ContactModal-loading">
          <Spinner showLabel />
        </div>
      ) : (
        <ContactModalForm mode={mode} initialValues={initialValues} onSave={onSave} onCancel={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

interface ContactModalFormProps {
  mode: 'add' | 'edit';
  initialValues: ContactFormValues;
  onSave: (values: ContactFormValues) => Promise<unknown>;
  onCancel: () => void;
}

function ContactModalForm({ mode, initialValues, onSave, onCancel }: ContactModalFormProps) {
  const t = useT();
  const id = useId();
  const form = useForm<ContactFormValues>({ defaultValues: initialValues });
  const rows = useFieldArray({ control: form.control, name: 'extraInfo' });

  const submit = async (values: ContactFormValues) => {
    try {
      await onSave({
        name: values.name.trim(),
        number: values.number.trim(),
        email: values.email.trim(),
        // A row left empty is no information.
        extraInfo: values.extraInfo.map((row) => ({ name: row.name.trim(), value: row.value.trim() })).filter((row) => row.name || row.value),
      });
    } catch (err) {
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      id={id}
      className="atd-ContactModal-form"
      aria-label={t(mode === 'add' ? 'contacts.modal.addTitle' : 'contacts.modal.editTitle')}
    >
      <FormTextField<ContactFormValues> name="name" rule={nameRule} label={t('contact.name')} autoComplete="off" />
      <FormTextField<ContactFormValues>
        name="number"
        rule={numberRule}
        label={t('contact.number')}
        placeholder={t('contact.numberPlaceholder')}
        description={t('contact.numberHint')}
        inputMode="tel"
      />
      <FormTextField<ContactFormValues> name="email" rule={contactEmailRule} label={t('contact.email')} type="email" autoComplete="off" />
      <fieldset className="atd-ContactModal-extra">
        <legend>{t('contact.extraInfo')}</legend>
        {rows.fields.map((row, index) => (
          <div key={row.id} className="atd-ContactModal-row" role="group" aria-label={t('contacts.modal.extraRow', { index: index + 1 })}>
            <FormTextField<ContactFormValues> name={`extraInfo.${index}.name`} label={t('contact.extraName')} />
            <FormTextField<ContactFormValues> name={`extraInfo.${index}.value`} label={t('contact.extraValue')} />
            <IconButton size="sm" variant="danger" aria-label={t('contact.extraRemove', { index: index + 1 })} onPress={() => rows.remove(index)}>
              <Icon name="delete" />
            </IconButton>
          </div>
        ))}
        <Button variant="secondary" onPress={() => rows.append({ name: '', value: '' })} className="atd-ContactModal-addRow">
          <Icon name="add" /> {t('contact.extraAdd')}
        </Button>
      </fieldset>
      <div className="atd-ContactModal-actions">
        <Button variant="secondary" onPress={onCancel}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" isPending={form.formState.isSubmitting}>
          {t('action.save')}
        </Button>
      </div>
    </Form>
  );
}
