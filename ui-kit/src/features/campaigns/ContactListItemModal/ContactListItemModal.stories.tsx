import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleContactListItems } from '../contact-list-story-data';
import { ContactListItemModal } from './ContactListItemModal';

const meta = {
  title: 'Campaigns/ContactListItemModal',
  component: ContactListItemModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => undefined) },
} satisfies Meta<typeof ContactListItemModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the number's placeholder shows country code, area code and number. */
export const Add: Story = {};
export const Edit: Story = { args: { item: sampleContactListItems[0] } };
