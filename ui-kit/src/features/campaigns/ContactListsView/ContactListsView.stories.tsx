import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleContactLists } from '../contact-list-story-data';
import { ContactListsView } from './ContactListsView';

const meta = {
  title: 'Campaigns/ContactListsView',
  component: ContactListsView,
  args: {
    items: sampleContactLists,
    count: sampleContactLists.length,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
    onDownloadExample: fn(),
    onOpenContacts: fn(),
    hrefForContacts: (list) => `/contact-lists/${list.id}/contacts`,
    hasMore: false,
    isLoading: false,
    onLoadMore: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ContactListsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Names link to the contacts page; counts of none, one and many. */
export const List: Story = {};
export const Searching: Story = { args: { search: 'forn', items: sampleContactLists.slice(1, 2), count: 1 } };
export const LoadingMore: Story = { args: { hasMore: true, isLoading: true } };
export const FirstLoad: Story = { args: { items: undefined, isLoading: true } };
export const Empty: Story = { args: { items: [], count: 0 } };
export const LoadFailed: Story = { args: { items: undefined, isError: true, onReload: fn() } };
/** A partner's side panel: each list is a card. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};
