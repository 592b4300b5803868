import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TopBar } from './TopBar';

const meta = {
  title: 'Shell/TopBar',
  component: TopBar,
  args: {
    userName: 'Ana',
    theme: 'light',
    volume: 0.7,
    locale: 'pt',
    onThemeChange: fn(),
    onLocaleChange: fn(),
    onVolumeChange: fn(),
    onRefresh: fn(),
    onOpenProfile: fn(),
    onLogout: fn(),
    bells: [
      { id: 'tasks', count: 0 },
      { id: 'tickets', count: 3 },
      { id: 'announcements', count: 1 },
      { id: 'chats', count: 0 },
    ],
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Attendant: Story = {};
export const Admin: Story = { args: { userName: 'Admin Demo', company: { name: 'Empresa Demo', dueDate: '2026-12-21' } } };
export const Compact: Story = { args: { isCompact: true } };
export const Muted: Story = { args: { volume: 0 } };
