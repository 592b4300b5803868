import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { apiSendResult, sampleErrors } from '../story-data';
import { ApiSendForm } from './ApiSendForm';

const filled = { token: 'atd_5YkQm2v8Rk1nW0xF2gE', number: '5511999998888', body: 'Olá! Seu pedido 1234 saiu para entrega.' };

const meta = {
  title: 'MessagesApi/ApiSendForm',
  component: ApiSendForm,
  args: { kind: 'text', onSend: fn(async () => undefined), onOpenTicket: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 440 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ApiSendForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The text test: token, number (no mask) and message. */
export const Text: Story = {};
/** The file test: token, number, a file and an optional caption. */
export const Media: Story = { args: { kind: 'media' } };
export const Filled: Story = { args: { defaultValues: filled } };
export const MediaWithFile: Story = {
  args: { kind: 'media', defaultValues: { ...filled, body: 'Segue a foto', file: new File(['%PNG'], 'comprovante.png', { type: 'image/png' }) } },
};
/** While the call runs: the button shows its spinner. */
export const Sending: Story = { args: { defaultValues: filled, isPending: true } };
export const Sent: Story = { args: { defaultValues: { ...filled, body: '' }, result: apiSendResult() } };
export const WrongToken: Story = { args: { defaultValues: filled, error: sampleErrors.invalidToken } };
export const InvalidNumber: Story = { args: { defaultValues: { ...filled, number: '551199' }, error: sampleErrors.validation } };
export const UnsupportedFile: Story = { args: { kind: 'media', defaultValues: filled, error: sampleErrors.unsupported } };
export const RateLimited: Story = { args: { defaultValues: filled, error: sampleErrors.rateLimit } };
