import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { samplePrompts } from '../prompt-story-data';
import { PromptsView, type PromptsViewProps } from './PromptsView';

function renderView(props: Partial<PromptsViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const handlers = {
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn<PromptsViewProps['onDelete']>(async () => undefined),
    onLoadMore: vi.fn(),
  };
  const utils = render(
    <AtendeRoot locale={locale}>
      <PromptsView items={samplePrompts} count={samplePrompts.length} search="" hasMore={false} isLoading={false} {...handlers} {...props} />
    </AtendeRoot>,
  );
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
  return { ...utils, ...handlers, row };
}

describe('PromptsView', () => {
  it('shows the title, add, and a row per prompt: name, queue, max tokens, edit and delete; axe-clean', async () => {
    const { container, row } = renderView();
    expect(screen.getByRole('heading', { name: 'Prompts (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Setor', 'Máximo de tokens', 'Ações']);
    expect(within(row('Assistente de vendas')).getByText('Vendas')).toBeInTheDocument();
    expect(within(row('Suporte técnico com voz')).getByText('300')).toBeInTheDocument();
    expect(within(row('Cobrança (setor excluído)')).getByText('Sem setor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('reports add and edit', async () => {
    const { onAdd, onEdit, row } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(within(row('Suporte técnico com voz')).getByRole('button', { name: 'Editar Suporte técnico com voz' }));
    expect(onEdit).toHaveBeenCalledWith(samplePrompts[1]);
  });

  it('deletes only after a confirmation titled with the prompt name', async () => {
    const { onDelete, row } = renderView();
    await userEvent.click(within(row('Assistente de vendas')).getByRole('button', { name: 'Excluir Assistente de vendas' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Excluir Assistente de vendas?' })).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: /Excluir|Confirmar/ }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(samplePrompts[0]));
  });

  it('speaks English and Spanish', () => {
    renderView({}, 'en');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Queue', 'Max tokens', 'Actions']);
  });
});
