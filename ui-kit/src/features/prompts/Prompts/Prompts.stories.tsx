import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../i18n';
import type { Theme } from '../../../theme/AtendeRoot';
import { StoryProvider } from '../../tickets/story-support';
import { samplePrompts, sampleQueues } from '../prompt-story-data';
import { Prompts } from './Prompts';

const routes = {
  'GET /prompt': (request: Request) => {
    const term = new URL(request.url).searchParams.get('searchParam') ?? '';
    const prompts = samplePrompts.filter((p) => p.name.toLowerCase().includes(term));
    return { prompts, count: prompts.length, hasMore: false };
  },
  'GET /queue': () => sampleQueues.map((q, i) => ({ ...q, color: ['#2563eb', '#16a34a', '#dc2626'][i] })),
};
const ADMIN = { profile: 'admin' as const, permissions: ['session:self' as const, 'automation:manage' as const] };

const meta = {
  title: 'Prompts/Prompts',
  component: Prompts,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={ADMIN}>
      <div style={{ padding: 16 }}>
        <Prompts {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Prompts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API. */
export const Connected: Story = {};
/** An attendant: the page says who may use it. */
export const AsAttendant: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ profile: 'user', permissions: ['session:self'] }}>
      <div style={{ padding: 16 }}>
        <Prompts {...args} />
      </div>
    </StoryProvider>
  ),
};
