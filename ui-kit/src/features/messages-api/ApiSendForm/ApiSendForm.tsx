import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { ApiSendResult } from '../data/messages-api';
import { AttachmentField } from '../../../forms/AttachmentField/AttachmentField';
import { Form, FormCheckbox, FormPasswordField, FormSubmit, FormTextArea, FormTextField } from '../../../forms/Form';
import { serverFieldErrors } from '../../../forms/server-errors';
import { isMessageKey } from '../../../i18n/translate';
import { useT } from '../../../i18n';
import { messagesApiTexts } from '../messages-api.texts';
import { ApiSendOutcome } from '../ApiSendOutcome/ApiSendOutcome';
import {
  API_MEDIA_LIMITS_MB,
  EXAMPLE_NUMBER,
  bodyRule,
  captionRule,
  digitsOf,
  fileRule,
  formFieldOf,
  numberRule,
  serverFieldMessageKey,
  tokenRule,
} from '../messages-api-rules';

export type ApiSendFormKind = 'text' | 'media';

/** What a test send sends: the number as digits; `file` only for a media form. */
export interface ApiSendRequest {
  token: string;
  number: string;
  body: string;
  closeTicket: boolean;
  file: File | null;
}

export interface ApiSendFormValues {
  token: string;
  number: string;
  body: string;
  closeTicket: boolean;
  file: File | null;
}

export interface ApiSendFormProps {
  /** 'text': token, number and message (sent as JSON); 'media': token, number, a file and an optional caption (multipart). */
  kind: ApiSendFormKind;
  /**
   * Sends the checked values. Resolve: the message and the file are cleared (token and number stay for the next
   * test); reject with the API's error: its failing fields, and a refused token, are marked on their fields.
   */
  onSend: (request: ApiSendRequest) => Promise<unknown>;
  /** The last send's answer or error, shown under the button (see ApiSendOutcome). */
  result?: ApiSendResult | null;
  error?: unknown;
  onOpenTicket?: (uuid: string) => void;
  /** Pending from outside (by default, while `onSend` runs). */
  isPending?: boolean;
  defaultValues?: Partial<ApiSendFormValues>;
  /** Level of the form's heading ('Teste de envio'); 3 by default. */
  headingLevel?: 2 | 3 | 4;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A test form of the messages-API page (spec back-office §2): token, number (no mask: country code, area code,
 * number) and a message, or a file with an optional caption; 'Fechar o ticket após o envio' maps to `closeTicket`.
 * Checks before sending (token required, 10 to 15 digits, a message or a file); shows the last answer below.
 */
export function ApiSendForm({ kind, onSend, result, error, onOpenTicket, isPending, defaultValues, headingLevel = 3 }: ApiSendFormProps) {
  const t = useT(messagesApiTexts);
  const headingId = useId();
  const form = useForm<ApiSendFormValues>({
    defaultValues: { token: '', number: '', body: '', closeTicket: false, file: null, ...defaultValues },
  });
  // The element's ref is taken apart: reading the field's values off an object that holds a ref reads as ref access in render.
  const {
    field: { ref: fileRef, value: file, onChange: setFile },
    fieldState: fileState,
  } = useController({
    control: form.control,
    name: 'file',
    rules: kind === 'media' ? { validate: (value) => fileRule(value) === true || (fileRule(value) as string) } : undefined,
  });
  const fileErrorKey = fileState.error?.message;
  const fileError = fileErrorKey ? (isMessageKey(fileErrorKey) ? t(fileErrorKey) : fileErrorKey) : undefined;

  const submit = async (values: ApiSendFormValues) => {
    try {
      await onSend({
        token: values.token.trim(),
        number: digitsOf(values.number),
        body: values.body,
        closeTicket: values.closeTicket,
        file: kind === 'media' ? values.file : null,
      });
      form.reset({ ...values, body: '', file: null });
    } catch (err) {
      const fields = serverFieldErrors(err).flatMap(({ field, message }) => {
        const name = formFieldOf(field);
        // The form translates message keys: the API's English field messages become the kit's texts where it has them.
        return name ? [{ name, message: serverFieldMessageKey(field, message) ?? message }] : [];
      });
      const code = (err as { code?: unknown } | null)?.code;
      if (code === 'ERR_INVALID_API_TOKEN') fields.unshift({ name: 'token', message: 'ERR_INVALID_API_TOKEN' });
      fields.forEach(({ name, message }, i) => form.setError(name, { type: 'server', message }, { shouldFocus: i === 0 }));
    }
  };

  const Heading = `h${headingLevel}` as const;
  return (
    <div className="atd-ApiSendForm" data-kind={kind}>
      <Heading id={headingId} className="atd-ApiSendForm-title">
        {t(kind === 'text' ? 'messagesApi.test.textTitle' : 'messagesApi.test.mediaTitle')}
      </Heading>
      <Form form={form} onSubmit={submit} aria-labelledby={headingId} className="atd-ApiSendForm-form">
        <FormPasswordField<ApiSendFormValues>
          name="token"
          rule={tokenRule}
          label={t('messagesApi.field.token')}
          description={t('messagesApi.field.token.description')}
          placeholder="atd_…"
          autoComplete="off"
          isRequired
        />
        <FormTextField<ApiSendFormValues>
          name="number"
          rule={numberRule}
          label={t('messagesApi.field.number')}
          description={t('messagesApi.field.number.description', { example: EXAMPLE_NUMBER })}
          inputMode="numeric"
          autoComplete="off"
          isRequired
        />
        {kind === 'text' ? (
          <FormTextArea<ApiSendFormValues> name="body" rule={bodyRule} label={t('messagesApi.field.body')} rows={4} isRequired />
        ) : (
          <>
            <AttachmentField
              label={t('messagesApi.field.file')}
              fileName={file?.name ?? null}
              detail={file ? formatBytes(file.size) : undefined}
              onPick={(chosen) => {
                setFile(chosen);
                void form.trigger('file');
              }}
              onRemove={() => setFile(null)}
              hint={t('messagesApi.file.hint', { image: API_MEDIA_LIMITS_MB.image, video: API_MEDIA_LIMITS_MB.video })}
              error={fileError}
              pickRef={fileRef}
              texts={{
                pick: t('messagesApi.file.choose'),
                replace: t('messagesApi.file.replace'),
                remove: (name) => t('messagesApi.file.remove', { name }),
                none: t('messagesApi.file.none'),
              }}
            />
            <FormTextArea<ApiSendFormValues> name="body" rule={captionRule} label={t('messagesApi.field.caption')} rows={2} />
          </>
        )}
        <FormCheckbox<ApiSendFormValues> name="closeTicket">{t('messagesApi.field.closeTicket')}</FormCheckbox>
        <div className="atd-ApiSendForm-actions">
          <FormSubmit isPending={isPending || undefined}>{t('messagesApi.test.send')}</FormSubmit>
        </div>
        <ApiSendOutcome result={result} error={error} onOpenTicket={onOpenTicket} />
      </Form>
    </div>
  );
}
