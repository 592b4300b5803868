import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { TagModal, toInputColor, type TagModalProps } from './TagModal';

function renderModal(props: Partial<TagModalProps> = {}) {
  const onSave = vi.fn<TagModalProps['onSave']>();
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <TagModal isOpen onOpenChange={onOpenChange} canEditKanban onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange, dialog: () => screen.getByRole('dialog') };
}

describe('TagModal', () => {
  it('adds a tag with name, colour and the kanban switch; axe-clean', async () => {
    const { onSave, onOpenChange, dialog } = renderModal();
    expect(within(dialog()).getByRole('heading', { name: 'Adicionar tag' })).toBeInTheDocument();
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Nome' }), '  Orçamento ');
    fireEvent.change(within(dialog()).getByLabelText('Cor'), { target: { value: '#ff8800' } });
    await userEvent.click(within(dialog()).getByRole('switch', { name: /Kanban/ }));
    await expectNoA11yViolations(dialog());
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Orçamento', color: '#ff8800', kanban: true }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("checks the name: 'Obrigatório', then 'Mensagem muito curta' under 3 characters", async () => {
    const { onSave, dialog } = renderModal();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Adicionar' }));
    expect(await within(dialog()).findByText('Obrigatório')).toBeInTheDocument();
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Nome' }), 'ab');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Adicionar' }));
    expect(await within(dialog()).findByText('Mensagem muito curta')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the kanban switch only to who may change it (admins and supervisors)', () => {
    renderModal({ canEditKanban: false });
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it("edits a tag from its values and keeps the modal open with the API's field error", async () => {
    const onSave = vi
      .fn<TagModalProps['onSave']>()
      .mockRejectedValue(Object.assign(new Error('conflict'), { fields: [{ field: 'name', messages: ['Já existe uma tag com este nome.'] }] }));
    const { onOpenChange, dialog } = renderModal({ tag: { id: 4, name: 'Lead', color: '#abc', kanban: 1 }, onSave });
    expect(within(dialog()).getByRole('heading', { name: 'Editar tag' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('textbox', { name: 'Nome' })).toHaveValue('Lead');
    expect(within(dialog()).getByLabelText('Cor')).toHaveValue('#aabbcc');
    expect(within(dialog()).getByRole('switch', { name: /Kanban/ })).toBeChecked();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Lead', color: '#abc', kanban: true }));
    expect(await within(dialog()).findByText('Já existe uma tag com este nome.')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('toInputColor gives the colour input a #rrggbb', () => {
    expect(toInputColor('#ABC')).toBe('#aabbcc');
    expect(toInputColor('#11223344')).toBe('#112233');
    expect(toInputColor('red')).toBe('#a4cccc');
  });
});
