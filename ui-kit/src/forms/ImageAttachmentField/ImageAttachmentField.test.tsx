import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { ImageAttachmentField, usePickedImage, type ImageAttachmentFieldProps } from './ImageAttachmentField';

const texts: ImageAttachmentFieldProps['texts'] = {
  pick: 'Escolher imagem',
  replace: 'Trocar imagem',
  remove: (name) => `Remover imagem ${name}`,
  preview: (name) => `Prévia de ${name}`,
  removed: 'A imagem será removida ao salvar.',
};

function renderField(props: Partial<ImageAttachmentFieldProps> = {}) {
  const onPick = vi.fn<ImageAttachmentFieldProps['onPick']>();
  const onRemove = vi.fn();
  render(
    <AtendeRoot>
      <ImageAttachmentField
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

describe('ImageAttachmentField', () => {
  it('with no image: a group named by its label and described by its hint, the pick button, no file; axe-clean', async () => {
    const { group } = renderField();
    expect(group).toHaveClass('atd-ImageAttachmentField');
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
    expect(group.querySelector('.atd-ImageAttachmentField-thumb')).toBeNull();
    await expectNoA11yViolations(group);
  });

  it('without a preview: a thumbnail hidden from assistive technology instead of the image', () => {
    const { group } = renderField({ fileName: 'natal.png' });
    expect(within(group).queryByRole('img')).toBeNull();
    const thumb = group.querySelector('.atd-ImageAttachmentField-thumb');
    expect(thumb).toHaveTextContent('IMG');
    expect(thumb).toHaveAttribute('aria-hidden', 'true');
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

describe('usePickedImage', () => {
  it('makes a preview URL for the image picked and lets it go when replaced, cleared or unmounted', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    let n = 0;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++n}`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    try {
      const { result, unmount } = renderHook(() => usePickedImage());
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
