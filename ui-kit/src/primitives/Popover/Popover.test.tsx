import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { Button } from '../Button/Button';
import { Popover, PopoverTrigger } from './Popover';

describe('Popover', () => {
  it('opens a named dialog from its trigger, inside the kit root, and closes with Escape', async () => {
    const { container } = render(
      <AtendeRoot>
        <PopoverTrigger>
          <Button>Notificações</Button>
          <Popover aria-label="Notificações">
            <p>Nenhum aviso de sistema.</p>
          </Popover>
        </PopoverTrigger>
      </AtendeRoot>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notificações' }));
    const dialog = screen.getByRole('dialog', { name: 'Notificações' });
    expect(dialog).toHaveTextContent('Nenhum aviso de sistema.');
    expect(container.querySelector('.atd-root')).toContainElement(dialog);
    await expectNoA11yViolations(container);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificações' })).toHaveFocus());
  });
});
