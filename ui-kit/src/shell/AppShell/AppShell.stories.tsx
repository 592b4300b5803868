import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useLocale, type Locale } from '../../i18n';
import type { Theme } from '../../theme/AtendeRoot';
import { drawerSections, type DrawerAccess } from '../drawer-items';
import { AppShell } from './AppShell';

const ALL_FEATURES = {
  useCampaigns: true,
  useExternalApi: true,
  useIntegrations: true,
  useInternalChat: true,
  useKanban: true,
  useOpenAi: true,
  useSchedules: true,
};
const ACCESS: Record<string, DrawerAccess> = {
  admin: { permissions: ['drawer-admin-items:view', 'dashboard:view'], super: false, features: ALL_FEATURES },
  attendant: { permissions: [], super: false, features: { useKanban: true } },
  super: { permissions: ['drawer-admin-items:view', 'dashboard:view'], super: true, features: ALL_FEATURES },
};

interface ShellStoryProps {
  who: keyof typeof ACCESS;
  width: number;
  path: string;
}

/** The shell with local state for the controls; the page is a placeholder. */
function ShellStory({ who, width, path }: ShellStoryProps) {
  const locale = useLocale();
  const [theme, setTheme] = useState<Theme>('light');
  const [volume, setVolume] = useState(1);
  const [language, setLanguage] = useState<Locale>(locale);
  const isAdmin = who !== 'attendant';
  return (
    <AppShell
      width={width}
      drawer={{
        sections: drawerSections(ACCESS[who]),
        currentPath: path,
        badges: { unreadChats: true, connectionsAttention: true },
        header: <span>Atende</span>,
      }}
      topBar={{
        userName: isAdmin ? 'Admin Demo' : 'Ana',
        company: isAdmin ? { name: 'Empresa Demo', dueDate: '2026-12-21' } : undefined,
        theme,
        onThemeChange: setTheme,
        locale: language,
        onLocaleChange: setLanguage,
        volume,
        onVolumeChange: setVolume,
        onRefresh: () => {},
        onOpenProfile: () => {},
        onLogout: () => {},
        bells: [
          { id: 'tasks', count: 2 },
          { id: 'tickets', count: 5 },
          { id: 'announcements', count: 0 },
          { id: 'chats', count: 1 },
        ],
      }}
    >
      <p>Conteúdo da página</p>
    </AppShell>
  );
}

const meta = {
  title: 'Shell/AppShell',
  component: ShellStory,
  args: { who: 'admin', width: 1300, path: '/' },
  argTypes: {
    who: { control: 'inline-radio', options: Object.keys(ACCESS) },
    width: { control: { type: 'range', min: 360, max: 1600, step: 10 } },
  },
} satisfies Meta<typeof ShellStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AdminWide: Story = {};
export const AttendantWide: Story = { args: { who: 'attendant', path: '/tickets' } };
export const SuperUser: Story = { args: { who: 'super', path: '/announcements' } };
/** Between 1120 and 1250 the drawer starts as an icon rail. */
export const Collapsed: Story = { args: { width: 1180 } };
/** Below 1120 the drawer is an overlay behind the menu button. */
export const Temporary: Story = { args: { width: 900, who: 'attendant', path: '/tickets' } };
/** Below 600 the greeting hides and the controls fold into one menu. */
export const Mobile: Story = { args: { width: 390, who: 'attendant', path: '/tickets' } };
