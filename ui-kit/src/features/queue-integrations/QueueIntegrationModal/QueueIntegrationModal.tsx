import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TestSessionBody, TestSessionResult } from '../data/queue-integrations';
import { FormSelect, FormTextArea, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors } from '../../../forms/server-errors';
import { useLocale, useT } from '../../../i18n';
import { errorText } from '../../../i18n/error-text';
import { queueIntegrationsTexts } from '../queue-integrations.texts';
import { Button } from '../../../primitives/Button/Button';
import {
  DIALOGFLOW_LANGUAGES,
  INTEGRATION_TYPES,
  initialIntegrationValues,
  integrationNameRule,
  isSigned,
  jsonContentRule,
  optionalUrlRule,
  requiredRule,
  typebotDelayRule,
  typebotExpiresRule,
  urlRule,
  usesUrl,
  type QueueIntegration,
  type QueueIntegrationFormValues,
} from '../queue-integration-rules';

export interface QueueIntegrationModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The integration being edited; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  integration?: QueueIntegration | null;
  /** Save: resolve to close; reject to stay open (an API validation error lands on its field). */
  onSave: (values: QueueIntegrationFormValues) => Promise<void>;
  /** DialogFlow's Test button: POST /queueIntegration/testSession. */
  onTest: (body: TestSessionBody) => Promise<TestSessionResult>;
  /** n8n and webhook being edited: make a new signing secret (the page shows it once). Left out: no button. */
  onRotateSecret?: () => Promise<void>;
}

type TestState = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; result: TestSessionResult } | { kind: 'error'; message: string };

/**
 * Spec back-office §2 (Queue integrations page): the add/edit dialog. A type select (DialogFlow, N8N, WebHooks,
 * Typebot) and that type's fields: DialogFlow name, language, project name, JSON content (5 rows; an edit keeps the
 * stored key when left blank) and Test; N8N and WebHooks name and URL (and the signing secret's hint); Typebot name,
 * URL, frontend URL, slug, expires, delay, finish and restart keywords, unknown and restart messages.
 */
export function QueueIntegrationModal({ isOpen, onOpenChange, integration, onSave, onTest, onRotateSecret }: QueueIntegrationModalProps) {
  const t = useT(queueIntegrationsTexts);
  const locale = useLocale();
  const form = useForm<QueueIntegrationFormValues>({ defaultValues: initialIntegrationValues(integration) });
  const type = useWatch({ control: form.control, name: 'type' });
  const hasStoredJson = Boolean(integration?.hasJsonContent && integration.type === 'dialogflow');
  const [test, setTest] = useState<TestState>({ kind: 'idle' });
  const [rotating, setRotating] = useState(false);

  const submit = async (values: QueueIntegrationFormValues) => {
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      // the connected page toasts what is not a field error
      applyServerErrors(form.setError, err);
    }
  };

  const runTest = async () => {
    const ok = await form.trigger(['projectName', 'jsonContent']);
    if (!ok) return;
    const values = form.getValues();
    setTest({ kind: 'running' });
    try {
      const result = await onTest({
        projectName: values.projectName.trim(),
        jsonContent: values.jsonContent.trim() || null,
        language: values.language,
        ...(hasStoredJson && integration ? { id: integration.id } : {}),
      });
      setTest({ kind: 'done', result });
    } catch (err) {
      setTest({ kind: 'error', message: errorText(locale, err) });
    }
  };

  const rotate = async () => {
    if (!onRotateSecret) return;
    setRotating(true);
    try {
      await onRotateSecret();
    } finally {
      setRotating(false);
    }
  };

  const typeItems = INTEGRATION_TYPES.map((id) => ({ id, label: t(`queueIntegrations.type.${id}`) }));
  const languageItems = DIALOGFLOW_LANGUAGES.map((id) => ({ id, label: t(`queueIntegrations.language.${id}`) }));

  return (
    <FormDialog
      title={t(integration ? 'queueIntegrations.modal.edit' : 'queueIntegrations.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-QueueIntegrationModal"
      size="lg"
      form={form}
      onSubmit={submit}
      formClassName="atd-QueueIntegrationModal-form"
      submitLabel={t('queueIntegrations.modal.ok')}
    >
      <div className="atd-QueueIntegrationModal-grid">
        <FormSelect<QueueIntegrationFormValues>
          name="type"
          rule={requiredRule}
          label={t('queueIntegrations.field.type')}
          items={typeItems}
          isRequired
          onSelectionChange={() => setTest({ kind: 'idle' })}
        />
        <FormTextField<QueueIntegrationFormValues> name="name" rule={integrationNameRule} label={t('queueIntegrations.field.name')} isRequired autoFocus />
      </div>

      {type === 'dialogflow' && (
        <>
          <div className="atd-QueueIntegrationModal-grid">
            <FormSelect<QueueIntegrationFormValues> name="language" label={t('queueIntegrations.field.language')} items={languageItems} />
            <FormTextField<QueueIntegrationFormValues> name="projectName" rule={requiredRule} label={t('queueIntegrations.field.projectName')} isRequired />
          </div>
          <FormTextArea<QueueIntegrationFormValues>
            name="jsonContent"
            rule={jsonContentRule(hasStoredJson)}
            label={t('queueIntegrations.field.jsonContent')}
            description={t('queueIntegrations.field.jsonContent.description')}
            placeholder={hasStoredJson ? t('queueIntegrations.field.jsonContent.stored') : undefined}
            rows={5}
            isRequired={!hasStoredJson}
            className="atd-QueueIntegrationModal-json"
          />
          <div className="atd-QueueIntegrationModal-test">
            <Button variant="secondary" onPress={() => void runTest()} isPending={test.kind === 'running'}>
              {t('queueIntegrations.test')}
            </Button>
            <div
              role="status"
              className="atd-QueueIntegrationModal-testResult"
              data-ok={test.kind === 'done' ? String(test.result.ok) : test.kind === 'error' ? 'false' : undefined}
            >
              {test.kind === 'done' && test.result.ok && (
                <>
                  <strong>{test.result.reply ? t('queueIntegrations.test.ok') : t('queueIntegrations.test.okEmpty')}</strong> {test.result.reply}
                </>
              )}
              {test.kind === 'done' && !test.result.ok && (
                <>
                  <strong>{t('queueIntegrations.test.failed')}</strong> {test.result.error}
                </>
              )}
              {test.kind === 'error' && (
                <>
                  <strong>{t('queueIntegrations.test.failed')}</strong> {test.message}
                </>
              )}
            </div>
          </div>
        </>
      )}

      {usesUrl(type) && (
        <FormTextField<QueueIntegrationFormValues>
          name="urlN8N"
          rule={urlRule}
          label={t('queueIntegrations.field.url')}
          description={t(type === 'typebot' ? 'queueIntegrations.field.url.description.typebot' : 'queueIntegrations.field.url.description.n8n')}
          inputMode="url"
          isRequired
        />
      )}

      {isSigned(type) && (
        <div className="atd-QueueIntegrationModal-secret">
          <span>
            {integration && isSigned(integration.type) && integration.secretHint
              ? t('queueIntegrations.secret.hint', { hint: integration.secretHint })
              : t('queueIntegrations.secret.none')}
          </span>
          {onRotateSecret && integration && isSigned(integration.type) && (
            <Button variant="secondary" onPress={() => void rotate()} isPending={rotating}>
              {t('queueIntegrations.secret.rotate')}
            </Button>
          )}
        </div>
      )}

      {type === 'typebot' && (
        <>
          <div className="atd-QueueIntegrationModal-grid">
            <FormTextField<QueueIntegrationFormValues>
              name="urlFrontend"
              rule={optionalUrlRule}
              label={t('queueIntegrations.field.urlFrontend')}
              inputMode="url"
            />
            <FormTextField<QueueIntegrationFormValues> name="typebotSlug" rule={requiredRule} label={t('queueIntegrations.field.typebotSlug')} isRequired />
            <FormTextField<QueueIntegrationFormValues>
              name="typebotExpires"
              rule={typebotExpiresRule}
              label={t('queueIntegrations.field.typebotExpires')}
              inputMode="numeric"
            />
            <FormTextField<QueueIntegrationFormValues>
              name="typebotDelayMessage"
              rule={typebotDelayRule}
              label={t('queueIntegrations.field.typebotDelayMessage')}
              inputMode="numeric"
            />
            <FormTextField<QueueIntegrationFormValues> name="typebotKeywordFinish" label={t('queueIntegrations.field.typebotKeywordFinish')} />
            <FormTextField<QueueIntegrationFormValues> name="typebotKeywordRestart" label={t('queueIntegrations.field.typebotKeywordRestart')} />
          </div>
          <FormTextField<QueueIntegrationFormValues> name="typebotUnknownMessage" label={t('queueIntegrations.field.typebotUnknownMessage')} />
          <FormTextField<QueueIntegrationFormValues> name="typebotRestartMessage" label={t('queueIntegrations.field.typebotRestartMessage')} />
        </>
      )}
    </FormDialog>
  );
}
