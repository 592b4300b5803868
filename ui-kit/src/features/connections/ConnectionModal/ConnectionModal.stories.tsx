import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { connectionIn, officialConnectionDto, officialConnections, sampleConnections, sampleQueues, sampleTemplates } from '../story-data';
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
/** A new official API connection on WhatsApp: the type chosen, the Graph API's ids and credentials; the webhook and templates come after saving. */
export const AddOfficial: Story = {
  play: async ({ canvasElement }) => {
    const radio = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="radio"][value="official"]');
    radio?.click();
  },
};
/** An official connection: credentials kept (blank to keep), the webhook to paste in the Meta app, and a template per automatic message. */
export const EditOfficial: Story = {
  args: {
    connection: officialConnectionDto(),
    tokenHint: officialConnectionDto().tokenHint,
    onRotateToken: fn(async () => undefined),
    onRevokeToken: fn(async () => undefined),
    templates: sampleTemplates,
    onSyncTemplates: fn(async () => sampleTemplates.length),
  },
};
/** The sandbox's official mode: no credentials nor webhook, templates still loading. */
export const EditSandboxOfficial: Story = {
  args: { connection: officialConnections[1], templates: undefined, onSyncTemplates: fn(async () => 0) },
};
