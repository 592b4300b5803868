import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { apiMessageDto, apiSendResult, sampleErrors } from '../story-data';
import { ApiSendOutcome } from './ApiSendOutcome';

const meta = {
  title: 'MessagesApi/ApiSendOutcome',
  component: ApiSendOutcome,
  args: { onOpenTicket: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ApiSendOutcome>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The message went to a new pending ticket: its number, status and a link to open it. */
export const Sent: Story = { args: { result: apiSendResult() } };
/** A file and its caption, with closeTicket: the ticket is resolved at once. */
export const SentAndClosed: Story = {
  args: {
    result: apiSendResult({
      ticketStatus: 'closed',
      messages: [apiMessageDto({ mediaType: 'image', body: 'Segue a foto', mediaName: 'foto.png' }), apiMessageDto({ id: '1025', mediaType: 'application' })],
    }),
  },
};
/** Without onOpenTicket (a host with no ticket screen): no link. */
export const SentWithoutLink: Story = { args: { result: apiSendResult(), onOpenTicket: undefined } };
export const InvalidToken: Story = { args: { error: sampleErrors.invalidToken } };
/** A validation error lists the failing fields, in the page's language. */
export const InvalidNumber: Story = { args: { error: sampleErrors.validation } };
export const UnsupportedFile: Story = { args: { error: sampleErrors.unsupported } };
export const RateLimited: Story = { args: { error: sampleErrors.rateLimit } };
/** The API could not be reached. */
export const NetworkError: Story = { args: { error: sampleErrors.network } };
