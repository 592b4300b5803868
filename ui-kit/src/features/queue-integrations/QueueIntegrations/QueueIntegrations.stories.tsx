import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { sampleIntegrations } from '../queue-integration-story-data';
import { QueueIntegrations } from './QueueIntegrations';

const routes = {
  'GET /queueIntegration': (request: Request) => {
    const term = new URL(request.url).searchParams.get('searchParam') ?? '';
    const queueIntegrations = sampleIntegrations.filter((q) => q.name.toLowerCase().includes(term)).sort((a, b) => a.name.localeCompare(b.name));
    return { queueIntegrations, count: queueIntegrations.length, hasMore: false };
  },
  'POST /queueIntegration/testSession': () => ({ ok: true, reply: 'Olá! Como posso ajudar?' }),
};
const ADMIN = { profile: 'admin' as const, permissions: ['session:self' as const, 'automation:manage' as const] };

const meta = {
  title: 'Queue integrations/QueueIntegrations',
  component: QueueIntegrations,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <QueueIntegrations {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof QueueIntegrations>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API. */
export const Connected: Story = {};
/** An attendant: the page says who may use it. */
export const AsAttendant: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ profile: 'user', permissions: ['session:self'] }}>
      <div style={{ padding: 16 }}>
        <QueueIntegrations {...args} />
      </div>
    </StoryProvider>
  ),
};
