import type { Meta, StoryObj } from '@storybook/react-vite';
import { CopyButton } from './CopyButton';

const meta = {
  title: 'Primitives/CopyButton',
  component: CopyButton,
  args: { text: 'atd_5YkQ2m…F2gE', what: 'Token' },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Copiar'; after a press, 'Copiado!' for 2 seconds (or why it failed). */
export const Default: Story = {};
