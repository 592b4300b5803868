import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleContacts } from '../story-data';
import { ContactsPageView } from './ContactsPageView';

const contacts = sampleContacts(40);

const meta = {
  title: 'Contacts/ContactsPageView',
  component: ContactsPageView,
  args: {
    contacts,
    count: 120,
    hasMore: true,
    isLoading: false,
    onLoadMore: fn(),
    search: '',
    onSearchChange: fn(),
    canDelete: true,
    canCreateTicket: true,
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => {}),
    onCreateTicket: fn(),
    onImport: fn(),
    importState: { status: 'idle' },
    onDismissImport: fn(),
    onExport: fn(),
  },
  decorators: [(Story) => <div style={{ height: 640, display: 'flex', flexDirection: 'column' }}>{Story()}</div>],
} satisfies Meta<typeof ContactsPageView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {};
/** A plain user with createTicket 'desabilitado': no delete and no create-ticket actions. */
export const PlainUserWithoutTicketCreation: Story = { args: { canDelete: false, canCreateTicket: false } };
export const Searching: Story = { args: { search: 'maria', contacts: contacts.filter((c) => c.name.startsWith('Maria')), count: 6, hasMore: false } };
/** A large company: the API counts up to 1,000. */
export const ManyContacts: Story = { args: { count: 1000, countCapped: true, hasMore: true } };
export const Loading: Story = { args: { contacts: [], count: 0, hasMore: false, isLoading: true } };
export const LoadingMore: Story = { args: { isLoading: true } };
export const Empty: Story = { args: { contacts: [], count: 0, hasMore: false } };
export const NoSearchResults: Story = { args: { contacts: [], count: 0, hasMore: false, search: 'zzz' } };
export const Importing: Story = { args: { importState: { status: 'running' } } };
export const Imported: Story = { args: { importState: { status: 'done', result: { created: 12, existing: 3, skipped: 1 } } } };
export const ImportFailed: Story = {
  args: { importState: { status: 'failed', error: 'Esta sessão do WhatsApp não foi inicializada. Verifique a página de conexões.' } },
};
export const Exporting: Story = { args: { isExporting: true } };
