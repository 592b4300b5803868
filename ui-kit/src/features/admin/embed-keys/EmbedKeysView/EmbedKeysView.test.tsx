import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { sampleEmbedKeys } from '../story-data';
import { EmbedKeysView, type EmbedKeysViewProps } from './EmbedKeysView';

type Locale = 'pt' | 'en' | 'es';

function renderView(props: Partial<EmbedKeysViewProps> = {}, { locale = 'pt', theme = 'light' }: { locale?: Locale; theme?: 'light' | 'dark' } = {}) {
  const handlers = { onAdd: vi.fn(), onEdit: vi.fn(), onRevoke: vi.fn(async () => {}), onReload: vi.fn() };
  const utils = render(
    <AtendeRoot locale={locale} theme={theme}>
      <EmbedKeysView keys={sampleEmbedKeys} isLoading={false} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('[role="row"]') as HTMLElement;

describe('EmbedKeysView', () => {
  it('lists name, key id, origins, dates, "Nunca" and the status, with the rotation subtitle; axe-clean light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { container, unmount } = renderView({}, { theme });
      expect(screen.getByRole('heading', { name: 'Chaves de incorporação (3)' })).toBeInTheDocument();
      expect(screen.getByText(/Várias chaves podem estar ativas ao mesmo tempo/)).toBeInTheDocument();
      const rotated = row('Portal 2027 (rotação)');
      expect(within(rotated).getByText('ek_Nw8rT5yUc2VbQ0zs').tagName).toBe('CODE');
      expect(
        within(rotated)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['https://portal.parceiro.com.br', 'https://staging.parceiro.com.br']);
      expect(within(rotated).getByText('Nunca')).toBeInTheDocument();
      expect(within(rotated).getByText('Ativa')).toBeInTheDocument();
      expect(within(rotated).getByRole('button', { name: 'Copiar ID da chave Portal 2027 (rotação)' })).toBeInTheDocument();
      const revoked = row('Piloto');
      expect(within(revoked).getByText('Revogada')).toBeInTheDocument();
      expect(within(revoked).getByText(/^em 01\/11\/2026/)).toBeInTheDocument();
      // A revoked key can be neither edited nor revoked again.
      expect(within(revoked).queryByRole('button', { name: /Editar|Revogar/ })).toBeNull();
      await expectNoA11yViolations(container);
      unmount();
    }
  });

  it('adds, edits, and revokes only after a confirmation that says its sessions end at once', async () => {
    const { onAdd, onEdit, onRevoke } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Portal do parceiro' }));
    expect(onEdit).toHaveBeenCalledWith(sampleEmbedKeys[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Revogar Portal do parceiro' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar a chave Portal do parceiro?' });
    expect(confirm).toHaveTextContent('As sessões abertas com esta chave terminam na hora');
    expect(confirm).toHaveTextContent('Uma chave revogada não volta a valer.');
    expect(onRevoke).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revogar' }));
    expect(onRevoke).toHaveBeenCalledWith(sampleEmbedKeys[1]);
  });

  it('says it in English and Spanish too', () => {
    const en = renderView({}, { locale: 'en' });
    expect(screen.getByRole('heading', { name: 'Embed keys (3)' })).toBeInTheDocument();
    expect(screen.getByText(/Several keys can be active at once/)).toBeInTheDocument();
    expect(within(row('Portal 2027 (rotação)')).getByText('Never')).toBeInTheDocument();
    expect(within(row('Piloto')).getByText('Revoked')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Allowed origins' })).toBeInTheDocument();
    en.unmount();
    renderView({}, { locale: 'es' });
    expect(screen.getByRole('heading', { name: 'Claves de inserción (3)' })).toBeInTheDocument();
    expect(within(row('Portal 2027 (rotação)')).getByText('Activa')).toBeInTheDocument();
    expect(within(row('Piloto')).getByText('Revocada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revocar Portal do parceiro' })).toBeInTheDocument();
  });

  it('shows the empty state with an add button, and a failed load with a retry', async () => {
    const empty = renderView({ keys: [] });
    expect(screen.getByText('Nenhuma chave de incorporação')).toBeInTheDocument();
    empty.unmount();
    const { onReload } = renderView({ keys: undefined, isError: true });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
  });
});
