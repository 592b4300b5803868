import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MessageOptionsMenu } from './MessageOptionsMenu';

const meta = {
  title: 'Chat/MessageOptionsMenu',
  component: MessageOptionsMenu,
  args: { canEdit: true, onReply: fn(), onEdit: fn(), onDelete: fn() },
  decorators: [
    (Story) => (
      <p>
        Opções: <Story />
      </p>
    ),
  ],
} satisfies Meta<typeof MessageOptionsMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An own message within 15 minutes: reply, edit, delete. */
export const OwnRecentMessage: Story = {};
/** Anyone else's, or older: reply only. */
export const ReplyOnly: Story = { args: { canEdit: false } };
