import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '../data/campaign-settings';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleCampaignSettings } from '../files-and-settings-story-data';
import { CampaignSettingsView, type CampaignSettingsViewProps } from './CampaignSettingsView';

// Saves chain several calls; under a loaded parallel run they take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

function renderView(props: Partial<CampaignSettingsViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const onSave = vi.fn<CampaignSettingsViewProps['onSave']>(async () => undefined);
  const utils = render(
    <AtendeRoot locale={locale}>
      <CampaignSettingsView settings={sampleCampaignSettings} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  const picker = (name: RegExp) => screen.getByRole('button', { name });
  const choose = async (name: RegExp, option: string) => {
    await userEvent.click(picker(name));
    await userEvent.click(await screen.findByRole('option', { name: option }));
  };
  const addVariable = async (key: string, value: string) => {
    const form = screen.getByRole('form', { name: 'Adicionar variável' });
    const [keyBox, valueBox] = within(form).getAllByRole('textbox');
    await userEvent.clear(keyBox);
    if (key) await userEvent.type(keyBox, key);
    await userEvent.clear(valueBox);
    if (value) await userEvent.type(valueBox, value);
    await userEvent.click(within(form).getByRole('button', { name: 'Adicionar variável' }));
  };
  return { ...utils, onSave, picker, choose, addVariable };
}

describe('CampaignSettingsView', () => {
  it('shows the three intervals with readable choices and the variables; axe-clean', async () => {
    const { container, picker } = renderView();
    expect(screen.getByRole('heading', { name: 'Configurações de campanhas' })).toBeInTheDocument();
    expect(picker(/Intervalo randômico de disparo/)).toHaveTextContent('20 segundos');
    expect(picker(/Intervalo maior após/)).toHaveTextContent('20 envios');
    expect(picker(/Intervalo de disparo maior/)).toHaveTextContent('60 segundos');
    const table = screen.getByRole('table', { name: 'Variáveis das campanhas' });
    expect(within(table).getByRole('rowheader', { name: '{cupom}' })).toBeInTheDocument();
    expect(within(table).getByText('NATAL20')).toBeInTheDocument();
    await expectNoA11yViolations(container);

    await userEvent.click(picker(/Intervalo maior após/));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Não pausar',
      '1 envio',
      '5 envios',
      '10 envios',
      '15 envios',
      '20 envios',
      '30 envios',
      '40 envios',
      '60 envios',
      '80 envios',
      '100 envios',
      '120 envios',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(picker(/Intervalo de disparo maior/));
    const greater = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(greater[0]).toBe('Sem intervalo');
    expect(greater.at(-1)).toBe('5 minutos (300 segundos)');
    expect(greater).toHaveLength(14);
  }, 15_000);

  it('adds a variable, refuses a key already present or badly formed (saying why), removes one, and saves it all', async () => {
    const { onSave, choose, addVariable } = renderView();
    await choose(/Intervalo randômico de disparo/, 'Sem intervalo');
    await choose(/Intervalo maior após/, 'Não pausar');
    await addVariable('cupom', 'OUTRO');
    expect(screen.getByText('Já existe uma variável com a chave cupom.')).toBeInTheDocument();
    await addVariable('com espaço', 'x');
    expect(screen.getByText('Use de 1 a 30 letras sem acento, números ou _')).toBeInTheDocument();
    await addVariable('loja', 'Centro');
    expect(screen.getByRole('rowheader', { name: '{loja}' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remover a variável site' }));
    expect(screen.queryByRole('rowheader', { name: '{site}' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Alterações não salvas');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 60,
        variables: [
          { key: 'cupom', value: 'NATAL20' },
          { key: 'loja', value: 'Centro' },
        ],
      }),
    );
  }, 15_000);

  it('shows the defaults with no variables, loading and a load failure, and Spanish labels', async () => {
    const { unmount } = renderView({ settings: CAMPAIGN_SETTINGS_DEFAULTS });
    expect(screen.getByText('Nenhuma variável.')).toBeInTheDocument();
    unmount();
    const onReload = vi.fn();
    const failed = renderView({ settings: undefined, isError: true, onReload });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
    failed.unmount();
    renderView({ settings: { ...CAMPAIGN_SETTINGS_DEFAULTS, longerIntervalAfter: 0 } }, 'es');
    expect(screen.getByRole('button', { name: /Intervalo mayor después de/ })).toHaveTextContent('No pausar');
  }, 15_000);
});
