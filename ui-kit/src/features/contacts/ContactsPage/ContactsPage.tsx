import { useState } from 'react';
import type { Schema } from '../../../client';
import { useCreateTicket } from '../../tickets/data/tickets';
import { useWhatsapps } from '../../connections/data/whatsapps';
import { useContact, useContacts, useCreateContact, useDeleteContact, useUpdateContact } from '../data/contacts';
import { useQueues } from '../../admin/queues/data/queues';
import { errorText, useLocale, useT } from '../../../i18n';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../primitives/Toast/Toast';
import { useApiClient, useSession } from '../../../provider/context';
import { can, canCreateTicket, isAdmin } from '../../../provider/session-rules';
import { ContactModal, EMPTY_CONTACT, type ContactFormValues } from '../ContactModal/ContactModal';
import { ContactTicketDialog, type ContactTicketChoice } from '../ContactTicketDialog/ContactTicketDialog';
import { ScheduleDialog } from '../../schedules/ScheduleDialog/ScheduleDialog';
import { CSV_BOM, contactsCsv, downloadText } from '../contacts-csv';
import { fetchAllContacts, useBulkDeleteContacts, useImportContacts } from '../contacts-data';
import { bulkSummary } from '../../../i18n/bulk-summary';
import { bulkTexts } from '../../../i18n/bulk';
import { ContactsPageView, type ContactImportState } from '../ContactsPageView/ContactsPageView';

type ContactDto = Schema<'ContactDto'>;

export interface ContactsPageProps {
  /** A ticket created from a contact: the caller shows it (the console goes to /tickets/{uuid}). */
  onOpenTicket: (ticketUuid: string) => void;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Row selection with bulk actions (export the selection, delete many with the permission); off unless asked (the console asks). */
  bulkActions?: boolean;
}

const formValuesOf = (contact: ContactDto): ContactFormValues => ({
  name: contact.name,
  number: contact.number,
  email: contact.email ?? '',
  extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
});

/**
 * The connected contacts page: GET /contacts (search debounced 500 ms and lower-cased, 20 a page, live through the
 * contact events), POST and PUT /contacts from the modal, DELETE /contacts/{id} with `contacts-page:deleteContact`,
 * POST /contacts/import, the CSV export of every contact matching the search, and POST /tickets from a contact
 * (createTicket 'habilitado'), after which `onOpenTicket` shows the ticket.
 */
export function ContactsPage({ onOpenTicket, headingLevel, bulkActions = false }: ContactsPageProps) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const client = useApiClient();
  const { user } = useSession();
  const me = user ?? undefined;

  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const deleteContact = useDeleteContact();
  // Field errors go on the form's fields; anything else is toasted. Either way the form stays open.
  const crud = useCrudPage({
    create: createContact.mutateAsync,
    update: (contact: ContactDto, body) => updateContact.mutateAsync({ id: contact.id, body }),
    remove: (contact) => deleteContact.mutateAsync(contact.id),
    texts: { saved: t('contact.saved'), deleted: t('contacts.deleted') },
  });
  // Back-office §5 (lists): the search text is lower-cased; the API matches names case-insensitively anyway.
  const searchParam = crud.debouncedSearch.trim().toLowerCase() || undefined;
  const contacts = useContacts({ searchParam });

  // Closed, the modal edits no one (its key and mode go back to adding).
  const editing = crud.modal.isOpen ? crud.modal.editing : null;
  // The list's contacts come without their extra info: the modal reads the contact itself.
  const detail = useContact(editing?.id ?? 0, { enabled: editing !== null, staleTime: 0 });

  const [importState, setImportState] = useState<ContactImportState>({ status: 'idle' });
  const importContacts = useImportContacts();
  const [exporting, setExporting] = useState(false);

  const [ticketFor, setTicketFor] = useState<ContactDto | null>(null);
  const [scheduleFor, setScheduleFor] = useState<ContactDto | null>(null);
  const [ticketError, setTicketError] = useState<string | null>(null);
  const admin = isAdmin(me);
  const queues = useQueues({ enabled: ticketFor !== null && admin });
  const whatsapps = useWhatsapps({}, { enabled: ticketFor !== null });
  const createTicket = useCreateTicket();

  const save = async ({ name, number, email, extraInfo }: ContactFormValues) => {
    await crud.save({ name, number, email: email || null, extraInfo });
    crud.modal.onOpenChange(false);
  };

  const startImport = () => {
    setImportState({ status: 'running' });
    importContacts.mutateAsync({}).then(
      (result) => setImportState({ status: 'done', result }),
      (err: unknown) => setImportState({ status: 'failed', error: errorText(locale, err) }),
    );
  };

  const bulkDelete = useBulkDeleteContacts();
  useT(bulkTexts);
  const removeMany = async (selected: ContactDto[]) => {
    try {
      const summary = bulkSummary(locale, await bulkDelete.mutateAsync(selected.map((c) => c.id)));
      toast[summary.kind](summary.message);
    } catch (err) {
      toast.toastError(err);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllContacts(client, searchParam);
      downloadText(t('contacts.exportFile'), CSV_BOM + contactsCsv(all));
    } catch (err) {
      toast.toastError(err);
    } finally {
      setExporting(false);
    }
  };

  const openTicket = async (contact: ContactDto, { queueId, whatsappId }: ContactTicketChoice) => {
    if (!me) return;
    setTicketError(null);
    try {
      const ticket = await createTicket.mutateAsync({ contactId: contact.id, queueId, whatsappId, userId: me.id, status: 'open' });
      setTicketFor(null);
      onOpenTicket(ticket.uuid);
    } catch (err) {
      // ERR_OTHER_OPEN_TICKET and the rest: the kit's error text, in the dialog, which stays open.
      setTicketError(errorText(locale, err));
    }
  };

  const list = contacts.data;
  return (
    <>
      <ContactsPageView
        contacts={list?.items ?? []}
        count={list?.count ?? 0}
        countCapped={list?.countCapped ?? false}
        hasMore={list?.hasMore ?? false}
        isLoading={contacts.isPending || contacts.isFetchingNextPage}
        onLoadMore={() => void contacts.fetchNextPage()}
        search={crud.search}
        onSearchChange={crud.setSearch}
        canDelete={can(me, 'contacts-page:deleteContact')}
        canCreateTicket={canCreateTicket(me)}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        onCreateTicket={(contact) => {
          setTicketError(null);
          setTicketFor(contact);
        }}
        onSchedule={me?.features?.useSchedules ? setScheduleFor : undefined}
        onImport={startImport}
        importState={importState}
        onDismissImport={() => setImportState({ status: 'idle' })}
        onExport={() => void exportCsv()}
        isExporting={exporting}
        headingLevel={headingLevel}
        onBulkDelete={bulkActions ? removeMany : undefined}
        onExportSelected={bulkActions ? (selected: ContactDto[]) => downloadText(t('contacts.exportFile'), CSV_BOM + contactsCsv(selected)) : undefined}
      />
      <ContactModal
        // A fresh form for each contact, and once its details arrived.
        key={editing ? `edit-${editing.id}-${detail.isSuccess}` : 'add'}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        mode={editing ? 'edit' : 'add'}
        isLoading={editing !== null && detail.isPending}
        initialValues={editing ? formValuesOf(detail.data ?? editing) : EMPTY_CONTACT}
        onSave={save}
      />
      {scheduleFor && (
        <ScheduleDialog
          key={scheduleFor.id}
          isOpen
          onOpenChange={(open) => !open && setScheduleFor(null)}
          contact={{ id: scheduleFor.id, name: scheduleFor.name, number: scheduleFor.number }}
        />
      )}
      {ticketFor && (
        <ContactTicketDialog
          key={ticketFor.id}
          isOpen
          onOpenChange={(open) => !open && setTicketFor(null)}
          contact={ticketFor}
          queues={admin ? (queues.data ?? me?.queues ?? []) : (me?.queues ?? [])}
          requireQueue={!admin}
          connections={whatsapps.data ?? []}
          error={ticketError}
          isPending={createTicket.isPending}
          onSubmit={(choice) => void openTicket(ticketFor, choice)}
        />
      )}
    </>
  );
}
