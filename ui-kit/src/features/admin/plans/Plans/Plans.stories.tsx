import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { PlanModal } from '../PlanModal/PlanModal';
import { PlansView } from '../PlansView/PlansView';
import { samplePlans } from '../story-data';
import { Plans } from './Plans';

const meta = {
  title: 'Admin/Plans/Plans',
  component: Plans,
  render: (args, { globals }) => (
    <StoryProvider
      locale={globals.locale as Locale}
      theme={globals.theme as Theme}
      routes={{ 'GET /plans/all': () => samplePlans }}
      user={{ super: true, permissions: ['session:self', 'plans:manage'] }}
    >
      <div style={{ padding: 16 }}>
        <Plans {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Plans>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A super user on a fake API. */
export const Connected: Story = {};
/** The table on its own, with no plans. */
export const Empty: Story = { render: () => <PlansView plans={[]} isLoading={false} onAdd={fn()} onEdit={fn()} onDelete={fn(async () => {})} /> };
/** The form of a plan. */
export const EditForm: Story = { render: () => <PlanModal isOpen onOpenChange={fn()} plan={samplePlans[2]} onSave={fn(async () => {})} /> };
/** The form of a new plan. */
export const AddForm: Story = { render: () => <PlanModal isOpen onOpenChange={fn()} onSave={fn(async () => {})} /> };
