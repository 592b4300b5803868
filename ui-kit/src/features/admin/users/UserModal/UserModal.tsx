import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Schema } from '../../../../client';
import { FormCheckboxGroup, FormPasswordField, FormSelect, FormTextField } from '../../../../forms/Form';
import { FormDialog } from '../../../../forms/FormDialog';
import { applyServerErrors, serverFieldErrors } from '../../../../forms/server-errors';
import { errorText, useLocale, useT } from '../../../../i18n';
import { usersTexts } from '../users.texts';
import { Checkbox } from '../../../../primitives/Checkbox/Checkbox';
import { Spinner } from '../../../../primitives/Spinner/Spinner';
import { UsersIcon } from '../users-icons';
import {
  NO_CONNECTION,
  USER_PROFILES,
  USER_TOGGLES,
  USER_TOGGLE_FIELDS,
  changedPasswordRule,
  externalIdRule,
  formValuesOf,
  newPasswordRule,
  userEmailRule,
  userNameRule,
  type PlanUsage,
  type User,
  type UserFormValues,
  type UserPermissions,
} from '../user-rules';

type Queue = Pick<Schema<'QueueDto'>, 'id' | 'name' | 'color'>;
type Connection = Pick<Schema<'WhatsappDto'>, 'id' | 'name'>;

export interface UserModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The user being edited; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  user?: User | null;
  /** The company's queues (GET /queue); undefined while they load. */
  queues: Queue[] | undefined;
  /** The company's connections (GET /whatsapp), for the default connection; undefined while they load. */
  connections: Connection[] | undefined;
  permissions: UserPermissions;
  /** The edited user is the signed-in one: their own name, e-mail and password stay editable. */
  isSelf?: boolean;
  /** The plan and its user limit, named in the message of ERR_PLAN_LIMIT_REACHED. */
  planUsage?: PlanUsage | null;
  /**
   * Save: the caller creates or updates. Resolve to close; reject to stay open: the API's field errors land on their
   * fields (an e-mail already registered on the e-mail, ERR_LAST_ADMIN on the profile), the plan's user limit and a
   * disabled user creation above the form, anything else the caller toasts.
   */
  onSave: (values: UserFormValues) => Promise<void>;
}

type Blocker = 'limit' | 'creationDisabled';
const FORM_FIELDS = new Set<string>(['name', 'email', 'password', 'profile', 'queueIds', 'whatsappId', 'externalId', ...USER_TOGGLE_FIELDS]);

/**
 * The user modal (spec administration §2, §5, §6): name (2-50: 'Too Short!', 'Too Long!', 'Required'), e-mail
 * ('Invalid email', 'Required'), password (5-50; required to add, left blank to keep it on edit), profile (admin or
 * user), queues, default connection (or none), and createTicket, viewAllMessageTicket and automaticDistribution,
 * each 'Habilitado' or 'Desabilitado'. The profile, connection and permissions need user-modal:editProfile, the
 * queues user-modal:editQueues: without them they show, disabled, saying why.
 */
export function UserModal({ isOpen, onOpenChange, user, queues, connections, permissions, isSelf = false, planUsage, onSave }: UserModalProps) {
  const t = useT(usersTexts);
  const locale = useLocale();
  const form = useForm<UserFormValues>({ defaultValues: formValuesOf(user) });
  const [failure, setFailure] = useState<string | null>(null);
  const [blocker, setBlocker] = useState<Blocker | null>(null);
  const editing = Boolean(user);
  const accountLocked = editing && !permissions.canEditAccount && !isSelf;
  const profileLocked = !permissions.canEditProfile;
  const queuesLocked = !permissions.canEditQueues;

  const submit = async (values: UserFormValues) => {
    setFailure(null);
    setBlocker(null);
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      switch (code) {
        case 'ERR_EMAIL_ALREADY_REGISTERED':
          form.setError('email', { type: 'server', message: errorText(locale, err) }, { shouldFocus: true });
          return;
        case 'ERR_USER_EXTERNAL_ID_EXISTS':
          form.setError('externalId', { type: 'server', message: errorText(locale, err) }, { shouldFocus: true });
          return;
        case 'ERR_LAST_ADMIN':
          form.setError('profile', { type: 'server', message: errorText(locale, err) }, { shouldFocus: true });
          return;
        case 'ERR_PLAN_LIMIT_REACHED':
          setBlocker('limit');
          return;
        case 'ERR_USER_CREATION_DISABLED':
          setBlocker('creationDisabled');
          return;
      }
      applyServerErrors(form.setError, err);
      // A failing field the form does not show, or no field at all: said above the form. Field errors alone are not
      // toasted by the caller, so they must show here.
      if (!serverFieldErrors(err).every(({ field }) => FORM_FIELDS.has(field))) setFailure(errorText(locale, err));
    }
  };

  const profiles = user && !USER_PROFILES.includes(user.profile) ? [...USER_PROFILES, user.profile] : USER_PROFILES;
  const profileItems = profiles.map((p) => ({ id: p, label: t(`profile.${p}`) }));
  const connectionItems = [
    { id: NO_CONNECTION, label: t('users.field.whatsappId.none') },
    ...(connections ?? []).map((c) => ({ id: String(c.id), label: c.name })),
  ];
  const toggleItems = USER_TOGGLES.map((v) => ({ id: v, label: t(`users.toggle.${v}`) }));

  return (
    <FormDialog
      title={t(editing ? 'users.modal.edit' : 'users.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      className="atd-UsersModal"
      form={form}
      onSubmit={submit}
      formClassName="atd-UsersModal-form"
    >
      {blocker && (
        <div className="atd-UsersModal-blocker" role="alert">
          <UsersIcon name="warning" />
          <div>
            <p className="atd-UsersModal-blockerTitle">{t(blocker === 'limit' ? 'users.limit.title' : 'users.creationDisabled.title')}</p>
            <p className="atd-UsersModal-blockerBody">
              {blocker === 'creationDisabled'
                ? t('users.creationDisabled.body')
                : planUsage
                  ? t('users.limit.body', { plan: planUsage.plan, limit: planUsage.limit })
                  : t('users.limit.bodyUnknown')}
            </p>
          </div>
        </div>
      )}
      {failure && (
        <p className="atd-UsersModal-failure" role="alert">
          {failure}
        </p>
      )}
      <Section title={t('users.section.account')} lockedHint={accountLocked ? t('users.locked.account') : undefined}>
        <div className="atd-UsersModal-grid">
          <FormTextField<UserFormValues>
            name="name"
            rule={userNameRule}
            label={t('users.field.name')}
            autoComplete="off"
            isRequired
            isDisabled={accountLocked}
            autoFocus={!accountLocked}
          />
          <FormTextField<UserFormValues>
            name="email"
            rule={userEmailRule}
            label={t('users.field.email')}
            type="email"
            autoComplete="off"
            isRequired
            isDisabled={accountLocked}
          />
          <FormPasswordField<UserFormValues>
            name="password"
            rule={editing ? changedPasswordRule : newPasswordRule}
            label={t('users.field.password')}
            description={t(editing ? 'users.field.password.keep' : 'users.field.password.description')}
            autoComplete="new-password"
            isRequired={!editing}
            isDisabled={accountLocked}
          />
          <FormSelect<UserFormValues> name="profile" label={t('users.field.profile')} items={profileItems} isDisabled={profileLocked} />
        </div>
      </Section>

      <Section title={t('users.section.attendance')}>
        {queues === undefined ? (
          <Spinner size="sm" label={t('users.field.queues.loading')} showLabel />
        ) : queues.length === 0 ? (
          <p className="atd-UsersModal-hint">
            <strong>{t('users.field.queues')}:</strong> {t('users.field.queues.none')}
          </p>
        ) : (
          <FormCheckboxGroup<UserFormValues>
            name="queueIds"
            label={t('users.field.queues')}
            description={t(queuesLocked ? 'users.locked.queues' : 'users.field.queues.description')}
            isDisabled={queuesLocked}
            className="atd-UsersModal-queues"
          >
            {queues.map((queue) => (
              <Checkbox key={queue.id} value={String(queue.id)}>
                <span className="atd-UsersModal-swatch" style={{ background: queue.color }} aria-hidden="true" />
                {queue.name}
              </Checkbox>
            ))}
          </FormCheckboxGroup>
        )}
        <div className="atd-UsersModal-grid">
          <FormSelect<UserFormValues>
            name="whatsappId"
            label={t('users.field.whatsappId')}
            description={t('users.field.whatsappId.description')}
            items={connectionItems}
            isDisabled={profileLocked}
          />
          <FormTextField<UserFormValues>
            name="externalId"
            rule={externalIdRule}
            label={t('users.field.externalId')}
            description={t('users.field.externalId.description')}
            autoComplete="off"
            isDisabled={profileLocked}
          />
        </div>
      </Section>

      <Section title={t('users.section.permissions')} lockedHint={profileLocked ? t('users.locked.profile') : undefined}>
        <div className="atd-UsersModal-toggles">
          {USER_TOGGLE_FIELDS.map((name) => (
            <FormSelect<UserFormValues> key={name} name={name} label={t(`users.field.${name}`)} items={toggleItems} isDisabled={profileLocked} />
          ))}
        </div>
      </Section>
    </FormDialog>
  );
}

function Section({ title, lockedHint, children }: { title: string; lockedHint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="atd-UsersModal-section" aria-labelledby={id}>
      <h3 id={id} className="atd-UsersModal-sectionTitle">
        {title}
      </h3>
      {lockedHint && (
        <p className="atd-UsersModal-locked">
          <UsersIcon name="lock" />
          {lockedHint}
        </p>
      )}
      {children}
    </section>
  );
}
