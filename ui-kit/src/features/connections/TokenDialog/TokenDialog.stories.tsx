import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TokenDialog } from './TokenDialog';

const meta = {
  title: 'Connections/TokenDialog',
  component: TokenDialog,
  args: {
    token: 'atd_5YkQm3Rv8TzN1pLc7WxB0sHd4JgE6aUf9KoP2iF2gE',
    connectionName: 'Atendimento',
    isOpen: true,
    onOpenChange: fn(),
    onOpenMessagesApi: fn(),
  },
} satisfies Meta<typeof TokenDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new token, shown once, with the link to the messages API page. */
export const NewToken: Story = {};
/** A host without a messages API page: no link. */
export const WithoutMessagesApiLink: Story = { args: { onOpenMessagesApi: undefined } };
