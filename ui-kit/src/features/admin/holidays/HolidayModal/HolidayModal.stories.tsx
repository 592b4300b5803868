import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { holidayDto } from '../story-data';
import { HolidayModal } from './HolidayModal';

const meta = {
  title: 'Admin/Holidays/HolidayModal',
  component: HolidayModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => {}), onDelete: fn(async () => {}) },
} satisfies Meta<typeof HolidayModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new holiday on the calendar day chosen. */
export const Add: Story = { args: { date: '2026-12-24' } };
/** Pending, with an image (shown by name: the API serves no copy of it). */
export const Edit: Story = { args: { holiday: holidayDto({ id: 4, mediaName: 'natal.png', mediaPath: 'h4.png' }) } };
/** The send failed: 'Erro de Envio', and saving again retries. */
export const SendError: Story = { args: { holiday: holidayDto({ id: 2, name: 'Imaculada Conceição', dateHoliday: '2026-12-08', status: 'ERRO' }) } };
/** Sent: read only, with when it went out; no submit. */
export const Sent: Story = {
  args: {
    holiday: holidayDto({ id: 1, name: 'Finados', dateHoliday: '2026-11-02', status: 'ENVIADA', sentAt: '2026-11-02T11:00:00.000Z', mediaName: 'finados.jpg' }),
  },
};
