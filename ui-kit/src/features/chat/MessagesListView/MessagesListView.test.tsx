import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { messageDto } from '../../../test/data-fixtures';
import { conversation, setupChatLayout } from '../chat-test-utils';
import { MediaLoaderContext } from '../media';
import type { Message } from '../message-format';
import { MessagesListView, type MessagesListViewProps } from './MessagesListView';

setupChatLayout();

const NOW = new Date('2026-03-10T15:00:00');

function renderView(messages: Message[], props: Partial<MessagesListViewProps> = {}) {
  const handlers = {
    onLoadOlder: vi.fn(),
    onReply: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onQuotedPress: vi.fn(),
    onAudioRateChange: vi.fn(),
  };
  const utils = render(
    <MessagesListView messages={messages} hasOlder={false} loadingOlder={false} canEdit={() => false} audioRate={1} now={NOW} {...handlers} {...props} />,
  );
  return { ...utils, ...handlers };
}

const at = (local: string) => new Date(local).toISOString();

describe('MessagesListView', () => {
  it('shows the placeholder of an empty chat', async () => {
    const { container } = renderView([]);
    expect(screen.getByText('Diga olá para seu novo contato!')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('separates days: Hoje, Ontem, then the date', async () => {
    const { container } = renderView([
      messageDto({ id: '1', body: 'antes', createdAt: at('2026-03-01T10:00:00') }),
      messageDto({ id: '2', body: 'ontem', createdAt: at('2026-03-09T10:00:00') }),
      messageDto({ id: '3', body: 'hoje cedo', createdAt: at('2026-03-10T08:00:00') }),
      messageDto({ id: '4', body: 'hoje', createdAt: at('2026-03-10T09:00:00') }),
    ]);
    const separators = screen.getAllByRole('separator').map((s) => s.getAttribute('aria-label'));
    expect(separators).toEqual(['01/03/2026', 'Ontem', 'Hoje']);
    expect(screen.getByText('hoje cedo')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('puts a ticket-change separator between messages of two tickets of the contact', () => {
    renderView([
      messageDto({ id: '1', ticketId: 7, body: 'velho', createdAt: at('2026-03-10T08:00:00') }),
      messageDto({ id: '2', ticketId: 9, body: 'novo', createdAt: at('2026-03-10T09:00:00') }),
    ]);
    expect(screen.getByText('Ticket: 7 encerrado em 10/03/2026, 08:00')).toBeInTheDocument();
    expect(screen.getByText('Ticket: 9 iniciado em 10/03/2026, 09:00')).toBeInTheDocument();
  });

  it('shows each ack of a sent message by its name, read and played in the read colour, failed with its error', () => {
    const acks = [-1, 0, 1, 2, 3, 4, 5];
    renderView(acks.map((ack, i) => messageDto({ id: String(i + 1), fromMe: true, ack, sendError: ack < 0 ? 'ERR_SENDING_WAPP_MSG' : null })));
    const labels = screen.getAllByRole('img').map((img) => [img.getAttribute('aria-label'), img.getAttribute('data-ack')]);
    expect(labels).toEqual([
      ['Falha no envio: Erro ao enviar mensagem do WhatsApp. Verifique a página de conexões.', 'failed'],
      ['Aguardando envio', 'pending'],
      ['Enviada', 'sent'],
      ['Enviada', 'sent'],
      ['Entregue', 'delivered'],
      ['Lida', 'read'],
      ['Reproduzida', 'played'],
    ]);
  });

  it('shows no ack on a received message', () => {
    renderView([messageDto({ id: '1', fromMe: false, ack: 3 })]);
    expect(screen.queryByRole('img', { name: 'Entregue' })).not.toBeInTheDocument();
  });

  it('marks a deleted message, without its options', () => {
    renderView([messageDto({ id: '1', body: '', isDeleted: true, fromMe: true })]);
    expect(screen.getByText('Esta mensagem foi apagada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opções da mensagem' })).not.toBeInTheDocument();
  });

  it('marks an edited message; the mark opens its edit history', async () => {
    renderView([
      messageDto({
        id: '1',
        body: 'versão 3',
        isEdited: true,
        oldMessages: [
          { body: 'versão 1', editedAt: at('2026-03-10T08:01:00') },
          { body: 'versão 2', editedAt: at('2026-03-10T08:02:00') },
        ],
      }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Ver histórico de edições' }));
    const dialog = await screen.findByRole('dialog', { name: 'Histórico de edições' });
    const versions = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(versions).toEqual(['Versão atualversão 3', 'Editada em 10/03/2026, 08:02versão 2', 'Editada em 10/03/2026, 08:01versão 1']);
    await expectNoA11yViolations(dialog);
  });

  it('shows the quoted message; pressing it asks to jump there', async () => {
    const { onQuotedPress, container } = renderView([
      messageDto({ id: '5', body: 'resposta', quotedMsg: { id: '2', body: 'pergunta original', fromMe: true, mediaType: 'chat', mediaUrl: null } }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: /Ir para a mensagem respondida.*pergunta original/ }));
    expect(onQuotedPress).toHaveBeenCalledWith('2');
    await expectNoA11yViolations(container);
  });

  it('offers reply on every message, edit and delete only where canEdit allows', async () => {
    const own = messageDto({ id: '1', body: 'minha', fromMe: true });
    const theirs = messageDto({ id: '2', body: 'deles' });
    const { onReply, onEdit, onDelete } = renderView([own, theirs], { canEdit: (m) => m.id === '1' });
    const [ownMenu, theirMenu] = screen.getAllByRole('button', { name: 'Opções da mensagem' });

    await userEvent.click(theirMenu);
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Responder']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Responder' }));
    expect(onReply).toHaveBeenCalledWith(theirs);

    await userEvent.click(ownMenu);
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Responder', 'Editar', 'Apagar']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledWith(own);
    await userEvent.click(ownMenu);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Apagar' }));
    expect(onDelete).toHaveBeenCalledWith(own);
  });

  it('asks for older messages when scrolled within 50 px of the top, once, after 500 ms', () => {
    vi.useFakeTimers();
    try {
      const { onLoadOlder } = renderView(conversation(40), { hasOlder: true });
      const log = screen.getByRole('log', { name: 'Histórico de mensagens' });
      log.scrollTop = 200;
      fireEvent.scroll(log);
      act(() => {
        vi.advanceTimersByTime(600);
      });
      expect(onLoadOlder).not.toHaveBeenCalled();

      log.scrollTop = 30;
      fireEvent.scroll(log);
      act(() => {
        vi.advanceTimersByTime(300);
      });
      fireEvent.scroll(log);
      act(() => {
        vi.advanceTimersByTime(499);
      });
      expect(onLoadOlder).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(onLoadOlder).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not ask for older messages when there are none, or while a page loads', () => {
    vi.useFakeTimers();
    try {
      const none = renderView(conversation(40), { hasOlder: false });
      const log = screen.getByRole('log');
      log.scrollTop = 0;
      fireEvent.scroll(log);
      act(() => {
        vi.advanceTimersByTime(600);
      });
      expect(none.onLoadOlder).not.toHaveBeenCalled();
      none.unmount();

      const busy = renderView(conversation(40), { hasOlder: true, loadingOlder: true });
      const log2 = screen.getByRole('log');
      log2.scrollTop = 0;
      fireEvent.scroll(log2);
      act(() => {
        vi.advanceTimersByTime(600);
      });
      expect(busy.onLoadOlder).not.toHaveBeenCalled();
      expect(screen.getByRole('progressbar', { name: 'Carregando mensagens anteriores' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders only a window of a long history (5,000 messages) and opens at the newest', () => {
    renderView(conversation(5000));
    const rendered = screen.getAllByText(/^Mensagem \d+$/);
    expect(rendered.length).toBeLessThan(60);
    expect(screen.getByText('Mensagem 5000')).toBeInTheDocument();
    expect(screen.queryByText('Mensagem 1')).not.toBeInTheDocument();
  });

  it('shows a location with its name, address and a map link', () => {
    renderView([
      messageDto({
        id: '1',
        mediaType: 'locationMessage',
        body: '',
        dataJson: { degreesLatitude: -23.55, degreesLongitude: -46.63, name: 'Escritório', address: 'Av. Paulista, 1000' },
      }),
    ]);
    expect(screen.getByText('Escritório')).toBeInTheDocument();
    expect(screen.getByText('Av. Paulista, 1000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir no mapa' })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=-23.55,-46.63');
  });

  it('shows a contact card whose viewer lists the vCard contacts', async () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João da Silva\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
    renderView([messageDto({ id: '1', mediaType: 'contactMessage', body: 'João da Silva', dataJson: { vcard } })]);
    expect(screen.getByText('João da Silva')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver contato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contato' });
    expect(within(dialog).getByRole('link', { name: '5511988887777' })).toHaveAttribute('href', 'tel:+5511988887777');
    await expectNoA11yViolations(dialog);
  });

  it('loads an image through the media loader when shown, as an object URL revoked when it goes', async () => {
    const load = vi.fn(async () => new Blob(['png'], { type: 'image/png' }));
    const ui = (messages: Message[]) => (
      <MediaLoaderContext.Provider value={load}>
        <MessagesListView
          messages={messages}
          hasOlder={false}
          loadingOlder={false}
          onLoadOlder={vi.fn()}
          canEdit={() => false}
          onReply={vi.fn()}
          onEdit={vi.fn()}
          onDelete={vi.fn()}
          onQuotedPress={vi.fn()}
          audioRate={1}
          onAudioRateChange={vi.fn()}
          now={NOW}
        />
      </MediaLoaderContext.Provider>
    );
    const image = messageDto({ id: '9', mediaType: 'image', body: 'foto do produto', mediaUrl: '/messages/media/9' });
    const { rerender, container } = render(ui([image]));
    const img = await screen.findByRole('img', { name: 'foto do produto' });
    expect(load).toHaveBeenCalledWith('/messages/media/9');
    expect(img.getAttribute('src')).toMatch(/^blob:test\//);
    await expectNoA11yViolations(container);

    rerender(ui([]));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(img.getAttribute('src'));
  });

  it('shows a document by its file name with a download button', () => {
    renderView([messageDto({ id: '3', mediaType: 'application', body: '', mediaName: 'contrato.pdf', mediaUrl: '/messages/media/3' })]);
    expect(screen.getByText('contrato.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar contrato.pdf' })).toBeEnabled();
  });
});
