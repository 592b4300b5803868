import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '../../../../client';
import type { Locale } from '../../../../i18n';
import type { Theme } from '../../../../theme/AtendeRoot';
import { StoryProvider } from '../../../tickets/story-support';
import { holidayDto, sampleHolidays, STORY_TODAY } from '../story-data';
import { Holidays } from './Holidays';

/** The fake API: the sample holidays in one page; a save answers a new pending holiday. */
const routes = {
  'GET /holidays': () => ({ holidays: sampleHolidays, count: sampleHolidays.length, hasMore: false }),
  'POST /holidays': () => holidayDto({ id: 99, name: 'Novo feriado', dateHoliday: '2026-12-15' }),
};

const ADMIN: Schema<'Permission'>[] = ['session:self', 'holidays:manage'];

const meta = {
  title: 'Admin/Holidays/Holidays',
  component: Holidays,
  args: { today: STORY_TODAY },
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ permissions: ADMIN }}>
      <div style={{ padding: 16 }}>
        <Holidays {...args} />
      </div>
    </StoryProvider>
  ),
} satisfies Meta<typeof Holidays>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in as an admin on a fake API: the calendar, add on a day, open one. */
export const Connected: Story = {};
/** Without holidays:manage. */
export const WithoutPermission: Story = {
  render: (args, { globals }) => (
    <StoryProvider locale={globals.locale as Locale} theme={globals.theme as Theme} routes={routes} user={{ profile: 'user', permissions: ['session:self'] }}>
      <div style={{ padding: 16 }}>
        <Holidays {...args} />
      </div>
    </StoryProvider>
  ),
};
