import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { Schema } from '../../../client';
import { FormCheckboxGroup, FormSelect, FormSwitch, FormTextArea, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors, serverFieldErrors } from '../../../forms/server-errors';
import { nameRule } from '../../../forms/validators';
import { errorText, useLocale, useT } from '../../../i18n';
import { connectionsTexts } from '../connections.texts';
import { promptsTexts } from '../../prompts/prompts.texts';
import { queueIntegrationsTexts } from '../../queue-integrations/queue-integrations.texts';
import { Button } from '../../../primitives/Button/Button';
import { Checkbox } from '../../../primitives/Checkbox/Checkbox';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { Select } from '../../../primitives/Select/Select';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { ConnectionsIcon } from '../connections-icons';
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
}

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
const FORM_FIELDS = new Set<string>(['name', 'isDefault', 'queueIds', 'provider', 'sendIdQueue', ...MESSAGE_FIELDS, ...NUMBER_FIELDS.map((f) => f.name)]);
const promptValueOf = (connection: Connection | null | undefined) => (connection?.promptId != null ? String(connection.promptId) : NO_PROMPT);
const integrationValueOf = (connection: Connection | null | undefined) =>
  connection?.integrationId != null ? String(connection.integrationId) : NO_INTEGRATION;

/**
 * The connection modal (spec administration §2, §5): name (2-50: 'Too Short!', 'Too Long!', 'Required'), the
 * default switch, queues, the greeting, completion, out-of-hours, rating, transfer and inactivity closing messages,
 * the provider (on add: WhatsApp or the simulated sandbox), the queue redirect (queue and minutes), the minutes to
 * close open chats, the chatbot's interval and maximum sends (3 by default); on edit, the send-message API token's
 * hint with 'Gerar novo token' and 'Desativar token'.
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
}: ConnectionModalProps) {
  const t = useT(connectionsTexts);
  const tp = useT(promptsTexts);
  const ti = useT(queueIntegrationsTexts);
  const locale = useLocale();
  const form = useForm<ConnectionFormValues>({
    defaultValues: {
      ...formValuesOf(connection),
      promptId: promptValueOf(connection),
      ...(integrations ? { integrationId: integrationValueOf(connection) } : {}),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const editing = Boolean(connection);
  const defaultError = form.formState.errors.isDefault?.message;

  const submit = async (values: ConnectionFormValues) => {
    setFailure(null);
    try {
      await onSave(values);
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
  const providerItems = PROVIDERS.map((p) => ({ id: p, label: t(`connections.providerOption.${p}`) }));

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="atd-ConnectionModal-section" aria-labelledby={id}>
      <h3 id={id} className="atd-ConnectionModal-sectionTitle">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The send-message API token: its hint (the token itself was shown once), a new one, or none. */
function TokenSection({ hint, onRotate, onRevoke }: { hint: string | null; onRotate: () => Promise<void>; onRevoke: () => Promise<void> }) {
  const t = useT(connectionsTexts);
  const titleId = useId();
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  return (
    <section className="atd-ConnectionModal-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="atd-ConnectionModal-sectionTitle">
        {t('connections.section.token')}
      </h3>
      <p className="atd-ConnectionModal-hint">{t('connections.token.description')}</p>
      <div className="atd-ConnectionModal-token">
        <span className="atd-ConnectionModal-tokenHint">
          <ConnectionsIcon name="key" />
          <span>
            {t('connections.token.label')}: {hint ? <code>{hint}</code> : <em>{t('connections.token.none')}</em>}
          </span>
        </span>
        <span className="atd-ConnectionModal-tokenButtons">
          {/* Without a token there is nothing to lose: a new one needs no confirmation. */}
          <Button variant="secondary" onPress={() => (hint ? setConfirm('rotate') : void onRotate())}>
            {t('connections.token.rotate')}
          </Button>
          {hint && (
            <Button variant="secondary" className="atd-ConnectionModal-revoke" onPress={() => setConfirm('revoke')}>
              {t('connections.token.revoke')}
            </Button>
          )}
        </span>
      </div>
      <ConfirmationDialog
        isOpen={confirm === 'rotate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('connections.token.confirmRotate.title')}
        variant="primary"
        confirmLabel={t('connections.token.rotate')}
        onConfirm={onRotate}
      >
        <p className="atd-ConnectionModal-confirmText">{t('connections.token.confirmRotate.body')}</p>
      </ConfirmationDialog>
      <ConfirmationDialog
        isOpen={confirm === 'revoke'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('connections.token.confirmRevoke.title')}
        confirmLabel={t('connections.token.confirmRevoke.confirm')}
        onConfirm={onRevoke}
      >
        <p className="atd-ConnectionModal-confirmText">{t('connections.token.confirmRevoke.body')}</p>
      </ConfirmationDialog>
    </section>
  );
}
