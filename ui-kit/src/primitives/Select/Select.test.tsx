import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Select } from './Select';

const profiles = [
  { id: 'admin', label: 'Administrador' },
  { id: 'user', label: 'Usuário' },
  { id: 'supervisor', label: 'Supervisor', isDisabled: true },
];

describe('Select', () => {
  it('opens a listbox from its labelled button and reports the chosen option', async () => {
    const onSelectionChange = vi.fn();
    render(<Select label="Perfil" items={profiles} onSelectionChange={onSelectionChange} />);
    const button = screen.getByRole('button', { name: /Perfil/ });
    expect(button).toHaveTextContent('Selecione');
    await userEvent.click(button);
    const listbox = screen.getByRole('listbox');
    expect(screen.getByRole('option', { name: 'Supervisor' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Usuário' }));
    expect(onSelectionChange).toHaveBeenCalledWith('user');
    expect(listbox).not.toBeInTheDocument();
    expect(button).toHaveTextContent('Usuário');
  });

  it('works from the keyboard', async () => {
    const onSelectionChange = vi.fn();
    render(<Select label="Perfil" items={profiles} onSelectionChange={onSelectionChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelectionChange).toHaveBeenCalledWith('user');
  });

  it('shows an error when invalid', () => {
    render(<Select label="Perfil" items={profiles} isInvalid errorMessage="Required" />);
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('has no axe violations, closed and open', async () => {
    const { container } = render(<Select label="Perfil" items={profiles} defaultSelectedKey="admin" />);
    await expectNoA11yViolations(container);
    await userEvent.click(screen.getByRole('button', { name: /Perfil/ }));
    await expectNoA11yViolations(document.body);
  });
});
