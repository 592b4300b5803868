import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { stubEditorLayout } from '../../../test/editor-layout';
import { TaskEditor } from './TaskEditor';

stubEditorLayout();

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TaskEditor label="Descrição" value={value} onChange={setValue} />
      <button type="button" onClick={() => setValue('')}>
        limpar
      </button>
    </>
  );
}

// Typing and formatting in a contenteditable need a real browser's layout (ProseMirror measures the selection):
// console/e2e/tasks.e2e.mjs types, uses the toolbar and the shortcuts.
describe('TaskEditor', () => {
  it('is a labelled multiline textbox with a labelled formatting toolbar of toggle buttons', async () => {
    const { container } = render(<Harness initial="<p>Oi <strong>Ana</strong></p>" />);
    const box = screen.getByRole('textbox', { name: 'Descrição' });
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box.innerHTML).toContain('<strong>Ana</strong>');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatação da descrição' });
    expect(toolbar).toBeInTheDocument();
    for (const name of [
      'Negrito (Ctrl+B)',
      'Itálico (Ctrl+I)',
      'Sublinhado (Ctrl+U)',
      'Lista com marcadores (Ctrl+Shift+8)',
      'Lista numerada (Ctrl+Shift+7)',
      'Link',
    ]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await expectNoA11yViolations(container);
  });

  it('opens a link field from the toolbar; Escape closes it', async () => {
    render(<Harness initial="<p>site</p>" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const field = screen.getByRole('textbox', { name: 'Endereço do link' });
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Aplicar link' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Endereço do link' })).toBeNull();
  });

  it('takes a value from outside (the form cleared after a save)', async () => {
    render(<Harness initial="<p>antigo</p>" />);
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveTextContent('antigo');
    await userEvent.setup().click(screen.getByRole('button', { name: 'limpar' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveTextContent(''));
  });
});
