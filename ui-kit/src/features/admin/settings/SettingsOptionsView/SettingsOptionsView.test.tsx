import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { DISTRIBUTOR_SECTIONS, OPTION_SECTIONS, settingValues } from '../settings-rules';
import { SettingsOptionsView, type SettingsOptionsViewProps } from './SettingsOptionsView';

function renderView(props: Partial<SettingsOptionsViewProps> = {}) {
  const onChange = vi.fn<SettingsOptionsViewProps['onChange']>(async () => {});
  const utils = render(
    <AtendeRoot>
      <SettingsOptionsView sections={OPTION_SECTIONS} values={settingValues([])} onChange={onChange} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, onChange };
}

describe('SettingsOptionsView', () => {
  it('shows each key with its control in its section; axe-clean', async () => {
    const { container } = renderView();
    const service = screen.getByRole('region', { name: 'Atendimento' });
    expect(within(service).getByRole('switch', { name: 'Avaliações' })).not.toBeChecked();
    expect(within(service).getByRole('switch', { name: 'Criação de usuários' })).toBeChecked();
    expect(within(service).getByRole('textbox', { name: /^Tempo de espera do chatbot/ })).toHaveValue('5');
    const groups = screen.getByRole('region', { name: 'Grupos' });
    expect(within(groups).getByRole('switch', { name: 'Ignorar mensagens de grupos' })).toBeChecked();
    expect(within(service).getByRole('switch', { name: 'Aceitar chamadas' })).toBeChecked();
    // Not offered: nothing acts on them (api/src/tenant/settings/README.md).
    expect(within(groups).queryByRole('switch', { name: 'Grupos no novo atendimento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Integrações' })).not.toBeInTheDocument();
    expect(screen.queryByText(/IXC|MK-AUTH|Asaas/)).not.toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('saves a switch at once with its enabled/disabled value', async () => {
    const { onChange } = renderView();
    await userEvent.click(screen.getByRole('switch', { name: 'Avaliações' }));
    expect(onChange).toHaveBeenCalledWith('userRating', 'enabled');
    await userEvent.click(screen.getByRole('switch', { name: 'Criação de usuários' }));
    expect(onChange).toHaveBeenCalledWith('userCreation', 'disabled');
  });

  it('saves a select when another value is chosen', async () => {
    const { onChange } = renderView();
    await userEvent.click(screen.getByRole('button', { name: /Gerenciamento de Expediente/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fila' }));
    expect(onChange).toHaveBeenCalledWith('scheduleType', 'queue');
  });

  it('saves a text field when it is left, only if it changed and is valid', async () => {
    const { onChange } = renderView();
    const timeOut = screen.getByRole('textbox', { name: /^Tempo de espera do chatbot/ });
    await userEvent.click(timeOut);
    await userEvent.tab();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(timeOut);
    await userEvent.type(timeOut, 'abc');
    await userEvent.tab();
    expect(screen.getByText('Informe um número inteiro de 0 a 9999')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(timeOut);
    await userEvent.type(timeOut, '12{Enter}');
    expect(onChange).toHaveBeenCalledWith('timeOut', '12');
  });

  it('read-only without settings:write; the distributor has its own keys', () => {
    renderView({ isReadOnly: true, sections: DISTRIBUTOR_SECTIONS });
    expect(screen.getByRole('switch', { name: 'Distribuição automática' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Atendimentos simultâneos por usuário/ })).toBeDisabled();
  });
});
