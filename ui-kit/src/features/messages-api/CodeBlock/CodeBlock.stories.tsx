import type { Meta, StoryObj } from '@storybook/react-vite';
import { curlMediaExample, curlTextExample } from '../messages-api-rules';
import { SAMPLE_ENDPOINT } from '../story-data';
import { CodeBlock } from './CodeBlock';

const meta = {
  title: 'MessagesApi/CodeBlock',
  component: CodeBlock,
  args: {
    label: 'Exemplo com curl (texto)',
    language: 'bash',
    code: curlTextExample({ url: SAMPLE_ENDPOINT, token: 'SEU_TOKEN', number: '5511999998888', body: 'Olá! Seu pedido 1234 saiu para entrega.' }),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CodeBlock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A curl command with its 'Copiar' button. */
export const Curl: Story = {};
export const MediaCurl: Story = {
  args: {
    label: 'Exemplo com curl (arquivo)',
    code: curlMediaExample({ url: SAMPLE_ENDPOINT, token: 'SEU_TOKEN', number: '5511999998888', body: 'Segue o seu boleto', file: 'boleto.pdf' }),
  },
};
export const Json: Story = {
  args: { label: 'Exemplo de corpo JSON', language: 'json', code: JSON.stringify({ number: '5511999998888', body: 'Olá!' }, null, 2) },
};
/** Read-only: no copy button (the headers of a request). */
export const NotCopyable: Story = {
  args: {
    label: 'Método e cabeçalhos (texto)',
    language: 'http',
    copyable: false,
    code: `POST ${SAMPLE_ENDPOINT}\nAuthorization: Bearer SEU_TOKEN\nContent-Type: application/json`,
  },
};
/** A long line scrolls sideways inside a narrow column. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 340 }}>
        <Story />
      </div>
    ),
  ],
};
