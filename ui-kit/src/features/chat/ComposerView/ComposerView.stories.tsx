import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Theme } from '../../../theme/AtendeRoot';
import { ComposerView } from './ComposerView';

const AT = new Date().toISOString();
const message = (id: string, body: string, fromMe: boolean) => ({
  id,
  ticketId: 100,
  body,
  ack: 3,
  fromMe,
  read: true,
  isDeleted: false,
  isEdited: false,
  mediaType: 'chat' as const,
  oldMessages: [],
  source: fromMe ? ('attendant' as const) : ('contact' as const),
  createdAt: AT,
  updatedAt: AT,
});

const quick = (id: number, shortcode: string, text: string, mediaName: string | null = null) => ({
  id,
  shortcode,
  message: text,
  geral: true,
  mediaPath: mediaName ? 'stored.pdf' : null,
  mediaName,
  isMedia: Boolean(mediaName),
  userId: null,
  companyId: 3,
  createdAt: AT,
  updatedAt: AT,
});

const meta = {
  title: 'Chat/Composer',
  component: ComposerView,
  args: {
    onSendText: fn(),
    onSendFiles: fn(),
    onSendVoice: fn(),
    onCancelReply: fn(),
    onCancelEdit: fn(),
    quickMessages: [
      quick(1, 'bomdia', 'Bom dia! Como posso ajudar você hoje?'),
      quick(2, 'boleto', 'Segue o boleto para pagamento.', 'boleto.pdf'),
      quick(3, 'tchau', 'Obrigado pelo contato, até logo!'),
    ],
  },
  // The emoji picker follows the kit's theme, as the connected composer does.
  render: (args, { globals }) => <ComposerView {...args} theme={globals.theme as Theme} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720, marginTop: '12rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ComposerView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Type `/bo` for the quick replies; Enter sends, Shift+Enter breaks the line. */
export const Ready: Story = {
  decorators: [
    (Story) => (
      <>
        <p>Enter: enviar · Shift+Enter: nova linha · /bo: respostas rápidas</p>
        <Story />
      </>
    ),
  ],
};

export const Replying: Story = {
  args: {
    replyTo: message(
      '9',
      'Olá! Gostaria de saber o prazo de entrega do meu pedido 4512.\nFiz a compra ontem à noite.\nObrigado.\nAinda mais uma linha.',
      false,
    ),
  },
};

export const Editing: Story = {
  args: { editing: message('10', 'O prazo é de 3 dias úteis.', true) },
};

export const Disabled: Story = {
  args: { disabledReason: 'Aceite o atendimento para enviar mensagens.' },
};
