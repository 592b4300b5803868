import type { Meta, StoryObj } from '@storybook/react-vite';
import { AtendeProvider } from '../../../atende-provider';
import { createMemoryStorage } from '../../../provider/storage';
import { sessionUser } from '../../../test/provider-fakes';
import { sampleDashboard } from '../story-data';
import { Dashboard } from './Dashboard';

/** The connected dashboard on a stand-in API that answers the sample month. */
const fetchSample = async () => new Response(JSON.stringify(sampleDashboard), { status: 200, headers: { 'Content-Type': 'application/json' } });

const meta = {
  title: 'Dashboard/Dashboard',
  component: Dashboard,
  args: { today: '2025-03-31' },
  decorators: [
    (Story) => (
      <AtendeProvider
        apiUrl="http://api.story"
        fetch={fetchSample}
        realtime={false}
        whiteLabel={false}
        storage={createMemoryStorage({ token: JSON.stringify('t'), user: JSON.stringify(sessionUser({ permissions: ['dashboard:view'] })) })}
      >
        <Story />
      </AtendeProvider>
    ),
  ],
} satisfies Meta<typeof Dashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {};
