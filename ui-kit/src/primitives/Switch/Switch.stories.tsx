import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Switch, type SwitchProps } from './Switch';

function ThemeSwitch(props: SwitchProps) {
  const t = useT();
  return <Switch {...props}>{t('theme.toDark')}</Switch>;
}

const meta = { title: 'Primitives/Switch', component: ThemeSwitch } satisfies Meta<typeof ThemeSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { defaultSelected: true } };
export const Disabled: Story = { args: { isDisabled: true, defaultSelected: true } };
