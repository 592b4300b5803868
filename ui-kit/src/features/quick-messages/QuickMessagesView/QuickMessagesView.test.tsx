import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { MESSAGE_PREVIEW_MAX } from '../quick-message-rules';
import { quickDto, sampleQuickMessages } from '../story-data';
import { QuickMessagesView, type QuickMessagesViewProps } from './QuickMessagesView';

function renderView(props: Partial<QuickMessagesViewProps> = {}) {
  const handlers = {
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn<QuickMessagesViewProps['onDelete']>(async () => undefined),
    onLoadMore: vi.fn(),
  };
  const utils = render(
    <AtendeRoot>
      <QuickMessagesView items={sampleQuickMessages} search="" canChange={() => true} hasMore={false} isLoading={false} {...handlers} {...props} />
    </AtendeRoot>,
  );
  const row = (shortcode: string) => screen.getByRole('row', { name: new RegExp(`^/${shortcode}\\b`) });
  return { ...utils, ...handlers, row };
}

describe('QuickMessagesView', () => {
  it('shows shortcode, cut message, attachment name or Sem anexo, and private or shared; axe-clean', async () => {
    const { container, row } = renderView();
    expect(screen.getByRole('grid', { name: 'Respostas rápidas' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Atalho', 'Mensagem', 'Anexo', 'Visibilidade', 'Ações']);

    const boleto = row('boleto');
    expect(within(boleto).getByText('boleto-marco.pdf')).toBeInTheDocument();
    expect(within(boleto).getByText('Privado')).toBeInTheDocument();

    const bomdia = row('bomdia');
    expect(within(bomdia).getByText('Sem anexo')).toBeInTheDocument();
    expect(within(bomdia).getByText('Geral')).toBeInTheDocument();

    const horario = within(row('horario')).getByText(/^Nosso horário/);
    expect(horario.textContent).toHaveLength(MESSAGE_PREVIEW_MAX + 1);
    expect(horario.textContent?.endsWith('…')).toBe(true);
    expect(horario).toHaveAttribute('title', sampleQuickMessages[2].message);
    await expectNoA11yViolations(container);
  });

  it('reports the search text and the add button', async () => {
    const { onSearchChange, onAdd } = renderView();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'B');
    expect(onSearchChange).toHaveBeenLastCalledWith('B');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('offers edit and delete only where the user may change the quick message', async () => {
    const { onEdit, row } = renderView({ canChange: (q) => q.userId === 7 });
    expect(within(row('bomdia')).queryByRole('button')).toBeNull();
    await userEvent.click(within(row('pix')).getByRole('button', { name: 'Editar pix' }));
    expect(onEdit).toHaveBeenCalledWith(sampleQuickMessages[3]);
  });

  it('deletes only after the confirmation, and not when cancelled', async () => {
    const { onDelete, row } = renderView();
    await userEvent.click(within(row('obrigado')).getByRole('button', { name: 'Excluir obrigado' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir /obrigado?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(within(row('obrigado')).getByRole('button', { name: 'Excluir obrigado' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDelete).toHaveBeenCalledWith(sampleQuickMessages[4]);
  });

  it('asks for the next page when the table is scrolled near its end while there is more', () => {
    const { container, onLoadMore } = renderView({ hasMore: true });
    const scroller = container.querySelector<HTMLElement>('.atd-Table-scroll')!;
    Object.defineProperty(scroller, 'scrollHeight', { value: 1000, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 200, configurable: true });
    scroller.scrollTop = 600;
    fireEvent.scroll(scroller);
    expect(onLoadMore).not.toHaveBeenCalled();
    scroller.scrollTop = 750;
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('says so when there is nothing to list', () => {
    renderView({ items: [] });
    expect(screen.getByText('Nenhuma resposta rápida encontrada')).toBeInTheDocument();
  });

  it('keeps a message without text readable', () => {
    const { row } = renderView({ items: [quickDto({ shortcode: 'foto', message: '', mediaName: 'foto.jpg', mediaPath: 'x' })] });
    expect(within(row('foto')).getByText('foto.jpg')).toBeInTheDocument();
  });
});
