import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import type { ConnectionPermissions } from '../connection-rules';
import { connectionDto, officialConnections, sampleConnections } from '../story-data';
import { ConnectionsView, type ConnectionsViewProps } from './ConnectionsView';

const ADMIN: ConnectionPermissions = { canAdd: true, canSession: true, canEdit: true };

function renderView(props: Partial<ConnectionsViewProps> = {}) {
  const handlers = {
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(async () => undefined),
    onShowQr: vi.fn(),
    onRetry: vi.fn(),
    onNewQr: vi.fn(),
    onDisconnect: vi.fn(async () => undefined),
    onReload: vi.fn(),
  };
  const utils = render(
    <AtendeRoot>
      <ConnectionsView connections={sampleConnections} isLoading={false} permissions={ADMIN} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });

describe('ConnectionsView', () => {
  it('shows each connection with its status, last update and default; axe-clean', async () => {
    const { container } = renderView();
    expect(screen.getByRole('heading', { level: 2, name: 'Conexões' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nome', 'Status', 'Tipo', 'Sessão', 'Última atualização', 'Padrão', 'Ações']);
    expect(within(row('Atendimento')).getByText('Conectado', { selector: '.atd-Connections-statusText' })).toBeInTheDocument();
    expect(within(row('Atendimento')).getByRole('img', { name: 'Conexão padrão' })).toBeInTheDocument();
    expect(within(row('Comercial')).queryByRole('img', { name: 'Conexão padrão' })).toBeNull();
    expect(within(row('Comercial')).getByText('Aguardando leitura do QR code')).toBeInTheDocument();
    expect(within(row('Financeiro')).getByText('Desconectado')).toBeInTheDocument();
    expect(within(row('Sandbox de testes')).getByText('Conexão perdida')).toBeInTheDocument();
    expect(within(row('Atendimento')).getByText(/^\d{2}\/\d{2}\/26 \d{2}:\d{2}$/)).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('offers the session buttons of each status', async () => {
    const { onShowQr, onRetry, onNewQr } = renderView();
    const buttons = (name: string) =>
      within(row(name))
        .queryAllByRole('button')
        .map((b) => b.textContent)
        .filter((text) => text && !text.startsWith('Editar') && !text.startsWith('Excluir'));
    expect(buttons('Atendimento')).toEqual(['Desconectar']);
    expect(within(row('Atendimento')).getByText('Conectado', { selector: '.atd-Connections-connected' })).toBeInTheDocument();
    expect(buttons('Comercial')).toEqual(['QR CODE']);
    expect(buttons('Financeiro')).toEqual(['Tentar novamente', 'Novo QR CODE']);
    expect(buttons('Pós-venda')).toEqual(['Ver código', 'Desconectar']);
    expect(buttons('Sandbox de testes')).toEqual(['Desconectar']);
    const connecting = within(row('Loja Centro')).getByRole('button', { name: 'Conectando' });
    expect(connecting).toBeDisabled();

    await userEvent.click(within(row('Comercial')).getByRole('button', { name: 'QR CODE' }));
    expect(onShowQr).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    await userEvent.click(within(row('Financeiro')).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    await userEvent.click(within(row('Financeiro')).getByRole('button', { name: 'Novo QR CODE' }));
    expect(onNewQr).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    await userEvent.click(within(row('Pós-venda')).getByRole('button', { name: 'Ver código' }));
    expect(onShowQr).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
  });

  it('disconnects after a confirmation naming the connection', async () => {
    const { onDisconnect } = renderView();
    await userEvent.click(within(row('Atendimento')).getByRole('button', { name: 'Desconectar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Desconectar Atendimento?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(onDisconnect).not.toHaveBeenCalled();
    await userEvent.click(within(row('Atendimento')).getByRole('button', { name: 'Desconectar' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() => expect(onDisconnect).toHaveBeenCalledWith(expect.objectContaining({ id: 1 })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('edits, and deletes after a confirmation naming the connection (and saying when it is the default)', async () => {
    const { onEdit, onDelete } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Comercial' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Atendimento' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir a conexão Atendimento?' });
    expect(confirm).toHaveTextContent('a mais antiga das outras passa a ser a padrão');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 1 })));
  });

  it('adds with connections-page:addConnection; hides what the other permissions do not allow', async () => {
    const { onAdd, unmount } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar WhatsApp' }));
    expect(onAdd).toHaveBeenCalled();
    unmount();

    renderView({ permissions: { canAdd: false, canSession: false, canEdit: false } });
    expect(screen.queryByRole('button', { name: 'Adicionar WhatsApp' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Status', 'Tipo', 'Última atualização', 'Padrão']);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('has an empty state that offers the add button', async () => {
    const { onAdd } = renderView({ connections: [] });
    expect(screen.getByRole('heading', { name: 'Nenhuma conexão cadastrada' })).toBeInTheDocument();
    const adds = screen.getAllByRole('button', { name: 'Adicionar WhatsApp' });
    expect(adds).toHaveLength(2);
    await userEvent.click(adds[1]);
    expect(onAdd).toHaveBeenCalled();
  });

  it('tells a user without the add permission to ask an administrator', () => {
    renderView({ connections: [], permissions: { canAdd: false, canSession: false, canEdit: false } });
    expect(screen.getByText('Peça a um administrador para adicionar uma conexão.')).toBeInTheDocument();
  });

  it('shows the loading and the error states; the error offers to load again', async () => {
    const { unmount } = renderView({ connections: undefined, isLoading: true });
    expect(screen.getByRole('progressbar', { name: 'Carregando...' })).toBeInTheDocument();
    unmount();
    const { onReload } = renderView({ connections: undefined, isLoading: false, isError: true });
    expect(screen.getByRole('heading', { name: 'Não foi possível carregar a lista de registros' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
  });

  it('shows a running session command on its buttons', () => {
    renderView({ connections: [connectionDto({ id: 3, name: 'Financeiro', status: 'DISCONNECTED' })], pendingIds: new Set([3]) });
    expect(within(row('Financeiro')).getByRole('button', { name: 'Tentar novamente' })).toHaveAttribute('data-pending', 'true');
  });

  it('speaks the language of the kit root', () => {
    render(
      <AtendeRoot locale="en">
        <ConnectionsView
          connections={sampleConnections}
          isLoading={false}
          permissions={ADMIN}
          onAdd={vi.fn()}
          onEdit={vi.fn()}
          onDelete={vi.fn()}
          onShowQr={vi.fn()}
          onRetry={vi.fn()}
          onNewQr={vi.fn()}
          onDisconnect={vi.fn()}
        />
      </AtendeRoot>,
    );
    expect(screen.getByRole('button', { name: 'Add WhatsApp' })).toBeInTheDocument();
    expect(within(row('Financeiro')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(row('Comercial')).getByText('Waiting for the QR code scan')).toBeInTheDocument();
  });
  it('shows the type; official connections their quality and daily limit, and no QR code actions but why; axe-clean', async () => {
    const { container, onRetry, onShowQr, onNewQr } = renderView({
      connections: [...officialConnections, connectionDto({ id: 3, name: 'Financeiro', status: 'DISCONNECTED' })],
    });
    const meta = row('Oficial Meta');
    expect(within(meta).getByText('API oficial')).toBeInTheDocument();
    expect(within(meta).getByText('Qualidade alta').closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(within(meta).getByText('Limite: 1K/dia')).toBeInTheDocument();
    expect(within(meta).getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();

    const sandbox = row('Sandbox oficial');
    expect(within(sandbox).getByText('Qualidade média').closest('[data-tone]')).toHaveAttribute('data-tone', 'warning');
    expect(within(sandbox).getByText('Limite: 250/dia')).toBeInTheDocument();
    expect(within(sandbox).getByText('A API oficial conecta com credenciais, não com QR code.')).toBeInTheDocument();
    expect(within(sandbox).getByText('Verifique as credenciais da API oficial e tente novamente.')).toBeInTheDocument();
    expect(within(sandbox).queryByRole('button', { name: /QR CODE/i })).toBeNull();
    await userEvent.click(within(sandbox).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledWith(officialConnections[1]);

    // A QR-code connection in the same status keeps its QR code actions, and no quality or limit.
    const qr = row('Financeiro');
    expect(within(qr).getByText('QR code')).toBeInTheDocument();
    expect(within(qr).getByRole('button', { name: 'Novo QR CODE' })).toBeInTheDocument();
    expect(within(qr).queryByText(/Qualidade|Limite/)).toBeNull();
    expect(onShowQr).not.toHaveBeenCalled();
    expect(onNewQr).not.toHaveBeenCalled();
    await expectNoA11yViolations(container);
  });
});
