import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { sampleQueues } from '../story-data';
import { QueuesView, type QueuesViewProps } from './QueuesView';

function renderView(props: Partial<QueuesViewProps> = {}) {
  const handlers = { onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(async () => {}), onReload: vi.fn() };
  const utils = render(
    <AtendeRoot>
      <QueuesView queues={sampleQueues} isLoading={false} permissions={{ canWrite: true }} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('QueuesView', () => {
  it("shows id, name, colour, order and greeting of each queue, with the spec's columns; axe-clean", async () => {
    const { container } = renderView();
    expect(screen.getByRole('heading', { name: 'Filas' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Nome', 'Cor', 'Ordem', 'Mensagem de saudação', 'Ações']);
    expect(within(row('Suporte')).getByText('#7C4DFF')).toBeInTheDocument();
    expect(within(row('Suporte')).getByText('Olá! Você está no suporte. Em que podemos ajudar?')).toBeInTheDocument();
    expect(within(row('Financeiro')).getByText('Sem mensagem de saudação')).toBeInTheDocument();
    expect(within(row('Financeiro')).getByText('–')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('adds and edits; deletes only after the confirmation naming the queue', async () => {
    const { onAdd, onEdit, onDelete } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar fila' }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Vendas' }));
    expect(onEdit).toHaveBeenCalledWith(sampleQueues[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Vendas' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir a fila Vendas?' });
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(onDelete).toHaveBeenCalledWith(sampleQueues[1]);
  });

  it('without queues:write shows no buttons', () => {
    renderView({ permissions: { canWrite: false } });
    expect(screen.queryByRole('button', { name: 'Adicionar fila' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Editar / })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).toBeNull();
  });

  it('says when there are no queues, and when the list failed, with a reload', async () => {
    const { unmount } = renderView({ queues: [] });
    expect(screen.getByText('Nenhuma fila cadastrada')).toBeInTheDocument();
    unmount();
    const { onReload } = renderView({ queues: undefined, isError: true });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
  });
});
