import { useEffect } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { ToastProvider, useToast, type ToastApi } from './Toast';

let api: ToastApi;
function Grab() {
  const toast = useToast();
  // Handed out after the commit (render stays pure); render() and act() flush it before the test reads `api`.
  useEffect(() => {
    api = toast;
  }, [toast]);
  return null;
}

function renderToasts(locale: 'pt' | 'en' = 'pt') {
  return render(
    <AtendeRoot locale={locale}>
      <ToastProvider>
        <Grab />
      </ToastProvider>
    </AtendeRoot>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Toast', () => {
  it('announces each kind in a labelled notifications region', async () => {
    const { container } = renderToasts();
    act(() => {
      api.success('Usuário salvo com sucesso.');
      api.warning('Sua assinatura vence em 3 dia(s)');
    });
    const region = screen.getByRole('region', { name: 'Notificações' });
    expect(within(region).getByText('Usuário salvo com sucesso.')).toBeInTheDocument();
    const toasts = within(region).getAllByRole('alertdialog');
    expect(toasts.map((el) => el.getAttribute('data-kind')).sort()).toEqual(['success', 'warning']);
    expect(within(region).getByText('Sucesso:', { exact: false })).toHaveClass('atd-visually-hidden');
    await expectNoA11yViolations(container);
  });

  it('closes by itself after 2000 ms by default, or after the timeout asked', () => {
    vi.useFakeTimers();
    renderToasts();
    act(() => {
      api.info('dois segundos');
      api.info('três segundos', { timeout: 3000 });
    });
    act(() => void vi.advanceTimersByTime(2100));
    expect(screen.queryByText('dois segundos')).not.toBeInTheDocument();
    expect(screen.getByText('três segundos')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByText('três segundos')).not.toBeInTheDocument();
  });

  it('pauses while hovered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderToasts();
    act(() => void api.info('fica enquanto o mouse está em cima'));
    await user.hover(screen.getByRole('region', { name: 'Notificações' }));
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByText('fica enquanto o mouse está em cima')).toBeInTheDocument();
    await user.unhover(screen.getByRole('region', { name: 'Notificações' }));
    act(() => void vi.advanceTimersByTime(2100));
    expect(screen.queryByText('fica enquanto o mouse está em cima')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    renderToasts('en');
    act(() => void api.error('Boom', { timeout: 0 }));
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });

  it('toastError: translated code, else raw text, else the generic text', () => {
    renderToasts();
    act(() => {
      api.toastError({ error: 'ERR_NO_PERMISSION', message: 'forbidden' });
      api.toastError(new Error('Failed to fetch'));
      api.toastError(undefined);
    });
    expect(screen.getByText('Você não tem permissão para acessar este recurso.')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro!')).toBeInTheDocument();
    for (const toast of screen.getAllByRole('alertdialog')) expect(toast).toHaveAttribute('data-kind', 'error');
  });

  it('renders no region before the first toast (its code loads then)', async () => {
    renderToasts();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    act(() => void api.info('primeiro'));
    expect(await screen.findByRole('region', { name: 'Notificações' })).toHaveTextContent('primeiro');
  });

  it('portals into the kit root, not onto the host page', () => {
    const { container } = renderToasts();
    act(() => void api.info('dentro do kit'));
    expect(container.querySelector('.atd-root')).toContainElement(screen.getByText('dentro do kit'));
  });
});
