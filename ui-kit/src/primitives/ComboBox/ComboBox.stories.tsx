import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { ComboBox } from './ComboBox';

const CONTACTS = [
  { id: 1, name: 'Ana Souza' },
  { id: 2, name: 'Anabela Lima' },
  { id: 3, name: 'Bruno Dias' },
  { id: 4, name: 'Carla Mendes' },
];

function Demo({ mode }: { mode: 'async' | 'static' | 'slow' }) {
  const t = useT();
  const load = (query: string) =>
    new Promise<typeof CONTACTS>((resolve) =>
      setTimeout(() => resolve(CONTACTS.filter((c) => c.name.toLowerCase().includes(query.toLowerCase()))), mode === 'slow' ? 60_000 : 300),
    );
  return (
    <div style={{ maxWidth: 320, minHeight: 240 }}>
      <ComboBox
        label={t('nav.contacts')}
        placeholder={t('field.search')}
        getLabel={(c) => c.name}
        {...(mode === 'static' ? { items: CONTACTS } : { loadItems: load })}
      />
    </div>
  );
}

const meta = { title: 'Primitives/ComboBox', component: Demo, args: { mode: 'async' } } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AsyncSearch: Story = {};
export const StaticItems: Story = { args: { mode: 'static' } };
