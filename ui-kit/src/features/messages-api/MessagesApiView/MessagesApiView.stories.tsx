import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SAMPLE_ENDPOINT, apiSendResult, sampleErrors } from '../story-data';
import { MessagesApiView } from './MessagesApiView';

const meta = {
  title: 'MessagesApi/MessagesApiView',
  component: MessagesApiView,
  args: {
    endpoint: SAMPLE_ENDPOINT,
    onOpenConnections: fn(),
    textForm: { onSend: fn(async () => undefined), onOpenTicket: fn() },
    mediaForm: { onSend: fn(async () => undefined), onOpenTicket: fn() },
  },
} satisfies Meta<typeof MessagesApiView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The documentation with both test forms, before any send. */
export const Docs: Story = {};
/** The text test went through; the file test was refused (unsupported file). */
export const WithResults: Story = {
  args: {
    textForm: { onSend: fn(async () => undefined), onOpenTicket: fn(), result: apiSendResult() },
    mediaForm: { onSend: fn(async () => undefined), onOpenTicket: fn(), error: sampleErrors.unsupported },
  },
};
export const WrongToken: Story = {
  args: { textForm: { onSend: fn(async () => undefined), error: sampleErrors.invalidToken } },
};
/** A host without a connections screen: the token hint names the page, no button; the limit the server says. */
export const WithoutConnectionsLink: Story = { args: { onOpenConnections: undefined, rateLimitPerMinute: 120 } };
/** A phone-sized column: everything stacks, code scrolls sideways. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
};
