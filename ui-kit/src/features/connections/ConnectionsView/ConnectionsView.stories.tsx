import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ConnectionPermissions } from '../connection-rules';
import { officialConnections, sampleConnections } from '../story-data';
import { ConnectionsView } from './ConnectionsView';

/** An admin: connections-page:addConnection, actionButtons and editOrDeleteConnection. */
const ADMIN: ConnectionPermissions = { canAdd: true, canSession: true, canEdit: true };

const meta = {
  title: 'Connections/ConnectionsView',
  component: ConnectionsView,
  args: {
    connections: sampleConnections,
    isLoading: false,
    permissions: ADMIN,
    onReload: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
    onShowQr: fn(),
    onRetry: fn(),
    onNewQr: fn(),
    onDisconnect: fn(async () => undefined),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConnectionsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One connection in each status, each with its session buttons; the default one starred. */
export const EveryStatus: Story = {};
/** The first answer on its way. */
export const Loading: Story = { args: { connections: undefined, isLoading: true } };
/** The list could not be loaded: the table says so and offers to try again. */
export const LoadError: Story = { args: { connections: undefined, isLoading: false, isError: true } };
/** No connection yet: the empty state offers 'Adicionar WhatsApp'. */
export const Empty: Story = { args: { connections: [] } };
/** A plain user without the connections-page permissions: no add, session, edit or delete buttons. */
export const PlainUser: Story = { args: { permissions: { canAdd: false, canSession: false, canEdit: false } } };
/** A plain user with nothing to show: the empty state without the add button. */
export const PlainUserEmpty: Story = { args: { connections: [], permissions: { canAdd: false, canSession: false, canEdit: false } } };
/** A session command on its way on two rows (Financeiro: retry and new QR code; the sandbox: disconnect): their buttons show it running. */
export const CommandPending: Story = { args: { pendingIds: new Set([3, 6]) } };
/** A phone-sized container: each row becomes a card. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
};
/** QR code and official API connections side by side: the type, the official number's quality and daily limit, no QR code actions on official ones. */
export const WithOfficialApi: Story = { args: { connections: [...officialConnections, ...sampleConnections.slice(0, 3)] } };
