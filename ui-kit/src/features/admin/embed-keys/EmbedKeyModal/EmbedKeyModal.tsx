import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextArea, FormTextField } from '../../../../forms/Form';
import { FormDialog } from '../../../../forms/FormDialog';
import { serverFieldErrors } from '../../../../forms/server-errors';
import { errorText, useLocale, useT } from '../../../../i18n';
import { embedKeysTexts } from '../embed-keys.texts';
import { embedKeyFormValues, invalidOrigins, originLines, type EmbedKey, type EmbedKeyFormValues } from '../embed-key-rules';

export interface EmbedKeyModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The key edited; null to add one. Mount the modal anew (a `key`) for each opening. */
  embedKey?: EmbedKey | null;
  /**
   * Save: the caller creates or updates. Resolve to close; reject to stay open (the API's field errors land on their
   * fields, `allowedOrigins.2` on the origins; anything else shows in the dialog).
   */
  onSave: (values: EmbedKeyFormValues) => Promise<void>;
}

/** The API's limits: a name of 1 to 100 characters, 1 to 20 origins. */
const NAME_MAX = 100;
const ORIGINS_MAX = 20;

/**
 * The embed key dialog: a name, and the origins allowed to open sessions with the key, one a line, each checked as
 * an http(s) origin without a path (the line named in the error). A new key's secret is shown after the create, by
 * the page, not here.
 */
export function EmbedKeyModal({ isOpen, onOpenChange, embedKey, onSave }: EmbedKeyModalProps) {
  const t = useT(embedKeysTexts);
  const locale = useLocale();
  const form = useForm<EmbedKeyFormValues>({ defaultValues: embedKeyFormValues(embedKey) });
  const [failure, setFailure] = useState<string | null>(null);

  const nameRule = (value: string) => {
    const text = value.trim();
    if (text === '') return t('embedKeys.validation.required');
    return text.length <= NAME_MAX || t('embedKeys.validation.nameTooLong');
  };
  const originsRule = (value: string) => {
    const lines = originLines(value);
    if (lines.length === 0) return t('embedKeys.validation.originsRequired');
    if (lines.length > ORIGINS_MAX) return t('embedKeys.validation.tooManyOrigins', { max: ORIGINS_MAX });
    const bad = invalidOrigins(value);
    if (bad.length === 1) return t('embedKeys.validation.origin', { origin: bad[0] });
    return bad.length === 0 || t('embedKeys.validation.origins', { count: bad.length, origin: bad[0] });
  };

  const submit = async (values: EmbedKeyFormValues) => {
    setFailure(null);
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      const fields = serverFieldErrors(err);
      let focused = false;
      for (const { field, message } of fields) {
        const target = field === 'name' ? 'name' : field.startsWith('allowedOrigins') ? 'origins' : null;
        if (!target) continue;
        form.setError(target, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      if (fields.length === 0 || !focused) setFailure(errorText(locale, err));
    }
  };

  return (
    <FormDialog
      title={t(embedKey ? 'embedKeys.modal.edit' : 'embedKeys.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="md"
      className="atd-EmbedKeyModal"
      form={form}
      onSubmit={submit}
      formClassName="atd-EmbedKeyModal-form"
      submitLabel={embedKey ? undefined : t('embedKeys.modal.create')}
    >
      {failure && (
        <p className="atd-EmbedKeyModal-failure" role="alert">
          {failure}
        </p>
      )}
      <FormTextField<EmbedKeyFormValues>
        name="name"
        rule={nameRule}
        label={t('embedKeys.field.name')}
        description={t('embedKeys.field.name.description')}
        isRequired
        autoFocus
        autoComplete="off"
      />
      <FormTextArea<EmbedKeyFormValues>
        name="origins"
        rule={originsRule}
        label={t('embedKeys.field.origins')}
        description={t('embedKeys.field.origins.description')}
        isRequired
        rows={4}
        className="atd-EmbedKeyModal-origins"
      />
    </FormDialog>
  );
}
