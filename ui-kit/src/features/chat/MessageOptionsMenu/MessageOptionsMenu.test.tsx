import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { MessageOptionsMenu } from './MessageOptionsMenu';

describe('MessageOptionsMenu', () => {
  it('offers only reply when the message cannot be edited', async () => {
    const onReply = vi.fn();
    render(<MessageOptionsMenu canEdit={false} onReply={onReply} onEdit={vi.fn()} onDelete={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Opções da mensagem' }));
    const menu = await screen.findByRole('menu');
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Responder']);
    await expectNoA11yViolations(menu);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Responder' }));
    expect(onReply).toHaveBeenCalledTimes(1);
  });

  it('offers edit and delete for an own recent message, by keyboard too', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(<MessageOptionsMenu canEdit onReply={vi.fn()} onEdit={onEdit} onDelete={onDelete} />);
    screen.getByRole('button', { name: 'Opções da mensagem' }).focus();
    await userEvent.keyboard('{Enter}');
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Responder', 'Editar', 'Apagar']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onEdit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Opções da mensagem' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Apagar' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
