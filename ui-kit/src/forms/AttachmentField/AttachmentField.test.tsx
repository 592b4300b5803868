import { act, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { AttachmentField, ImageAttachmentField, usePickedFile, usePickedImage, type AttachmentFieldProps } from './AttachmentField';

const texts: AttachmentFieldProps['texts'] = {
  pick: 'Escolher imagem',
  replace: 'Trocar imagem',
  remove: (name) => `Remover imagem ${name}`,
  preview: (name) => `Prévia de ${name}`,
  removed: 'A imagem será removida ao salvar.',
};

function renderField(props: Partial<AttachmentFieldProps> = {}) {
  const onPick = vi.fn<AttachmentFieldProps['onPick']>();
  const onRemove = vi.fn();
  render(
    <AtendeRoot>
      <AttachmentField
        label="Imagem (opcional)"
        acceptedFileTypes={['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg']}
        fileName={null}
        onPick={onPick}
        onRemove={onRemove}
        hint="PNG ou JPEG, até 16 MB."
        texts={texts}
        {...props}
      />
    </AtendeRoot>,
  );
  return { onPick, onRemove, group: screen.getByRole('group', { name: 'Imagem (opcional)' }) };
}

/** Picks files in the field's hidden file input, as the browser's picker would. */
function pickFiles(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const png = (name = 'natal.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('AttachmentField', () => {
  it('with no image: a group named by its label and described by its hint, the pick button, no file; axe-clean', async () => {
    const { group } = renderField();
    expect(group).toHaveClass('atd-AttachmentField');
    expect(group).toHaveAccessibleDescription('PNG ou JPEG, até 16 MB.');
    expect(within(group).getByText('Imagem (opcional)')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Escolher imagem' })).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: /^Remover/ })).toBeNull();
    expect(within(group).queryByRole('img')).toBeNull();
    expect(within(group).queryByRole('alert')).toBeNull();
    expect(within(group).queryByText('A imagem será removida ao salvar.')).toBeNull();
    await expectNoA11yViolations(group);
  });

  it('with a preview: the image named after the file, its name, remove and replace; axe-clean', async () => {
    const { group } = renderField({ fileName: 'natal.png', previewUrl: 'blob:preview-1' });
    const preview = within(group).getByRole('img', { name: 'Prévia de natal.png' });
    expect(preview).toHaveAttribute('src', 'blob:preview-1');
    expect(within(group).getByTitle('natal.png')).toHaveTextContent('natal.png');
    expect(within(group).getByRole('button', { name: 'Remover imagem natal.png' })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Trocar imagem' })).toBeInTheDocument();
    expect(group.querySelector('.atd-AttachmentField-file > svg')).toBeNull();
    await expectNoA11yViolations(group);
  });

  it('without a preview: the file icon, hidden from assistive technology, instead of the image', () => {
    const { group } = renderField({ fileName: 'natal.png' });
    expect(within(group).queryByRole('img')).toBeNull();
    const icon = group.querySelector('.atd-AttachmentField-file > svg');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(within(group).getByText('natal.png')).toBeInTheDocument();
  });

  it('says a removed stored image goes on save, only while no file is shown', () => {
    const { group } = renderField({ removed: true });
    expect(within(group).getByText('A imagem será removida ao salvar.')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Escolher imagem' })).toBeInTheDocument();
  });

  it('hides the removed note once another file is shown', () => {
    const { group } = renderField({ removed: true, fileName: 'nova.png' });
    expect(within(group).queryByText('A imagem será removida ao salvar.')).toBeNull();
  });

  it('says the error as an alert; axe-clean', async () => {
    const { group } = renderField({ error: 'Escolha uma imagem PNG ou JPEG.' });
    expect(within(group).getByRole('alert')).toHaveTextContent('Escolha uma imagem PNG ou JPEG.');
    await expectNoA11yViolations(group);
  });

  it('hands the first file picked to onPick, and nothing for an empty pick; offers the accepted types', () => {
    const { onPick } = renderField();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,.png,.jpg,.jpeg');
    const first = png('a.png');
    pickFiles([first, png('b.png')]);
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledWith(first);
    pickFiles([]);
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('calls onRemove from the remove button', async () => {
    const { onRemove, group } = renderField({ fileName: 'natal.png' });
    await userEvent.click(within(group).getByRole('button', { name: 'Remover imagem natal.png' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});

const pdf = (name = 'boleto.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** The field as a dialog uses it: the hook holds the file picked, a stored file shows until one is picked or removed. */
function Harness({ stored, onRemoved }: { stored?: string; onRemoved?: () => void }) {
  const [picked, pick] = usePickedFile();
  const [removed, setRemoved] = useState(false);
  const name = picked?.file.name ?? (removed ? null : (stored ?? null));
  return (
    <AttachmentField
      label="Anexo"
      fileName={name}
      previewUrl={picked?.url}
      removed={removed}
      onPick={pick}
      onRemove={() => {
        onRemoved?.();
        if (picked) pick(null);
        else setRemoved(true);
      }}
      texts={{ ...texts, removed: 'O anexo será removido ao salvar.' }}
    />
  );
}

describe('AttachmentField with usePickedFile', () => {
  it('previews an image picked, shows a document picked as a chip (icon and name, no preview), and lets the URL go on replace', async () => {
    let n = 0;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++n}`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    try {
      render(
        <AtendeRoot>
          <Harness />
        </AtendeRoot>,
      );
      const group = screen.getByRole('group', { name: 'Anexo' });
      act(() => pickFiles([png('foto.png')]));
      expect(within(group).getByRole('img', { name: 'Prévia de foto.png' })).toHaveAttribute('src', 'blob:preview-1');
      act(() => pickFiles([pdf()]));
      expect(within(group).queryByRole('img')).toBeNull();
      expect(revoke).toHaveBeenCalledWith('blob:preview-1');
      const chip = group.querySelector('.atd-AttachmentField-file')!;
      expect(chip.querySelector('svg')).not.toBeNull();
      expect(within(group).getByTitle('boleto.pdf')).toHaveTextContent('boleto.pdf');
      expect(within(group).getByRole('button', { name: 'Remover imagem boleto.pdf' })).toBeInTheDocument();
      expect(create).toHaveBeenCalledTimes(1);
      await expectNoA11yViolations(group);
    } finally {
      create.mockRestore();
      revoke.mockRestore();
    }
  });

  it('shows the stored attachment by name with a remove that calls back and says it goes on save', async () => {
    const onRemoved = vi.fn();
    render(
      <AtendeRoot>
        <Harness stored="contrato.pdf" onRemoved={onRemoved} />
      </AtendeRoot>,
    );
    const group = screen.getByRole('group', { name: 'Anexo' });
    expect(within(group).getByText('contrato.pdf')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Trocar imagem' })).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Remover imagem contrato.pdf' }));
    expect(onRemoved).toHaveBeenCalledTimes(1);
    expect(within(group).queryByText('contrato.pdf')).toBeNull();
    expect(within(group).getByText('O anexo será removido ao salvar.')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Escolher imagem' })).toBeInTheDocument();
  });
});

describe('AttachmentField options', () => {
  it('shows a stored image from its URL, decorative without a preview text (the name is beside it)', () => {
    const { group } = renderField({ fileName: 'logo.png', previewUrl: 'https://cdn.example/logo.png', texts: { ...texts, preview: undefined } });
    const image = group.querySelector('img')!;
    expect(image).toHaveAttribute('src', 'https://cdn.example/logo.png');
    expect(image).toHaveAttribute('alt', '');
  });

  it('says when there is no file', () => {
    renderField({ texts: { ...texts, none: 'Nenhum arquivo escolhido.' } });
    expect(screen.getByText('Nenhum arquivo escolhido.')).toBeInTheDocument();
  });

  it('shows a detail after the name', () => {
    const { group } = renderField({ fileName: 'video.mp4', detail: '1.2 MB' });
    expect(within(group).getByText('1.2 MB')).toHaveClass('atd-AttachmentField-detail');
  });

  it('read-only: the file without pick, remove or hint', () => {
    const { group } = renderField({ fileName: 'tabela.pdf', isReadOnly: true });
    expect(within(group).getByText('tabela.pdf')).toBeInTheDocument();
    expect(within(group).queryByRole('button')).toBeNull();
    expect(within(group).queryByText('PNG ou JPEG, até 16 MB.')).toBeNull();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  it('without onRemove: no remove button; with hideLabel the group keeps its name', () => {
    render(
      <AtendeRoot>
        <AttachmentField label="Arquivo 1" hideLabel fileName="foto.png" onPick={() => undefined} texts={texts} />
      </AtendeRoot>,
    );
    const group = screen.getByRole('group', { name: 'Arquivo 1' });
    expect(within(group).queryByText('Arquivo 1')).toBeNull();
    expect(within(group).queryByRole('button', { name: /^Remover/ })).toBeNull();
    expect(within(group).getByRole('button', { name: 'Trocar imagem' })).toBeInTheDocument();
  });

  it('describes the group by its error as well as its hint', () => {
    const { group } = renderField({ error: 'Escolha um arquivo' });
    expect(group).toHaveAccessibleDescription('PNG ou JPEG, até 16 MB. Escolha um arquivo');
    expect(group).toHaveAttribute('data-invalid', 'true');
  });

  it('keeps the old names as aliases', () => {
    expect(ImageAttachmentField).toBe(AttachmentField);
    expect(usePickedImage).toBe(usePickedFile);
  });
});

describe('usePickedFile', () => {
  it('makes a preview URL for the image picked and lets it go when replaced, cleared or unmounted', async () => {
    const { renderHook } = await import('@testing-library/react');
    let n = 0;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++n}`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    try {
      const { result, unmount } = renderHook(() => usePickedFile());
      expect(result.current[0]).toBeNull();
      const first = new File(['a'], 'a.png', { type: 'image/png' });
      act(() => result.current[1](first));
      expect(result.current[0]).toEqual({ file: first, url: 'blob:preview-1' });
      act(() => result.current[1](new File(['b'], 'b.png', { type: 'image/png' })));
      expect(result.current[0]?.url).toBe('blob:preview-2');
      expect(revoke).toHaveBeenCalledWith('blob:preview-1');
      act(() => result.current[1](null));
      expect(result.current[0]).toBeNull();
      expect(revoke).toHaveBeenCalledWith('blob:preview-2');
      act(() => result.current[1](first));
      unmount();
      expect(revoke).toHaveBeenCalledWith('blob:preview-3');
      expect(create).toHaveBeenCalledTimes(3);
    } finally {
      create.mockRestore();
      revoke.mockRestore();
    }
  });
});
