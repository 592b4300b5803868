import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { connectionIn, sampleConnections, sampleQueues } from '../story-data';
import { ConnectionModal } from './ConnectionModal';

const edited = sampleConnections[0];
const withoutToken = connectionIn('DISCONNECTED');

const meta = {
  title: 'Connections/ConnectionModal',
  component: ConnectionModal,
  args: { isOpen: true, onOpenChange: fn(), queues: sampleQueues, onSave: fn(async () => undefined) },
} satisfies Meta<typeof ConnectionModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new connection: the provider may be chosen (WhatsApp or the sandbox); no token section yet. */
export const Add: Story = {};
/** The default connection, with its queues, messages and the API token's hint. */
export const Edit: Story = {
  args: {
    connection: edited,
    tokenHint: edited.tokenHint,
    onRotateToken: fn(async () => undefined),
    onRevokeToken: fn(async () => undefined),
  },
};
/** A connection without a token: 'Nenhum', and only 'Gerar novo token'. */
export const EditWithoutToken: Story = {
  args: {
    connection: withoutToken,
    tokenHint: null,
    onRotateToken: fn(async () => undefined),
    onRevokeToken: fn(async () => undefined),
  },
};
/** The queues on their way. */
export const QueuesLoading: Story = { args: { queues: undefined } };
/** A company without queues. */
export const NoQueues: Story = { args: { queues: [] } };
