import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TypebotOverlayView } from './TypebotOverlay';

const meta = {
  title: 'Queue integrations/TypebotOverlay',
  component: TypebotOverlayView,
  args: { url: 'about:blank', onClose: fn() },
} satisfies Meta<typeof TypebotOverlayView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first typebot's front-end URL in a full-screen frame. */
export const WithUrl: Story = {};
/** No typebot integration with a front-end URL: blank. */
export const Blank: Story = { args: { url: null } };
