import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { Schema } from '../../../client';
import { FormCheckboxGroup, FormSelect, FormSwitch, FormTextArea, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors, serverFieldErrors } from '../../../forms/server-errors';
import { nameRule } from '../../../forms/validators';
import { errorText, useLocale, useT } from '../../../i18n';
import { connectionsTexts } from '../connections.texts';
import { promptsTexts } from '../../prompts/prompts.texts';
import { queueIntegrationsTexts } from '../../queue-integrations/queue-integrations.texts';
import { Checkbox } from '../../../primitives/Checkbox/Checkbox';
import { Select } from '../../../primitives/Select/Select';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { isOfficial, providerOf, purposeValuesOf, purposesBody, TEMPLATE_PURPOSES, type MessageTemplate } from '../official-rules';
import { ConnectionTypeChoice } from './ConnectionTypeChoice';
import { OfficialCredentials, WebhookSetup } from './OfficialCredentials';
import { Section } from './Section';
import { TemplatePurposes } from './TemplatePurposes';
import { TokenSection } from './TokenSection';
import {
  NO_INTEGRATION,
  NO_PROMPT,
  NO_REDIRECT_QUEUE,
  formValuesOf,
  maxUseBotQueuesRule,
  minutesRule,
  type Connection,
  type ConnectionFormValues,
  type ConnectionProvider,
} from '../connection-rules';

type Queue = Pick<Schema<'QueueDto'>, 'id' | 'name' | 'color'>;

export interface ConnectionModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The connection being edited; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  connection?: Connection | null;
  /** The company's queues (GET /queue); undefined while they load. */
  queues: Queue[] | undefined;
  /**
   * Save: the caller creates or updates. Resolve to close; reject to stay open: the API's field errors land on their
   * fields (a taken name on the name, ERR_NO_OTHER_WHATSAPP on the default switch), anything else above the form.
   */
  onSave: (values: ConnectionFormValues) => Promise<void>;
  /**
   * The company's AI prompts (GET /prompt) for the prompt select; undefined leaves the select out (no useOpenAi in
   * the plan, or not allowed to manage automation) and the connection's prompt as it is.
   */
  prompts?: { id: number; name: string }[];
  /**
   * The company's queue integrations (GET /queueIntegration) for the integration select; undefined leaves the select out
   * (no useIntegrations in the plan, or not allowed to manage automation) and the connection's integration as it is.
   */
  integrations?: { id: number; name: string }[];
  /** Edit, with connections-page:editOrDeleteConnection: the token's hint, live ('atd_5Yk…F2gE'; null: no token). */
  tokenHint?: string | null;
  /** POST /whatsapp/{id}/token after a confirmation; the caller shows the new token. Left out: no token section. */
  onRotateToken?: () => Promise<void>;
  /** DELETE /whatsapp/{id}/token after a confirmation. */
  onRevokeToken?: () => Promise<void>;
  /**
   * Editing an official connection: its synced templates (GET /whatsapp/{id}/templates; undefined while they load)
   * for the template of each automatic message. Left out with `onSyncTemplates`: no templates section.
   */
  templates?: MessageTemplate[];
  /** POST /whatsapp/{id}/templates/sync; resolves with how many templates came. */
  onSyncTemplates?: () => Promise<number>;
}

/** On add, the network; the official API's own providers only show on edit. */
const PROVIDERS: ConnectionProvider[] = ['baileys', 'sandbox'];
const MESSAGE_FIELDS = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'transferMessage',
  'expiresInactiveMessage',
] as const satisfies readonly FieldPath<ConnectionFormValues>[];
const NUMBER_FIELDS = [
  { name: 'timeSendQueue', rule: minutesRule },
  { name: 'expiresTicket', rule: minutesRule },
  { name: 'timeUseBotQueues', rule: minutesRule },
  { name: 'maxUseBotQueues', rule: maxUseBotQueuesRule },
] as const;
const OFFICIAL_FIELDS = ['cloudPhoneNumberId', 'cloudBusinessAccountId', 'cloudAccessToken', 'cloudAppSecret'];
const FORM_FIELDS = new Set<string>([
  'name',
  'isDefault',
  'queueIds',
  'provider',
  'sendIdQueue',
  ...MESSAGE_FIELDS,
  ...NUMBER_FIELDS.map((f) => f.name),
  ...OFFICIAL_FIELDS,
]);
/** The API names a purpose's error `templatePurposes.greeting(.params)`: it shows on that purpose's select. */
const purposeField = (field: string) => /^templatePurposes\.(\w+)/.exec(field)?.[1];
const promptValueOf = (connection: Connection | null | undefined) => (connection?.promptId != null ? String(connection.promptId) : NO_PROMPT);
const integrationValueOf = (connection: Connection | null | undefined) =>
  connection?.integrationId != null ? String(connection.integrationId) : NO_INTEGRATION;

/**
 * The connection modal (spec administration §2, §5): name (2-50: 'Too Short!', 'Too Long!', 'Required'), the
 * default switch, queues, the greeting, completion, out-of-hours, rating, transfer and inactivity closing messages,
 * the provider (on add: WhatsApp or the simulated sandbox), the queue redirect (queue and minutes), the minutes to
 * close open chats, the chatbot's interval and maximum sends (3 by default); on edit, the send-message API token's
 * hint with 'Gerar novo token' and 'Desativar token'. On add, the connection type: QR code or the official API; the
 * official API on WhatsApp takes its ids and credentials (secrets never shown: blank on edit keeps them) and shows
 * the webhook to paste in the Meta app; an official connection being edited chooses the template of each automatic
 * message among its synced, approved templates.
 */
export function ConnectionModal({
  isOpen,
  onOpenChange,
  connection,
  queues,
  prompts,
  integrations,
  onSave,
  tokenHint,
  onRotateToken,
  onRevokeToken,
  templates,
  onSyncTemplates,
}: ConnectionModalProps) {
  const t = useT(connectionsTexts);
  const tp = useT(promptsTexts);
  const ti = useT(queueIntegrationsTexts);
  const locale = useLocale();
  // The purposes are edited only on a saved official connection whose templates the caller offers.
  const withPurposes = Boolean(connection && isOfficial(connection) && onSyncTemplates);
  const storedPurposes = purposeValuesOf(connection?.templatePurposes);
  const form = useForm<ConnectionFormValues>({
    defaultValues: {
      ...formValuesOf(connection),
      promptId: promptValueOf(connection),
      ...(integrations ? { integrationId: integrationValueOf(connection) } : {}),
      ...(withPurposes ? { templatePurposes: storedPurposes } : {}),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const editing = Boolean(connection);
  const defaultError = form.formState.errors.isDefault?.message;
  const [connectionType, network] = useWatch({ control: form.control, name: ['connectionType', 'provider'] });
  const provider = connection?.provider ?? providerOf(connectionType, network);

  const submit = async (values: ConnectionFormValues) => {
    setFailure(null);
    try {
      // Only the purposes changed go, each with as many values as its template has variables.
      const purposes = values.templatePurposes;
      const changed = TEMPLATE_PURPOSES.filter((p) => purposes?.[p] && JSON.stringify(purposes[p]) !== JSON.stringify(storedPurposes[p]));
      const fitted = purposesBody(Object.fromEntries(changed.map((p) => [p, purposes![p]])), templates);
      await onSave({
        ...values,
        templatePurposes: changed.length
          ? Object.fromEntries(changed.map((p) => [p, { template: purposes![p]!.template, params: fitted[p]?.params ?? [] }]))
          : undefined,
      });
      onOpenChange(false);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (code === 'ERR_NO_OTHER_WHATSAPP') {
        form.setError('isDefault', { type: 'server', message: errorText(locale, err) });
        return;
      }
      if (code === 'ERR_WAPP_NAME_ALREADY_EXISTS') {
        form.setError('name', { type: 'server', message: errorText(locale, err) }, { shouldFocus: true });
        return;
      }
      const purposeErrors = serverFieldErrors(err).filter(({ field }) => purposeField(field));
      purposeErrors.forEach(({ field, message }, i) =>
        form.setError(`templatePurposes.${purposeField(field) as 'greeting'}.template`, { type: 'server', message }, { shouldFocus: i === 0 }),
      );
      if (purposeErrors.length) return;
      applyServerErrors(form.setError, err);
      // A failing field the form does not show (the prompt), or no field at all: said above the form. Field errors
      // alone are not toasted by the caller, so they must show here.
      if (
        !serverFieldErrors(err).every(({ field }) => FORM_FIELDS.has(field) || (field === 'promptId' && prompts) || (field === 'integrationId' && integrations))
      )
        setFailure(errorText(locale, err));
    }
  };

  const queueItems = [
    { id: NO_REDIRECT_QUEUE, label: t('connections.field.sendIdQueue.none') },
    ...(queues ?? []).map((q) => ({ id: String(q.id), label: q.name })),
  ];
  const providerItems = (editing ? [connection!.provider] : PROVIDERS).map((p) => ({ id: p, label: t(`connections.providerOption.${p}`) }));

  return (
    <FormDialog
      title={t(editing ? 'connections.modal.edit' : 'connections.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      className="atd-ConnectionModal"
      form={form}
      onSubmit={submit}
      formClassName="atd-ConnectionModal-form"
    >
      {failure && (
        <p className="atd-ConnectionModal-failure" role="alert">
          {failure}
        </p>
      )}
      <Section title={t('connections.section.general')}>
        {!editing && <ConnectionTypeChoice />}
        <div className="atd-ConnectionModal-grid">
          <FormTextField<ConnectionFormValues> name="name" rule={nameRule} label={t('connections.field.name')} isRequired autoFocus />
          {editing ? (
            <Select
              label={t('connections.field.provider')}
              items={providerItems}
              selectedKey={connection?.provider ?? 'baileys'}
              description={t('connections.field.provider.locked')}
              isDisabled
            />
          ) : (
            <FormSelect<ConnectionFormValues> name="provider" label={t('connections.field.provider')} items={providerItems} />
          )}
        </div>
        <div className="atd-ConnectionModal-default">
          <FormSwitch<ConnectionFormValues> name="isDefault">{t('connections.field.isDefault')}</FormSwitch>
          <span className="atd-ConnectionModal-hint">
            {t(connection?.isDefault ? 'connections.field.isDefault.locked' : 'connections.field.isDefault.description')}
          </span>
          {defaultError && (
            <span className="atd-ConnectionModal-error" role="alert">
              {defaultError}
            </span>
          )}
        </div>
        {queues === undefined ? (
          <Spinner size="sm" label={t('connections.field.queues.loading')} showLabel />
        ) : queues.length === 0 ? (
          <p className="atd-ConnectionModal-hint">
            <strong>{t('connections.field.queues')}:</strong> {t('connections.field.queues.none')}
          </p>
        ) : (
          <FormCheckboxGroup<ConnectionFormValues>
            name="queueIds"
            label={t('connections.field.queues')}
            description={t('connections.field.queues.description')}
            className="atd-ConnectionModal-queues"
          >
            {queues.map((queue) => (
              <Checkbox key={queue.id} value={String(queue.id)}>
                <span className="atd-ConnectionModal-swatch" style={{ background: queue.color }} aria-hidden="true" />
                {queue.name}
              </Checkbox>
            ))}
          </FormCheckboxGroup>
        )}
        {prompts && (
          <FormSelect<ConnectionFormValues>
            name="promptId"
            label={tp('prompts.select.label')}
            items={[{ id: NO_PROMPT, label: tp('prompts.select.none') }, ...prompts.map((p) => ({ id: String(p.id), label: p.name }))]}
          />
        )}
        {integrations && (
          <FormSelect<ConnectionFormValues>
            name="integrationId"
            label={ti('queueIntegrations.select.label')}
            items={[{ id: NO_INTEGRATION, label: ti('queueIntegrations.select.none') }, ...integrations.map((i) => ({ id: String(i.id), label: i.name }))]}
          />
        )}
      </Section>

      {provider === 'cloud' && <OfficialCredentials editing={editing} />}
      {provider === 'cloud' && <WebhookSetup webhookUrl={connection?.webhookUrl} verifyToken={connection?.verifyToken} />}
      {isOfficial(provider) &&
        (withPurposes ? (
          <TemplatePurposes templates={templates} onSync={onSyncTemplates!} />
        ) : (
          <Section title={t('connections.section.templates')}>
            <p className="atd-ConnectionModal-hint">{t('connections.templates.afterSave')}</p>
          </Section>
        ))}

      <Section title={t('connections.section.messages')}>
        <div className="atd-ConnectionModal-grid">
          {MESSAGE_FIELDS.map((name) => (
            <FormTextArea<ConnectionFormValues> key={name} name={name} label={t(`connections.field.${name}`)} rows={3} />
          ))}
        </div>
      </Section>

      <Section title={t('connections.section.routing')}>
        <div className="atd-ConnectionModal-grid">
          <FormSelect<ConnectionFormValues> name="sendIdQueue" label={t('connections.field.sendIdQueue')} items={queueItems} />
          {NUMBER_FIELDS.map(({ name, rule }) => (
            <FormTextField<ConnectionFormValues>
              key={name}
              name={name}
              rule={rule}
              label={t(`connections.field.${name}`)}
              description={t(`connections.field.${name}.description`)}
              inputMode="numeric"
            />
          ))}
        </div>
      </Section>

      {editing && onRotateToken && onRevokeToken && <TokenSection hint={tokenHint ?? null} onRotate={onRotateToken} onRevoke={onRevokeToken} />}
    </FormDialog>
  );
}
