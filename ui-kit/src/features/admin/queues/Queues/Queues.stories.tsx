import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '../../../../client';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { queueOptionDto, sampleQueues } from '../story-data';
import { Queues } from './Queues';

const OPTIONS = [
  queueOptionDto({ id: 11, title: 'Boleto', message: 'Envie o CPF do titular.', option: 1, queueId: 1, parentId: null }),
  queueOptionDto({ id: 12, title: 'Cartão', message: null, option: 2, queueId: 1, parentId: null }),
];

/** The fake API: the sample queues, scheduleType 'queue' (the hours tab shows) and an option tree for Suporte. */
const routes = {
  'GET /queue': () => sampleQueues,
  'GET /settings': () => [{ key: 'scheduleType', value: 'queue' }],
  'GET /queue-options': (request: Request) => {
    const url = new URL(request.url);
    return url.searchParams.get('queueId') === '1' && url.searchParams.get('parentId') === '-1' ? OPTIONS : [];
  },
};

const ADMIN: Schema<'Permission'>[] = ['session:self', 'queues:read', 'queues:write'];

const meta = {
  title: 'Admin/Queues/Queues',
  component: Queues,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ permissions: ADMIN }}>
      <div style={{ padding: 16 }}>
        <Queues {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Queues>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API: add, edit (with the hours tab and the option tree) and delete. */
export const Connected: Story = {};
/** An attendant (queues:read only): the list without buttons. */
export const AsAttendant: Story = {
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={routes}
      user={{ profile: 'user', permissions: ['session:self', 'queues:read'] }}
    >
      <div style={{ padding: 16 }}>
        <Queues {...args} />
      </div>
    </StoryProvider>
  ),
};
