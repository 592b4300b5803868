import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AtendeRoot } from '../../theme/AtendeRoot';
import type { Locale } from '../../i18n';
import { expectNoA11yViolations } from '../../test/a11y';
import { TopBar, formatDate, type TopBarProps } from './TopBar';

function renderTopBar(props: Partial<TopBarProps> = {}, locale: Locale = 'pt') {
  const handlers = {
    onThemeChange: vi.fn(),
    onVolumeChange: vi.fn(),
    onRefresh: vi.fn(),
    onOpenProfile: vi.fn(),
    onLogout: vi.fn(),
    onLocaleChange: vi.fn(),
  };
  const view = render(
    <AtendeRoot locale={locale}>
      <TopBar userName="Ana" theme="light" volume={1} locale={locale} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...view, ...handlers };
}

describe('TopBar', () => {
  it('greets the user; admins also see the company and its due date', async () => {
    const { container } = renderTopBar({ company: { name: 'Empresa Demo', dueDate: '2026-12-21' } });
    expect(screen.getByRole('banner')).toHaveTextContent('Olá, Ana! Bem-vindo a Empresa Demo! (Ativo até 21/12/2026)');
    await expectNoA11yViolations(container);
  });

  it('shows no company line without one', () => {
    renderTopBar();
    expect(screen.getByRole('banner')).not.toHaveTextContent('Ativo até');
  });

  it('toggles the theme and refreshes', async () => {
    const { onThemeChange, onRefresh } = renderTopBar();
    await userEvent.click(screen.getByRole('button', { name: 'Tema escuro' }));
    expect(onThemeChange).toHaveBeenCalledWith('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar a página' }));
    expect(onRefresh).toHaveBeenCalled();
  });

  it('sets the volume from 0 to 1 in steps of 0.1', async () => {
    const { onVolumeChange } = renderTopBar({ volume: 0.5 });
    await userEvent.click(screen.getByRole('button', { name: 'Volume' }));
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '1');
    expect(slider).toHaveAttribute('step', '0.1');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onVolumeChange).toHaveBeenCalledWith(0.6);
  });

  it('opens the profile and logs out from the user menu', async () => {
    const { onOpenProfile, onLogout } = renderTopBar();
    await userEvent.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Perfil' }));
    expect(onOpenProfile).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sair' }));
    expect(onLogout).toHaveBeenCalled();
  });

  it('shows bell counts and opens their content', async () => {
    renderTopBar({
      bells: [
        { id: 'tickets', count: 3, content: <p>Nenhuma notificação</p> },
        { id: 'tasks', count: 0 },
      ],
    });
    expect(screen.getByRole('button', { name: 'Tarefas pendentes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notificações de atendimentos (3)' }));
    expect(within(screen.getByRole('dialog', { name: 'Notificações de atendimentos' })).getByText('Nenhuma notificação')).toBeInTheDocument();
  });

  it('switches the language', async () => {
    const { onLocaleChange } = renderTopBar();
    await userEvent.click(screen.getByRole('button', { name: 'Idioma: Português' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(onLocaleChange).toHaveBeenCalledWith('en');
  });

  it('below 600 px hides the greeting and folds profile, theme, reload and logout into one menu', async () => {
    const { onThemeChange, onLogout, container } = renderTopBar({ isCompact: true, company: { name: 'Empresa Demo' } });
    expect(screen.queryByText(/Olá/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tema escuro' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mais opções' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Perfil', 'Tema escuro', 'Recarregar a página', 'Sair']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Tema escuro' }));
    expect(onThemeChange).toHaveBeenCalledWith('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Mais opções' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sair' }));
    expect(onLogout).toHaveBeenCalled();
    await expectNoA11yViolations(container);
  });

  it('speaks English', () => {
    renderTopBar({ company: { name: 'Demo', dueDate: '2026-12-21' } }, 'en');
    expect(screen.getByRole('banner')).toHaveTextContent('Hello, Ana! Welcome to Demo! (Active until 12/21/2026)');
  });

  it('formats calendar dates without shifting the day', () => {
    expect(formatDate('2026-01-01', 'pt')).toBe('01/01/2026');
  });
});
