import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

function Demo({ defaultSelectedKey }: { defaultSelectedKey?: string }) {
  const t = useT();
  return (
    <Tabs defaultSelectedKey={defaultSelectedKey} style={{ maxWidth: 480 }}>
      <TabList aria-label={t('nav.tickets')}>
        <Tab id="open" count={3}>
          {t('nav.tickets')}
        </Tab>
        <Tab id="contacts">{t('nav.contacts')}</Tab>
        <Tab id="tags" isDisabled>
          {t('nav.tags')}
        </Tab>
      </TabList>
      <TabPanel id="open">{t('table.empty')}</TabPanel>
      <TabPanel id="contacts">{t('nav.contacts')}</TabPanel>
      <TabPanel id="tags">{t('nav.tags')}</TabPanel>
    </Tabs>
  );
}

const meta = { title: 'Primitives/Tabs', component: Demo } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const First: Story = {};
export const Second: Story = { args: { defaultSelectedKey: 'contacts' } };
