import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleDashboard } from '../story-data';
import { DashboardChart } from './DashboardChart';

const meta = {
  title: 'Dashboard/DashboardChart',
  component: DashboardChart,
  args: {
    kind: 'bar',
    title: 'Atendimentos criados por hora',
    labelHeader: 'Hora',
    points: sampleDashboard.hourly.ticketsCreatedByHour.map((b) => ({ label: b.hour, count: b.count })),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DashboardChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 24 hourly bars, 00:00 to 23:00 (23:00 runs to 23:59). */
export const HourlyBars: Story = {};
/** Closed per queue: a slice per queue in its colour. */
export const QueueDoughnut: Story = {
  args: {
    kind: 'doughnut',
    title: 'Atendimentos finalizados por fila',
    labelHeader: 'Fila',
    points: sampleDashboard.closedByQueue.map((q) => ({ label: q.name ?? 'Sem fila', count: q.count, color: q.color })),
  },
};
export const Empty: Story = { args: { kind: 'doughnut', points: [], emptyText: 'Nenhum atendimento finalizado no período' } };
