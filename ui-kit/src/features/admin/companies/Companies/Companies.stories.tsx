import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { CompaniesView } from '../CompaniesView/CompaniesView';
import { CompanyModal } from '../CompanyModal/CompanyModal';
import { CompanyUsersDialog } from '../CompanyUsersDialog/CompanyUsersDialog';
import { sampleCompanies, sampleCompanyUsers, storyPlans } from '../story-data';
import { Companies } from './Companies';

const companies = sampleCompanies();

/** The fake API: the companies (one per due-date state), the plans, and the same three users for every company. */
const routes: Record<string, (request: Request) => unknown> = {
  'GET /companies': (request) => {
    const search = new URL(request.url).searchParams.get('searchParam')?.toLowerCase();
    const found = search ? companies.filter((c) => c.name.toLowerCase().includes(search)) : companies;
    return { companies: found, count: found.length, hasMore: false };
  },
  'GET /plans/all': () => storyPlans,
  ...Object.fromEntries(companies.map((c) => [`GET /companies/${c.id}/users`, () => ({ users: sampleCompanyUsers, count: 3, hasMore: false })])),
};

const meta = {
  title: 'Admin/Companies/Companies',
  component: Companies,
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={routes}
      user={{ super: true, permissions: ['session:self', 'companies:manage', 'users:impersonate', 'plans:manage'] }}
    >
      <div style={{ padding: 16 }}>
        <Companies {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Companies>;

export default meta;
type Story = StoryObj<typeof meta>;

const viewHandlers = {
  hasMore: false,
  onLoadMore: fn(),
  isLoading: false,
  search: '',
  onSearchChange: fn(),
  onAdd: fn(),
  onEdit: fn(),
  onDelete: fn(async () => {}),
  onExtendDueDate: fn(async () => {}),
  onImpersonate: fn(),
};

/** A super user on a fake API: the rows tinted by due date, 'Vencida' on every passed one. */
export const Connected: Story = { args: { onImpersonated: fn() } };
/** The table on its own, one company per due-date state. */
export const List: Story = { render: () => <CompaniesView companies={companies} currentCompanyId={1} {...viewHandlers} /> };
/** No companies yet. */
export const Empty: Story = { render: () => <CompaniesView companies={[]} {...viewHandlers} /> };
/** A search without results. */
export const NoResults: Story = { render: () => <CompaniesView companies={[]} {...viewHandlers} search="zzz" /> };
/** The form of a new company: its admin's e-mail and password. */
export const AddForm: Story = { render: () => <CompanyModal isOpen onOpenChange={fn()} plans={storyPlans} onSave={fn(async () => {})} /> };
/** The form of a company. */
export const EditForm: Story = {
  render: () => <CompanyModal isOpen onOpenChange={fn()} company={companies[2]} plans={storyPlans} onSave={fn(async () => {})} />,
};
/** 'Acessar como', after the confirmation: the company's users. */
export const UsersDialog: Story = {
  render: () => (
    <CompanyUsersDialog
      company={companies[2]}
      onClose={fn()}
      users={sampleCompanyUsers}
      hasMore={false}
      onLoadMore={fn()}
      isLoading={false}
      search=""
      onSearchChange={fn()}
      onPick={fn()}
    />
  ),
};
