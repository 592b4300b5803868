import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('is a labelled multi-line textbox that keeps line breaks', async () => {
    const onChange = vi.fn();
    render(<TextArea label="Mensagem de saudação" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Mensagem de saudação' });
    expect(box.tagName).toBe('TEXTAREA');
    await userEvent.type(box, 'Olá{Enter}Tudo bem?');
    expect(onChange).toHaveBeenLastCalledWith('Olá\nTudo bem?');
  });

  it('shows its error when invalid', () => {
    render(<TextArea label="Mensagem" isInvalid errorMessage="Mensagem muito curta" />);
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveAccessibleDescription('Mensagem muito curta');
  });

  it('has no axe violations', async () => {
    const { container } = render(<TextArea label="Mensagem" description="Até 5 linhas" />);
    await expectNoA11yViolations(container);
  });
});
