import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '../../../../client';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { sampleHelps } from '../story-data';
import { Helps } from './Helps';

const byTitle = [...sampleHelps].sort((a, b) => a.title.localeCompare(b.title));
const routes = {
  'GET /helps/list': () => byTitle,
  'GET /helps': () => ({ records: byTitle, count: byTitle.length, hasMore: false }),
};
const ATTENDANT: Schema<'Permission'>[] = ['session:self', 'helps:read'];
const SUPER: Schema<'Permission'>[] = ['session:self', 'helps:read', 'helps:manage'];

const meta = {
  title: 'Admin/Helps/Helps',
  component: Helps,
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ profile: 'user', permissions: ATTENDANT }}>
      <div style={{ padding: 16 }}>
        <Helps {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Helps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Anyone signed in on a fake API: the grid; a card opens the player. */
export const Connected: Story = {};
/** A super user: 'Gerenciar vídeos' switches to the list with add, edit and delete. */
export const AsSuperUser: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ super: true, permissions: SUPER }}>
      <div style={{ padding: 16 }}>
        <Helps {...args} />
      </div>
    </StoryProvider>
  ),
};
