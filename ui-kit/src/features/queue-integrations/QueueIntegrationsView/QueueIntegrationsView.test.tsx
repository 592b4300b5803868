import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleIntegrations } from '../queue-integration-story-data';
import { QueueIntegrationsView, type QueueIntegrationsViewProps } from './QueueIntegrationsView';

function renderView(props: Partial<QueueIntegrationsViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const handlers = {
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn<QueueIntegrationsViewProps['onDelete']>(async () => undefined),
    onLoadMore: vi.fn(),
  };
  const utils = render(
    <AtendeRoot locale={locale}>
      <QueueIntegrationsView
        items={sampleIntegrations}
        count={sampleIntegrations.length}
        search=""
        hasMore={false}
        isLoading={false}
        {...handlers}
        {...props}
      />
    </AtendeRoot>,
  );
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
  return { ...utils, ...handlers, row };
}

describe('QueueIntegrationsView', () => {
  it('shows the title with the count, search, add, and a row per integration: type logo, id, name, edit and delete; axe-clean', async () => {
    const { container, row } = renderView();
    expect(screen.getByRole('heading', { name: 'Integrações (4)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Tipo', 'ID', 'Nome', 'Ações']);
    expect(within(row('Agente DialogFlow')).getByText('DialogFlow')).toBeInTheDocument();
    expect(within(row('Fluxo n8n de pedidos')).getByText('N8N')).toBeInTheDocument();
    expect(within(row('WebHook do ERP')).getByText('WebHooks')).toBeInTheDocument();
    expect(within(row('Typebot de vendas')).getByText('#1')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Pesquisar' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('reports add, edit and search; deletes after a confirmation titled with the name', async () => {
    const { onAdd, onEdit, onDelete, onSearchChange, row } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(within(row('WebHook do ERP')).getByRole('button', { name: 'Editar WebHook do ERP' }));
    expect(onEdit).toHaveBeenCalledWith(sampleIntegrations[3]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'x');
    expect(onSearchChange).toHaveBeenCalledWith('x');
    await userEvent.click(within(row('Fluxo n8n de pedidos')).getByRole('button', { name: 'Excluir Fluxo n8n de pedidos' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir Fluxo n8n de pedidos?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(sampleIntegrations[1]));
  });

  it('speaks English and Spanish', () => {
    renderView({}, 'en');
    expect(screen.getByRole('heading', { name: 'Integrations (4)' })).toBeInTheDocument();
  });
});
