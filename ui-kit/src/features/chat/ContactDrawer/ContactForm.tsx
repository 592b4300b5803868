import { useFieldArray, useForm } from 'react-hook-form';
import { Form, FormSubmit, FormTextField } from '../../../forms/Form';
import { applyServerErrors } from '../../../forms/server-errors';
import { email, nameRule } from '../../../forms/validators';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { numberRule } from '../../tickets/NewTicketModal/NewTicketModal';

export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: { name: string; value: string }[];
}

/** Spec §5, contact form: e-mail valid if given ('Invalid email'). The number rule (8 to 50) is the new-ticket form's. */
const contactEmailRule = email();

export interface ContactFormProps {
  initialValues: ContactFormValues;
  /** Reject to keep the form open; the API's field errors go on the fields. */
  onSave: (values: ContactFormValues) => Promise<unknown> | void;
  onCancel: () => void;
  /** The form's accessible name (default 'Editar contato'): the contacts page's add dialog names it for adding. */
  label?: string;
}

/** The contact form of the drawer (inline) and of the contacts page's add and edit dialog: name, number, e-mail and extra info rows that can be added and removed. */
export function ContactForm({ initialValues, onSave, onCancel, label }: ContactFormProps) {
  const t = useT();
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
    <Form form={form} onSubmit={submit} className="atd-ContactForm" aria-label={label ?? t('contact.form')}>
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
      <fieldset className="atd-ContactForm-extra">
        <legend>{t('contact.extraInfo')}</legend>
        {rows.fields.map((row, index) => (
          <div key={row.id} className="atd-ContactForm-row" role="group" aria-label={t('contact.extraRow', { index: index + 1 })}>
            <FormTextField<ContactFormValues> name={`extraInfo.${index}.name`} label={t('contact.extraName')} />
            <FormTextField<ContactFormValues> name={`extraInfo.${index}.value`} label={t('contact.extraValue')} />
            <IconButton size="sm" variant="danger" aria-label={t('contact.extraRemove', { index: index + 1 })} onPress={() => rows.remove(index)}>
              <Icon name="delete" />
            </IconButton>
          </div>
        ))}
        <Button variant="secondary" onPress={() => rows.append({ name: '', value: '' })} className="atd-ContactForm-addRow">
          <Icon name="add" /> {t('contact.extraAdd')}
        </Button>
      </fieldset>
      <div className="atd-ContactForm-actions">
        <Button variant="secondary" onPress={onCancel}>
          {t('action.cancel')}
        </Button>
        <FormSubmit>{t('action.save')}</FormSubmit>
      </div>
    </Form>
  );
}
