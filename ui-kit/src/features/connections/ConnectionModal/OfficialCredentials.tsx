import { FormPasswordField, FormTextField } from '../../../forms/Form';
import { required } from '../../../forms/validators';
import { useT } from '../../../i18n';
import { CopyButton } from '../../../primitives/CopyButton/CopyButton';
import { TextField } from '../../../primitives/TextField/TextField';
import { connectionsTexts } from '../connections.texts';
import type { ConnectionFormValues } from '../connection-rules';
import { graphIdRule } from '../official-rules';
import { Section } from './Section';

export interface OfficialCredentialsProps {
  /** Editing a saved connection: its token and secret are stored (blank keeps them), never shown. */
  editing: boolean;
}

const requiredSecret = required();

/**
 * The official API's credentials (provider cloud): the phone number id and business account id (digits), the
 * permanent access token and the app secret as password fields, required on add and, on edit, blank to keep what is
 * saved (the API never sends them back).
 */
export function OfficialCredentials({ editing }: OfficialCredentialsProps) {
  const t = useT(connectionsTexts);
  const secretHint = t(editing ? 'connections.official.secretSaved' : 'connections.official.secretNew');
  return (
    <Section title={t('connections.section.official')}>
      <p className="atd-ConnectionModal-hint">{t('connections.official.intro')}</p>
      <div className="atd-ConnectionModal-grid">
        <FormTextField<ConnectionFormValues>
          name="cloudPhoneNumberId"
          rule={graphIdRule}
          label={t('connections.field.cloudPhoneNumberId')}
          inputMode="numeric"
          isRequired
        />
        <FormTextField<ConnectionFormValues>
          name="cloudBusinessAccountId"
          rule={graphIdRule}
          label={t('connections.field.cloudBusinessAccountId')}
          inputMode="numeric"
          isRequired
        />
        <FormPasswordField<ConnectionFormValues>
          name="cloudAccessToken"
          rule={editing ? undefined : requiredSecret}
          label={t('connections.field.cloudAccessToken')}
          description={secretHint}
          autoComplete="new-password"
          isRequired={!editing}
        />
        <FormPasswordField<ConnectionFormValues>
          name="cloudAppSecret"
          rule={editing ? undefined : requiredSecret}
          label={t('connections.field.cloudAppSecret')}
          description={secretHint}
          autoComplete="new-password"
          isRequired={!editing}
        />
      </div>
    </Section>
  );
}

/** What the admin pastes in the Meta app: the webhook's URL and verify token, each with a copy button; before the first save, where they will be. */
export function WebhookSetup({ webhookUrl, verifyToken }: { webhookUrl: string | null | undefined; verifyToken: string | null | undefined }) {
  const t = useT(connectionsTexts);
  const rows = [
    { label: t('connections.webhook.url'), value: webhookUrl },
    { label: t('connections.webhook.verifyToken'), value: verifyToken },
  ];
  return (
    <Section title={t('connections.section.webhook')}>
      {webhookUrl && verifyToken ? (
        <>
          <p className="atd-ConnectionModal-hint">{t('connections.webhook.instruction')}</p>
          {rows.map(({ label, value }) => (
            <div key={label} className="atd-ConnectionModal-copyRow">
              <TextField label={label} value={value ?? ''} isReadOnly className="atd-ConnectionModal-copyField" />
              <CopyButton text={value ?? ''} what={label} />
            </div>
          ))}
        </>
      ) : (
        <p className="atd-ConnectionModal-hint">{t('connections.webhook.afterSave')}</p>
      )}
    </Section>
  );
}
