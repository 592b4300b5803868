import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { drawerSections } from '../drawer-items';
import { Drawer } from './Drawer';

const features = { useCampaigns: true, useInternalChat: true, useKanban: true, useSchedules: true, useExternalApi: true };

const meta = {
  title: 'Shell/Drawer',
  component: Drawer,
  args: {
    sections: drawerSections({ permissions: [], super: false, features }),
    currentPath: '/tickets',
    isOpen: true,
    variant: 'permanent',
    onOpenChange: fn(),
    header: 'Atende',
  },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Attendant: Story = {};
export const Admin: Story = {
  args: {
    sections: drawerSections({ permissions: ['drawer-admin-items:view', 'dashboard:view'], super: true, features }),
    currentPath: '/connections',
    badges: { unreadChats: true, connectionsAttention: true },
  },
};
export const Rail: Story = { args: { isOpen: false } };
