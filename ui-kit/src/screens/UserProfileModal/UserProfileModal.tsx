import { useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import type { Schema } from '../../client';
import { writeUser } from '../../features/admin/users';
import { useWhatsapps } from '../../features/connections';
import { useQueues } from '../../features/admin/queues';
import { Form, FormCheckboxGroup, FormPasswordField, FormSelect, FormSwitch, FormTextField } from '../../forms/Form';
import { applyServerErrors, serverFieldErrors } from '../../forms/server-errors';
import { emailRule, nameRule, optional, passwordRule } from '../../forms/validators';
import { useT, type MessageKey } from '../../i18n';
import { Button } from '../../primitives/Button/Button';
import { Checkbox } from '../../primitives/Checkbox/Checkbox';
import { Dialog } from '../../primitives/Dialog/Dialog';
import { useToast } from '../../primitives/Toast/Toast';
import { unwrap } from '../../provider/api-error';
import { useApiClient, useAtende, useSession } from '../../provider/context';
import { PushToggle, pushSupported } from '../../features/notifications';

/** A user's profile: the contract's named enum. */
export type Profile = Schema<'Profile'>;
type Flag = 'habilitado' | 'desabilitado';
type SwitchName = 'createTicket' | 'viewAllMessageTicket' | 'automaticDistribution';

export interface UserProfileValues {
  name: string;
  email: string;
  /** Empty keeps the current password. */
  password: string;
  profile: Profile;
  queueIds: number[];
  whatsappId: number | null;
  createTicket: Flag;
  viewAllMessageTicket: Flag;
  automaticDistribution: Flag;
}

/** What the controls hold: option keys, checked values as strings, switches as booleans. */
type ProfileForm = Pick<UserProfileValues, 'name' | 'email' | 'password'> & {
  profile: Key | null;
  queueIds: string[];
  whatsappId: Key | null;
} & Record<SwitchName, boolean>;

export interface UserProfileModalViewProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  initialValues: UserProfileValues;
  queues: { id: number; name: string; color?: string }[];
  connections: { id: number; name: string }[];
  /** `user-modal:editProfile`: profile, default connection and the three permission switches. */
  canEditProfile: boolean;
  /** `user-modal:editQueues`: the queue selection. */
  canEditQueues: boolean;
  /** A rejection keeps the modal open; its API field errors go on the fields. */
  onSave: (values: UserProfileValues) => Promise<unknown> | void;
  /** This browser's push switch (PushToggle), under the permission switches; it acts at once, not on save. */
  push?: ReactNode;
}

const PROFILES: Profile[] = ['admin', 'supervisor', 'user'];
const SWITCHES: { name: SwitchName; label: MessageKey }[] = [
  { name: 'createTicket', label: 'userModal.createTicket' },
  { name: 'viewAllMessageTicket', label: 'userModal.viewAllMessageTicket' },
  { name: 'automaticDistribution', label: 'userModal.automaticDistribution' },
];
const NO_CONNECTION = 'none';
const userPasswordRule = optional(passwordRule);

const toForm = (values: UserProfileValues): ProfileForm => ({
  name: values.name,
  email: values.email,
  password: values.password,
  profile: values.profile,
  queueIds: values.queueIds.map(String),
  whatsappId: values.whatsappId == null ? NO_CONNECTION : String(values.whatsappId),
  createTicket: values.createTicket === 'habilitado',
  viewAllMessageTicket: values.viewAllMessageTicket === 'habilitado',
  automaticDistribution: values.automaticDistribution === 'habilitado',
});

const flag = (on: boolean): Flag => (on ? 'habilitado' : 'desabilitado');

const fromForm = (values: ProfileForm): UserProfileValues => ({
  name: values.name.trim(),
  email: values.email.trim(),
  password: values.password,
  profile: values.profile as Profile,
  queueIds: values.queueIds.map(Number),
  whatsappId: values.whatsappId == null || values.whatsappId === NO_CONNECTION ? null : Number(values.whatsappId),
  createTicket: flag(values.createTicket),
  viewAllMessageTicket: flag(values.viewAllMessageTicket),
  automaticDistribution: flag(values.automaticDistribution),
});

/** The user modal opened from the top bar's profile item (spec attendance §2, administration §6). */
export function UserProfileModalView({
  isOpen,
  onOpenChange,
  initialValues,
  queues,
  connections,
  canEditProfile,
  canEditQueues,
  onSave,
  push,
}: UserProfileModalViewProps) {
  const t = useT();
  const formId = useId();
  const form = useForm<ProfileForm>({ defaultValues: toForm(initialValues) });

  const submit = async (values: ProfileForm) => {
    try {
      await onSave(fromForm(values));
      onOpenChange(false);
    } catch (err) {
      // the connected modal toasts anything that is not a field error
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <Dialog
      title={t('userModal.title')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {t('action.cancel')}
          </Button>
          {/* In the dialog's footer, outside the <form>: the form attribute ties it to the form. */}
          <Button type="submit" form={formId} isPending={form.formState.isSubmitting}>
            {t('action.save')}
          </Button>
        </>
      }
    >
      <Form form={form} id={formId} onSubmit={submit}>
        <div className="atd-UserModal-row">
          <FormTextField<ProfileForm> name="name" rule={nameRule} label={t('field.name')} autoComplete="name" />
          <FormPasswordField<ProfileForm>
            name="password"
            rule={userPasswordRule}
            label={t('field.password')}
            autoComplete="new-password"
            description={t('userModal.passwordHint')}
          />
        </div>
        <div className="atd-UserModal-row">
          <FormTextField<ProfileForm> name="email" rule={emailRule} label={t('field.email')} type="email" autoComplete="email" />
          <FormSelect<ProfileForm>
            name="profile"
            label={t('userModal.profile')}
            isDisabled={!canEditProfile}
            items={PROFILES.map((p) => ({ id: p, label: t(`profile.${p}`) }))}
          />
        </div>
        <FormCheckboxGroup<ProfileForm> name="queueIds" label={t('userModal.queues')} isDisabled={!canEditQueues}>
          {queues.map((queue) => (
            <Checkbox key={queue.id} value={String(queue.id)}>
              <span className="atd-UserModal-swatch" style={{ background: queue.color }} aria-hidden="true" />
              {queue.name}
            </Checkbox>
          ))}
        </FormCheckboxGroup>
        <FormSelect<ProfileForm>
          name="whatsappId"
          label={t('userModal.connection')}
          isDisabled={!canEditProfile}
          items={[{ id: NO_CONNECTION, label: t('userModal.noConnection') }, ...connections.map((c) => ({ id: String(c.id), label: c.name }))]}
        />
        <div className="atd-UserModal-switches">
          {SWITCHES.map(({ name, label }) => (
            <FormSwitch<ProfileForm> key={name} name={name} isDisabled={!canEditProfile}>
              {t(label)}
            </FormSwitch>
          ))}
          {push}
        </div>
      </Form>
    </Dialog>
  );
}

export interface UserProfileModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Default-connection choices; read from GET /whatsapp when not given. */
  connections?: { id: number; name: string }[];
  /**
   * The host's service worker for web push (the console's '/sw.js'). With it, and a browser that can do push, the
   * modal shows the 'Notificações push' switch; without it (partners' pages) there is none.
   */
  pushServiceWorkerUrl?: string;
}

type UpdateUser = Schema<'UpdateUserDto'>;

/**
 * The signed-in user's modal: values from the session, queues from GET /queue, fields editable
 * from the session's permissions, PUT /users/{id} with only what changed.
 */
export function UserProfileModal({ isOpen, onOpenChange, connections: givenConnections, pushServiceWorkerUrl }: UserProfileModalProps) {
  const t = useT();
  const toast = useToast();
  const client = useApiClient();
  const { store } = useAtende();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const can = (permission: Schema<'Permission'>) => user?.permissions.includes(permission) ?? false;
  const canEditQueues = can('user-modal:editQueues');
  const queues = useQueues({ enabled: isOpen && can('queues:read') });
  const whatsapps = useWhatsapps({}, { enabled: isOpen && !givenConnections });
  const connections = givenConnections ?? (whatsapps.data ?? []).map((w) => ({ id: w.id, name: w.name }));
  if (!user || !isOpen) return null;

  const initialValues: UserProfileValues = {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    queueIds: user.queues.map((q) => q.id),
    whatsappId: user.whatsappId ?? null,
    createTicket: user.createTicket,
    viewAllMessageTicket: user.viewAllMessageTicket,
    automaticDistribution: user.automaticDistribution,
  };

  const save = async (values: UserProfileValues) => {
    const body: UpdateUser = {};
    if (values.name !== initialValues.name) body.name = values.name;
    if (values.email !== initialValues.email) body.email = values.email;
    if (values.password) body.password = values.password;
    if (can('user-modal:editProfile')) {
      if (values.profile !== initialValues.profile) body.profile = values.profile;
      if (values.whatsappId !== initialValues.whatsappId) body.whatsappId = values.whatsappId;
      for (const { name } of SWITCHES) if (values[name] !== initialValues[name]) body[name] = values[name];
    }
    if (canEditQueues && values.queueIds.join() !== initialValues.queueIds.join()) body.queueIds = values.queueIds;
    try {
      const updated = await unwrap(client.PUT('/users/{id}', { params: { path: { id: user.id } }, body }));
      store.setUser({ ...user, ...updated });
      writeUser(queryClient, updated, 'update');
    } catch (err) {
      if (!serverFieldErrors(err).length) toast.toastError(err);
      throw err;
    }
    toast.success(t('userModal.saved'));
  };

  return (
    <UserProfileModalView
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      initialValues={initialValues}
      queues={queues.data ?? user.queues}
      connections={connections}
      canEditProfile={can('user-modal:editProfile')}
      canEditQueues={canEditQueues}
      onSave={save}
      push={pushServiceWorkerUrl && pushSupported() ? <PushToggle serviceWorkerUrl={pushServiceWorkerUrl} /> : undefined}
    />
  );
}
