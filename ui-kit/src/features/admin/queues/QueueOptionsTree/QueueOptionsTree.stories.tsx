import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { queueOptionDto } from '../story-data';
import { QueueOptionsTree } from './QueueOptionsTree';

const ROOT = [
  queueOptionDto({ id: 11, title: 'Boleto', message: 'Envie o CPF do titular.', option: 1, parentId: null }),
  queueOptionDto({ id: 12, title: 'Cartão', message: 'Informe os 4 últimos dígitos.', option: 2, parentId: null }),
  queueOptionDto({ id: 13, title: 'Falar com um atendente', message: null, option: 3, parentId: null }),
];

const withOptions = {
  'GET /queue-options': (request: Request) => {
    const parent = new URL(request.url).searchParams.get('parentId');
    return parent === '-1' ? ROOT : parent === '11' ? [queueOptionDto({ id: 21, title: 'Segunda via', message: 'Qual o mês?', option: 1, parentId: 11 })] : [];
  },
};
const empty = { 'GET /queue-options': () => [] };

const meta = {
  title: 'Admin/Queues/QueueOptionsTree',
  component: QueueOptionsTree,
  args: { queueId: 1, queueName: 'Financeiro', canWrite: true },
  render: (args, { globals, parameters }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={(parameters.routes as typeof withOptions | undefined) ?? withOptions}
    >
      <div style={{ padding: 16, maxWidth: 640 }}>
        <QueueOptionsTree {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof QueueOptionsTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A menu of three options; open one to see and edit the options inside it. */
export const Menu: Story = {};
/** No options yet: the customer who picks the queue goes straight to an attendant. */
export const Empty: Story = { parameters: { routes: empty } };
/** Without queues:write: no add, edit or delete. */
export const ReadOnly: Story = { args: { canWrite: false } };
