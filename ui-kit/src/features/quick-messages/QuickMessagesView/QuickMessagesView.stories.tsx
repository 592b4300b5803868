import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { QuickMessage } from '../quick-message-rules';
import { sampleQuickMessages } from '../story-data';
import { QuickMessagesView } from './QuickMessagesView';

/** Every row may be changed (a manager's own list). */
const anyone = (quick: QuickMessage): boolean => quick.id > 0;

const meta = {
  title: 'QuickMessages/QuickMessagesView',
  component: QuickMessagesView,
  args: {
    items: sampleQuickMessages,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
    canChange: anyone,
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
} satisfies Meta<typeof QuickMessagesView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shared and private ones, with and without attachments; a long message is cut. */
export const List: Story = {};
/** A plain attendant: only their own quick messages offer edit and delete. */
export const AttendantView: Story = { args: { canChange: (quick) => quick.userId === 7 && !quick.geral } };
export const Searching: Story = { args: { search: 'bo', items: sampleQuickMessages.filter((q) => q.shortcode.includes('bo')) } };
export const LoadingMore: Story = { args: { hasMore: true, isLoading: true } };
export const FirstLoad: Story = { args: { items: [], isLoading: true } };
export const Empty: Story = { args: { items: [] } };
