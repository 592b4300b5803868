import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { FILE_LIST_OPTIONS_MAX } from '../file-list-rules';
import { sampleFileLists } from '../files-and-settings-story-data';
import { FileListModal, type FileListModalProps } from './FileListModal';

// Saves chain several calls; under a loaded parallel run they take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

function renderModal(props: Partial<FileListModalProps> = {}) {
  const onSave = vi.fn<FileListModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  const utils = render(
    <AtendeRoot>
      <FileListModal isOpen onOpenChange={onOpenChange} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  const ok = () => userEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
  const addOption = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Adicionar arquivo' }));
  /** The file the picker of option `index` hands over (FileTrigger's hidden input). */
  const choose = (index: number, file: File) => {
    const input = document.querySelectorAll<HTMLInputElement>('input[type=file]')[index];
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  return { ...utils, onSave, onOpenChange, dialog, ok, addOption, choose };
}

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'foto.png', { type: 'image/png' });
const pdf = new File(['%PDF-1.4'], 'tabela.pdf', { type: 'application/pdf' });

describe('FileListModal', () => {
  it("requires the name ('Obrigatório', 'nome muito curto') and the message; axe-clean", async () => {
    const { onSave, ok, dialog } = renderModal();
    expect(screen.getByRole('heading', { name: 'Adicionar lista de arquivos' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Nenhum arquivo ainda.')).toBeInTheDocument();
    await ok();
    expect(await within(dialog()).findAllByText('Obrigatório')).toHaveLength(2);
    expect(within(dialog()).getByRole('textbox', { name: /^Nome/ })).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(dialog());
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Nome/ }), 'ab');
    await ok();
    expect(await within(dialog()).findByText('nome muito curto')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('textbox', { name: /^Mensagem/ })).toHaveAttribute('rows', '5');
  }, 15_000);

  it('adds options with a name and a file each, refuses a new option without a file, removes one, and saves them in order', async () => {
    const { onSave, ok, dialog, addOption, choose, onOpenChange } = renderModal();
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Nome/ }), 'Catálogo');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Mensagem/ }), 'Veja nossos produtos');
    await addOption();
    await addOption();
    await addOption();
    const names = () => within(dialog()).getAllByRole('textbox', { name: /^Descrição do arquivo/ });
    expect(names()).toHaveLength(3);
    await userEvent.type(names()[0], 'Foto');
    await userEvent.type(names()[1], 'Sem arquivo');
    await userEvent.type(names()[2], 'Tabela');
    choose(0, png);
    choose(2, pdf);
    expect(await within(dialog()).findByText('foto.png')).toBeInTheDocument();
    await ok();
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Escolha um arquivo');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Remover arquivo 2' }));
    expect(names()).toHaveLength(2);
    await ok();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Catálogo',
        message: 'Veja nossos produtos',
        options: [
          { name: 'Foto', file: png, currentFile: null },
          { name: 'Tabela', file: pdf, currentFile: null },
        ],
      }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  }, 15_000);

  it('edits a list: its options come with their files; a kept option needs no new file', async () => {
    const { onSave, ok, dialog } = renderModal({ fileList: sampleFileLists[0] });
    expect(screen.getByRole('heading', { name: 'Editar lista de arquivos' })).toBeInTheDocument();
    expect(within(dialog()).getByText('catalogo-2026.pdf')).toBeInTheDocument();
    expect(within(dialog()).getByText('fachada.png')).toBeInTheDocument();
    expect(within(dialog()).getAllByRole('button', { name: /^Trocar arquivo/ })).toHaveLength(2);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Remover arquivo 1' }));
    await ok();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Boas-vindas',
        message: sampleFileLists[0].message,
        options: [{ optionId: 12, name: 'Fachada da loja', file: null, currentFile: 'fachada.png' }],
      }),
    );
  }, 15_000);

  it(`stops adding at ${FILE_LIST_OPTIONS_MAX} files, and shows an API field error on its field`, async () => {
    const onSave = vi.fn<FileListModalProps['onSave']>(async () => {
      throw new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'Invalid', fields: [{ field: 'name', messages: ['Too Long!'] }] });
    });
    const { ok, dialog, addOption } = renderModal({ fileList: { ...sampleFileLists[2] }, onSave });
    for (let i = 0; i < FILE_LIST_OPTIONS_MAX; i++) await addOption();
    expect(within(dialog()).getByRole('button', { name: 'Adicionar arquivo' })).toBeDisabled();
    expect(within(dialog()).getByText(`No máximo ${FILE_LIST_OPTIONS_MAX} arquivos por lista.`)).toBeInTheDocument();
    for (let i = FILE_LIST_OPTIONS_MAX; i > 0; i--) await userEvent.click(within(dialog()).getByRole('button', { name: `Remover arquivo ${i}` }));
    await ok();
    expect(await within(dialog()).findByText('Muito longo!')).toBeInTheDocument();
  }, 15_000);
});
