import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { messageDto } from '../../../test/data-fixtures';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { ComposerView, type ComposerViewProps } from './ComposerView';
import type { QuickMessage } from './quick-replies';

// A stand-in for the lazily imported emoji picker: one emoji button, and the theme it was given.
vi.mock('emoji-picker-react', () => ({
  default: ({ theme, onEmojiClick }: { theme: string; onEmojiClick: (emoji: { emoji: string }) => void }) => (
    <div data-testid="emoji-picker" data-theme={theme}>
      <button type="button" onClick={() => onEmojiClick({ emoji: '😀' })}>
        grinning
      </button>
    </div>
  ),
}));

function quick(id: number, shortcode: string, message: string, extra: Partial<QuickMessage> = {}): QuickMessage {
  return {
    id,
    shortcode,
    message,
    geral: true,
    mediaPath: null,
    mediaName: null,
    isMedia: false,
    userId: null,
    companyId: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

function renderComposer(props: Partial<ComposerViewProps> = {}) {
  const handlers = {
    onSendText: vi.fn<ComposerViewProps['onSendText']>(),
    onSendFiles: vi.fn<ComposerViewProps['onSendFiles']>(),
    onSendVoice: vi.fn<ComposerViewProps['onSendVoice']>(),
    onCancelReply: vi.fn(),
    onCancelEdit: vi.fn(),
  };
  const utils = render(
    <AtendeRoot>
      <ComposerView enterSends {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers, input: () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Mensagem|legenda/ }) };
}

describe('ComposerView: text', () => {
  it('sends the text with Enter, breaks the line with Shift+Enter, ignores blank text, and is axe-clean', async () => {
    const { input, onSendText, container } = renderComposer();
    await expectNoA11yViolations(container);
    await userEvent.type(input(), '   {Enter}');
    expect(onSendText).not.toHaveBeenCalled();
    await userEvent.clear(input());
    await userEvent.type(input(), 'Olá{Shift>}{Enter}{/Shift}tudo bem?');
    expect(input().value).toBe('Olá\ntudo bem?');
    expect(onSendText).not.toHaveBeenCalled();
    await userEvent.type(input(), '{Enter}');
    expect(onSendText).toHaveBeenCalledWith('Olá\ntudo bem?');
    await waitFor(() => expect(input().value).toBe(''));
  });

  it('sends with the send button, and keeps the text when the send fails', async () => {
    const { input, onSendText } = renderComposer();
    onSendText.mockRejectedValueOnce(new Error('ERR_SENDING_WAPP_MSG'));
    await userEvent.type(input(), 'Oi');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(onSendText).toHaveBeenCalledWith('Oi');
    expect(input().value).toBe('Oi');
  });

  it('empties the box at once, so the next message can be typed while one is sending; a late failure keeps what was typed since', async () => {
    const { input, onSendText } = renderComposer();
    let fail: (err: Error) => void = () => {};
    onSendText.mockImplementationOnce(() => new Promise<void>((_, reject) => (fail = reject)));
    await userEvent.type(input(), 'Primeira{Enter}');
    expect(input().value).toBe('');
    await userEvent.type(input(), 'Segunda');
    await act(async () => fail(new Error('ERR_SENDING_WAPP_MSG')));
    expect(input().value).toBe('Segunda');
    await userEvent.type(input(), '{Enter}');
    expect(onSendText).toHaveBeenLastCalledWith('Segunda');
  });

  it('on a touch device Enter breaks the line instead of sending', async () => {
    const { input, onSendText } = renderComposer({ enterSends: false });
    await userEvent.type(input(), 'a{Enter}b');
    expect(input().value).toBe('a\nb');
    expect(onSendText).not.toHaveBeenCalled();
  });

  it('when disabled says why and offers nothing to send', async () => {
    const { input, container } = renderComposer({ disabledReason: 'Aceite o atendimento para enviar mensagens.' });
    expect(input()).toBeDisabled();
    expect(input()).toHaveAccessibleDescription('Aceite o atendimento para enviar mensagens.');
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Gravar áudio' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Inserir emoji' })).toBeDisabled();
    await expectNoA11yViolations(container);
  });
});

describe('ComposerView: reply and edit modes', () => {
  it('reply mode shows the quoted message with a cancel button (Escape cancels too)', async () => {
    const replyTo = messageDto({ id: '9', body: 'linha 1\nlinha 2\nlinha 3\nlinha 4', fromMe: false });
    const { onCancelReply, input, container } = renderComposer({ replyTo });
    expect(screen.getByText('Respondendo ao contato')).toBeInTheDocument();
    expect(container.querySelector('.atd-Composer-quoteBody')?.textContent).toBe(replyTo.body);
    await expectNoA11yViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar resposta' }));
    expect(onCancelReply).toHaveBeenCalledTimes(1);
    await userEvent.type(input(), '{Escape}');
    expect(onCancelReply).toHaveBeenCalledTimes(2);
  });

  it('a quoted media message without text shows its kind', () => {
    renderComposer({ replyTo: messageDto({ body: '', mediaType: 'image', fromMe: true }) });
    expect(screen.getByText('Respondendo à sua mensagem')).toBeInTheDocument();
    expect(screen.getByText('Imagem')).toBeInTheDocument();
  });

  it('edit mode starts with the message text, saves the new text and offers no attachments', async () => {
    const editing = messageDto({ id: '5', body: 'Texto antigo', fromMe: true });
    const { input, onSendText, onCancelEdit } = renderComposer({ editing });
    expect(screen.getByText('Editando mensagem')).toBeInTheDocument();
    expect(input().value).toBe('Texto antigo');
    expect(screen.queryByRole('button', { name: 'Anexar arquivo' })).not.toBeInTheDocument();
    await userEvent.clear(input());
    await userEvent.type(input(), 'Texto novo{Enter}');
    expect(onSendText).toHaveBeenCalledWith('Texto novo');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar edição' }));
    expect(onCancelEdit).toHaveBeenCalled();
  });
});

describe('ComposerView: quick replies', () => {
  const quickMessages = [
    quick(1, 'bomdia', 'Bom dia! Como posso ajudar você hoje com o seu pedido?'),
    quick(2, 'boleto', 'Segue o boleto', { isMedia: true, mediaName: 'boleto.pdf', mediaPath: 'x.pdf' }),
    quick(3, 'tchau', 'Até logo'),
  ];

  it('appear after / and one more character, with labels cut at 35 characters', async () => {
    const { input, container } = renderComposer({ quickMessages });
    await userEvent.type(input(), '/');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(input(), 'bo');
    const options = within(screen.getByRole('listbox', { name: 'Respostas rápidas' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['/bomdia - Bom dia! Como posso ajuda...', '/boleto - Segue o boleto']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await expectNoA11yViolations(container);
  });

  it('arrow keys and Enter pick one: its text replaces the shortcut and nothing is sent', async () => {
    const { input, onSendText } = renderComposer({ quickMessages });
    await userEvent.type(input(), '/bo{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1].id);
    await userEvent.type(input(), '{ArrowDown}{ArrowDown}{Enter}');
    expect(input().value).toBe('Segue o boleto');
    expect(onSendText).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Without a loader (a host that gives none) the attachment cannot come along: the attendant is told.
    expect(screen.getByRole('status')).toHaveTextContent('Não foi possível carregar o anexo "boleto.pdf" desta resposta rápida');
  });

  it('shows the variables filled and the attachment among the files; Enter sends both, the text as its caption', async () => {
    const pdf = new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' });
    let release: (file: File) => void = () => undefined;
    const loadQuickReplyMedia = vi.fn(() => new Promise<File>((resolve) => (release = resolve)));
    const fillVariables = (text: string) => text.replace('{{name}}', 'Maria');
    const { input, onSendFiles, onSendText, container } = renderComposer({
      quickMessages: [quick(2, 'boleto', 'Segue o boleto, {{name}}', { isMedia: true, mediaName: 'boleto.pdf', mediaPath: 'qm2-x.pdf' })],
      fillVariables,
      loadQuickReplyMedia,
    });
    await userEvent.type(input(), '/bol{Enter}');
    expect(input().value).toBe('Segue o boleto, Maria');
    expect(loadQuickReplyMedia).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    // Until the file is there nothing goes.
    expect(screen.getByRole('status')).toHaveTextContent('Carregando o anexo da resposta rápida…');
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
    await userEvent.type(input(), '{Enter}');
    expect(onSendText).not.toHaveBeenCalled();
    await act(async () => release(pdf));
    const list = screen.getByRole('list', { name: 'Arquivos para enviar' });
    expect(within(list).getByText('boleto.pdf')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Adicione uma legenda (opcional)' })).toHaveValue('Segue o boleto, Maria');
    await expectNoA11yViolations(container);
    await userEvent.type(input(), '{Enter}');
    expect(onSendFiles).toHaveBeenCalledWith([pdf], 'Segue o boleto, Maria');
    expect(onSendText).not.toHaveBeenCalled();
  });

  it('keeps the text and says so when the attachment cannot be loaded', async () => {
    const { input } = renderComposer({
      quickMessages: [quick(2, 'boleto', 'Segue o boleto', { isMedia: true, mediaName: 'boleto.pdf', mediaPath: 'qm2-x.pdf' })],
      loadQuickReplyMedia: () => Promise.reject(new Error('404')),
    });
    await userEvent.type(input(), '/bol{Enter}');
    expect(await screen.findByText(/Não foi possível carregar o anexo "boleto.pdf"/)).toBeInTheDocument();
    expect(input().value).toBe('Segue o boleto');
    expect(screen.queryByRole('list', { name: 'Arquivos para enviar' })).not.toBeInTheDocument();
  });

  it('a click picks one; Escape closes the list', async () => {
    const { input } = renderComposer({ quickMessages });
    await userEvent.type(input(), '/tc');
    await userEvent.type(input(), '{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(input(), 'h');
    await userEvent.click(screen.getByRole('option', { name: '/tchau - Até logo' }));
    expect(input().value).toBe('Até logo');
  });
});

describe('ComposerView: attachments', () => {
  const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type=file]')!;

  it('shows the picked files with name and size; cancel drops them', async () => {
    const { container } = renderComposer();
    const pdf = new File(['x'.repeat(2048)], 'contrato.pdf', { type: 'application/pdf' });
    await userEvent.upload(fileInput(container), pdf);
    const list = screen.getByRole('list', { name: 'Arquivos para enviar' });
    expect(within(list).getByText('contrato.pdf')).toBeInTheDocument();
    expect(within(list).getByText('2 KB')).toBeInTheDocument();
    await expectNoA11yViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar envio dos arquivos' }));
    expect(screen.queryByRole('list', { name: 'Arquivos para enviar' })).not.toBeInTheDocument();
  });

  it('sends the files with the typed caption; one can be removed first', async () => {
    const { container, onSendFiles, input } = renderComposer();
    const photo = new File(['img'], 'foto.png', { type: 'image/png' });
    const doc = new File(['doc'], 'nota.txt', { type: 'text/plain' });
    await userEvent.upload(fileInput(container), [photo, doc]);
    await userEvent.click(screen.getByRole('button', { name: 'Remover nota.txt' }));
    await userEvent.type(input(), 'Veja a foto');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
    expect(onSendFiles).toHaveBeenCalledWith([photo], 'Veja a foto');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Arquivos para enviar' })).not.toBeInTheDocument());
    expect(input().value).toBe('');
  });

  it('Enter sends the files too, and more than 5 are refused with a note', async () => {
    const { container, onSendFiles, input } = renderComposer();
    const many = Array.from({ length: 6 }, (_, i) => new File([String(i)], `f${i}.txt`, { type: 'text/plain' }));
    await userEvent.upload(fileInput(container), many);
    expect(screen.getByRole('status')).toHaveTextContent('Envie no máximo 5 arquivos de uma vez.');
    expect(within(screen.getByRole('list', { name: 'Arquivos para enviar' })).getAllByRole('listitem')).toHaveLength(5);
    await userEvent.type(input(), '{Enter}');
    expect(onSendFiles).toHaveBeenCalledWith(many.slice(0, 5), '');
  });
});

describe('ComposerView: emoji', () => {
  it('opens the picker in the kit theme and inserts the emoji at the cursor', async () => {
    const { input } = renderComposer({ theme: 'dark' });
    await userEvent.type(input(), 'Oi tudo');
    input().setSelectionRange(2, 2);
    await userEvent.click(screen.getByRole('button', { name: 'Inserir emoji' }));
    const picker = await screen.findByTestId('emoji-picker');
    expect(picker).toHaveAttribute('data-theme', 'dark');
    await userEvent.click(within(picker).getByRole('button', { name: 'grinning' }));
    expect(input().value).toBe('Oi😀 tudo');
  });

  it('is imported lazily, never statically (it stays out of the main bundle)', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    for (const file of ['ComposerView.tsx', 'EmojiPopover.tsx', '../Composer/Composer.tsx']) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source).not.toMatch(/^import [^;]*from 'emoji-picker-react';/m);
    }
    // The popover loads on the emoji button's first press, the picker with its panel (texts, the system's emoji check)
    // once the popover shows, each a chunk of its own.
    const composer = readFileSync(join(dir, 'ComposerView.tsx'), 'utf8');
    expect(composer).toContain("lazyOverlay(() => import('./EmojiPopover')");
    expect(composer).not.toMatch(/^import [^;]*from '\.\/(EmojiPopover|EmojiPickerPanel)';/m);
    const popover = readFileSync(join(dir, 'EmojiPopover.tsx'), 'utf8');
    expect(popover).toContain("lazy(() => import('./EmojiPickerPanel'))");
    expect(popover).not.toMatch(/^import [^;]*from '\.\/EmojiPickerPanel';/m);
  });
});

describe('ComposerView: voice notes', () => {
  let recordedBytes = 20_000;
  const tracks = { stop: vi.fn() };

  class FakeRecorder {
    static isTypeSupported = (type: string) => type.startsWith('audio/ogg');
    state: 'inactive' | 'recording' = 'inactive';
    mimeType: string;
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    constructor(_stream: unknown, options?: { mimeType?: string }) {
      this.mimeType = options?.mimeType ?? '';
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob([new Uint8Array(recordedBytes)], { type: 'audio/ogg;codecs=opus' }) });
      this.onstop?.();
    }
  }

  const withMicrophone = (getUserMedia: () => Promise<unknown>) => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  };

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    vi.useRealTimers();
  });

  it('records after asking for the microphone, shows the time, and sends an Ogg voice note', async () => {
    recordedBytes = 20_000;
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [tracks] }));
    withMicrophone(getUserMedia);
    const { onSendVoice, container } = renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    const group = await screen.findByRole('group', { name: 'Gravando áudio' });
    expect(within(group).getByRole('timer', { name: 'Tempo de gravação' })).toHaveTextContent('0:00');
    await expectNoA11yViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar áudio' }));
    await waitFor(() => expect(onSendVoice).toHaveBeenCalledTimes(1));
    const file = onSendVoice.mock.calls[0][0];
    expect(file.name).toMatch(/^audio-\d+\.ogg$/);
    expect(file.type).toBe('audio/ogg');
    expect(file.size).toBe(20_000);
    expect(tracks.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Gravar áudio' })).toBeInTheDocument();
  });

  it('counts the seconds while recording', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    withMicrophone(async () => ({ getTracks: () => [tracks] }));
    renderComposer();
    fireEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    await screen.findByRole('timer');
    await act(async () => {
      vi.advanceTimersByTime(65_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('1:05');
  });

  it('discards a recording under 10000 bytes with a note; cancel sends nothing', async () => {
    recordedBytes = 9_999;
    withMicrophone(async () => ({ getTracks: () => [tracks] }));
    const { onSendVoice } = renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar áudio' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Gravação muito curta: o áudio foi descartado.');
    await userEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar gravação' }));
    expect(screen.getByRole('button', { name: 'Gravar áudio' })).toBeInTheDocument();
    expect(onSendVoice).not.toHaveBeenCalled();
  });

  it('says so when the microphone is refused, missing, or recording is not possible', async () => {
    withMicrophone(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const { unmount } = renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Permissão ao microfone negada.');
    unmount();

    withMicrophone(async () => {
      throw new DOMException('none', 'NotFoundError');
    });
    const second = renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nenhum microfone encontrado.');
    second.unmount();

    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Este navegador não permite gravar áudio.');
  });
});
