import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SignUpView, type Plan } from './SignUp';

const plan = (id: number, name: string, value: number): Plan => ({
  id,
  name,
  value,
  users: 5 * id,
  connections: id,
  queues: 3 * id,
  useCampaigns: id > 1,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: id > 2,
  useKanban: true,
  useOpenAi: id > 2,
  useIntegrations: id > 2,
  whiteLabel: id > 2,
});

const meta = {
  title: 'Screens/SignUp',
  component: SignUpView,
  args: { onSubmit: fn(), brand: 'Atende', plans: [plan(1, 'Básico', 99.9), plan(2, 'Profissional', 199.9), plan(3, 'Completo', 349)] },
} satisfies Meta<typeof SignUpView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = {
  args: { defaultValues: { name: 'Minha Empresa', email: 'dono@minhaempresa.com', phone: '5511999990000', password: '12345', planId: '2' } },
};
export const PlansFailed: Story = { args: { plans: [], plansError: true } };
