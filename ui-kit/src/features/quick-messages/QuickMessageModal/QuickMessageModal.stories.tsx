import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { quickDto } from '../story-data';
import { QuickMessageModal } from './QuickMessageModal';

const meta = {
  title: 'QuickMessages/QuickMessageModal',
  component: QuickMessageModal,
  args: { isOpen: true, onOpenChange: fn(), canShare: true, onSave: fn(async () => undefined) },
} satisfies Meta<typeof QuickMessageModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A manager adding one: the 'Privado' switch, on by default. */
export const AddAsManager: Story = {};
/** Without tickets-manager:showall: no switch, always private. */
export const AddAsAttendant: Story = { args: { canShare: false } };
export const EditWithAttachment: Story = {
  args: {
    quickMessage: quickDto({
      shortcode: 'boleto',
      message: 'Segue o boleto do mês em anexo. Qualquer dúvida estamos à disposição.',
      geral: true,
      mediaName: 'boleto-marco.pdf',
      mediaPath: 'qm2-0123456789abcdef.pdf',
      isMedia: true,
    }),
  },
};
