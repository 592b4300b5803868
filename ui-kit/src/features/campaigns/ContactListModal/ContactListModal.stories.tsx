import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { contactListDto } from '../contact-list-story-data';
import { ContactListModal } from './ContactListModal';

const meta = {
  title: 'Campaigns/ContactListModal',
  component: ContactListModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => undefined) },
} satisfies Meta<typeof ContactListModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Add: Story = {};
export const Rename: Story = { args: { contactList: contactListDto({ name: 'Clientes SP', contactsCount: 12 }) } };
