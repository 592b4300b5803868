import { useState } from 'react';
import type { Key } from 'react-aria-components';
import type { Schema } from '../../../client';
import { useCreateTicket } from '../data/tickets';
import { useCreateContact } from '../../contacts/data/contacts';
import { searchContacts } from '../../contacts/contacts-data';
import { useWhatsapps } from '../../connections/data/whatsapps';
import { useQueues } from '../../admin/queues/data/queues';
import { compose, maxLength, minLength, nameRule, required, type Rule } from '../../../forms/validators';
import { errorText } from '../../../i18n/error-text';
import { useLocale, useT, type MessageKey } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { ComboBox } from '../../../primitives/ComboBox/ComboBox';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { Select } from '../../../primitives/Select/Select';
import { TextField } from '../../../primitives/TextField/TextField';
import { useToast } from '../../../primitives/Toast/Toast';
import { ApiRequestError } from '../../../provider/api-error';
import { useApiClient, useSession } from '../../../provider/context';
import { type Ticket } from '../ticket-rules';
import { isAdmin } from '../../../provider/session-rules';

export interface NewTicketModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The created ticket (open, assigned to the signed-in user): the caller shows it. */
  onCreated: (ticket: Ticket) => void;
}

type ContactOption = Pick<Schema<'ContactDto'>, 'id' | 'name' | 'number'>;

/** Spec §5: a contact's number has 8 to 50 characters. */
export const numberRule: Rule = compose(required(), minLength(8), maxLength(50));
const NO_CONNECTION = 'default';

const check = (rule: Rule, value: string): MessageKey | undefined => {
  const result = rule(value);
  return result === true ? undefined : result;
};

/**
 * A new ticket (spec §2, §5, §8): the contact searched from 3 characters (debounced 500 ms), or created when the
 * name is unknown; a queue, required unless admin ('Selecione uma fila'); the connection optional. POST /tickets
 * opens it for the signed-in user. When the contact already has an open ticket the modal stays open, flagged.
 */
export function NewTicketModal({ isOpen, onOpenChange, onCreated }: NewTicketModalProps) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const client = useApiClient();
  const { user } = useSession();
  const admin = isAdmin(user ?? undefined);
  const queues = useQueues({ enabled: isOpen && admin });
  const whatsapps = useWhatsapps({}, { enabled: isOpen });
  const createTicket = useCreateTicket();
  const createContact = useCreateContact();

  const [contact, setContact] = useState<ContactOption | null>(null);
  const [lastSearch, setLastSearch] = useState<{ query: string; found: ContactOption[] } | null>(null);
  const [newContact, setNewContact] = useState<{ name: string; number: string } | null>(null);
  const [contactErrors, setContactErrors] = useState<{ name?: MessageKey; number?: MessageKey }>({});
  const [comboKey, setComboKey] = useState(0);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ contact?: string; queue?: string }>({});
  const [flagged, setFlagged] = useState<string | null>(null);

  const queueOptions = admin ? (queues.data ?? user?.queues ?? []) : (user?.queues ?? []);

  const loadContacts = async (searchParam: string, signal: AbortSignal): Promise<ContactOption[]> => {
    const found = await searchContacts(client, searchParam, signal);
    if (!signal.aborted) setLastSearch({ query: searchParam, found });
    return found;
  };
  const unknownName =
    lastSearch && !contact && !newContact && !lastSearch.found.some((c) => c.name.toLowerCase() === lastSearch.query.toLowerCase()) ? lastSearch.query : null;

  const saveContact = async () => {
    if (!newContact) return;
    const found = { name: check(nameRule, newContact.name.trim()), number: check(numberRule, newContact.number.trim()) };
    setContactErrors(found);
    if (found.name || found.number) return;
    try {
      const created = await createContact.mutateAsync({ name: newContact.name.trim(), number: newContact.number.trim() });
      setContact(created);
      setNewContact(null);
      setComboKey((k) => k + 1);
      setErrors((e) => ({ ...e, contact: undefined }));
      toast.success(t('tickets.newTicket.contactCreated'));
    } catch (err) {
      toast.toastError(err);
    }
  };

  const submit = async () => {
    const found = {
      contact: contact?.number ? undefined : t('tickets.newTicket.contactRequired'),
      queue: queueId === null && !admin ? t('tickets.newTicket.selectQueue') : undefined,
    };
    setErrors(found);
    if (found.contact || found.queue || !contact || !user) return;
    try {
      const ticket = await createTicket.mutateAsync({ contactId: contact.id, queueId, whatsappId, userId: user.id, status: 'open' });
      setFlagged(null);
      onOpenChange(false);
      onCreated(ticket);
    } catch (err) {
      toast.toastError(err);
      if (err instanceof ApiRequestError && err.code === 'ERR_OTHER_OPEN_TICKET') setFlagged(errorText(locale, err));
    }
  };

  return (
    <Dialog
      title={t('tickets.newTicket.title')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-NewTicketModal"
      footer={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {t('action.cancel')}
          </Button>
          <Button onPress={() => void submit()} isPending={createTicket.isPending}>
            {t('tickets.newTicket.submit')}
          </Button>
        </>
      }
    >
      <div className="atd-TicketModal-fields" data-flagged={flagged ? true : undefined}>
        {flagged && (
          <p className="atd-TicketModal-flag" role="alert">
            {flagged}
          </p>
        )}
        <ComboBox<ContactOption>
          key={comboKey}
          label={t('tickets.newTicket.contact')}
          placeholder={t('tickets.newTicket.contactPlaceholder')}
          loadItems={loadContacts}
          renderItem={(c) => `${c.name} (${c.number})`}
          isInvalid={Boolean(errors.contact)}
          errorMessage={errors.contact}
          onSelectionChange={(_key, item) => {
            setContact(item);
            setFlagged(null);
            if (item) setErrors((e) => ({ ...e, contact: undefined }));
          }}
        />
        {contact && (
          <p className="atd-TicketModal-chosen">
            {contact.name} · {contact.number}
          </p>
        )}
        {unknownName && (
          <Button variant="secondary" onPress={() => setNewContact({ name: unknownName, number: '' })} className="atd-TicketModal-add">
            {t('tickets.newTicket.addContact', { name: unknownName })}
          </Button>
        )}
        {newContact && (
          <fieldset className="atd-TicketModal-newContact">
            <legend>{t('tickets.newTicket.newContact')}</legend>
            <TextField
              label={t('field.name')}
              value={newContact.name}
              onChange={(name) => setNewContact({ ...newContact, name })}
              isInvalid={Boolean(contactErrors.name)}
              errorMessage={contactErrors.name && t(contactErrors.name)}
            />
            <TextField
              label={t('tickets.newTicket.number')}
              placeholder={t('tickets.newTicket.numberPlaceholder')}
              inputMode="tel"
              value={newContact.number}
              onChange={(number) => setNewContact({ ...newContact, number })}
              isInvalid={Boolean(contactErrors.number)}
              errorMessage={contactErrors.number && t(contactErrors.number)}
            />
            <div className="atd-TicketModal-newContactActions">
              <Button variant="secondary" onPress={() => setNewContact(null)}>
                {t('action.cancel')}
              </Button>
              <Button onPress={() => void saveContact()} isPending={createContact.isPending}>
                {t('tickets.newTicket.saveContact')}
              </Button>
            </div>
          </fieldset>
        )}
        <Select
          label={t('tickets.newTicket.queue')}
          isRequired={!admin}
          items={queueOptions.map((q) => ({ id: String(q.id), label: q.name }))}
          selectedKey={queueId === null ? null : String(queueId)}
          onSelectionChange={(key: Key | null) => {
            setQueueId(key === null ? null : Number(key));
            setErrors((e) => ({ ...e, queue: undefined }));
          }}
          isInvalid={Boolean(errors.queue)}
          errorMessage={errors.queue}
        />
        <Select
          label={t('tickets.newTicket.connection')}
          items={[
            { id: NO_CONNECTION, label: t('tickets.newTicket.noConnection') },
            ...(whatsapps.data ?? []).map((w) => ({ id: String(w.id), label: w.name })),
          ]}
          selectedKey={whatsappId === null ? NO_CONNECTION : String(whatsappId)}
          onSelectionChange={(key: Key | null) => setWhatsappId(key === null || key === NO_CONNECTION ? null : Number(key))}
        />
      </div>
    </Dialog>
  );
}
