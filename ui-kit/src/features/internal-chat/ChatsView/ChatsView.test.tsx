import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { ME, sampleChats, sampleMessages } from '../story-data';
import { ChatsView, OLDER_MESSAGES_THRESHOLD_PX, type ChatsViewProps } from './ChatsView';

function renderView(props: Partial<ChatsViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const handlers = {
    onSearchChange: vi.fn(),
    onOpenChat: vi.fn(),
    onNewChat: vi.fn(),
    onEditChat: vi.fn(),
    onDeleteChat: vi.fn(),
    onSend: vi.fn<ChatsViewProps['onSend']>(async () => undefined),
    onLoadOlderMessages: vi.fn(),
  };
  const utils = render(
    <AtendeRoot locale={locale}>
      <ChatsView userId={ME.id} chats={sampleChats} search="" chat={sampleChats[0]} messages={sampleMessages} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

describe('ChatsView', () => {
  it('lists the chats (title, last message, unread badge) beside the open chat; own messages apart from the others; axe-clean', async () => {
    const { container, onOpenChat } = renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat Interno' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Conversas' });
    const items = within(list).getAllByRole('button');
    expect(items[0]).toHaveTextContent('Equipe de vendas');
    expect(items[0]).toHaveTextContent('Fechamos o pedido da Loja Exemplo!');
    expect(within(items[0]).getByText('2 não lidas')).toBeInTheDocument();
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    const log = screen.getByRole('log', { name: 'Mensagens de Equipe de vendas' });
    const own = within(log).getByText('Bom dia! Como estão os pedidos de hoje?').closest('.atd-ChatsView-message')!;
    expect(own).toHaveAttribute('data-own');
    expect(within(own as HTMLElement).queryByText(ME.name)).toBeNull();
    const other = within(log).getByText('Bom dia, pessoal!').closest('.atd-ChatsView-message') as HTMLElement;
    expect(within(other).getByText('Bruno Costa')).toBeInTheDocument();
    await userEvent.setup().click(items[1]);
    expect(onOpenChat).toHaveBeenCalledWith(sampleChats[1]);
    await expectNoA11yViolations(container);
  });

  it('shows edit and delete only to the owner', async () => {
    const { unmount, onEditChat, onDeleteChat } = renderView();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Editar conversa' }));
    await user.click(screen.getByRole('button', { name: 'Excluir conversa' }));
    expect(onEditChat).toHaveBeenCalled();
    expect(onDeleteChat).toHaveBeenCalled();
    unmount();
    renderView({ chat: sampleChats[1] });
    expect(screen.queryByRole('button', { name: 'Editar conversa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir conversa' })).toBeNull();
  });

  it('sends with Enter (trimmed), breaks the line with Shift+Enter, and sends nothing blank', async () => {
    const { onSend } = renderView();
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Mensagem' });
    await user.type(input, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '  Olá{Shift>}{Enter}{/Shift}mundo  {Enter}');
    expect(onSend).toHaveBeenCalledWith('Olá\nmundo');
    expect(input).toHaveValue('');
  });

  it('asks for older messages once scrolled under 600 px from the top (at once when the messages are too short to scroll)', () => {
    const { onLoadOlderMessages } = renderView({ hasOlderMessages: true });
    // jsdom lays nothing out: the log cannot scroll, so the first page is too short and the next is asked for.
    expect(onLoadOlderMessages).toHaveBeenCalledTimes(1);
    const log = screen.getByRole('log', { name: /^Mensagens de/ });
    Object.defineProperty(log, 'scrollTop', { value: OLDER_MESSAGES_THRESHOLD_PX + 50, configurable: true });
    fireEvent.scroll(log);
    expect(onLoadOlderMessages).toHaveBeenCalledTimes(1);
    Object.defineProperty(log, 'scrollTop', { value: OLDER_MESSAGES_THRESHOLD_PX - 50, configurable: true });
    fireEvent.scroll(log);
    expect(onLoadOlderMessages).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing while older messages load or when none is left', () => {
    const { onLoadOlderMessages } = renderView({ hasOlderMessages: true, messagesLoading: true });
    fireEvent.scroll(screen.getByRole('log', { name: /^Mensagens de/ }));
    expect(onLoadOlderMessages).not.toHaveBeenCalled();
    expect(screen.getByText('Carregando mensagens anteriores…')).toBeInTheDocument();
  });

  it("uses the tabs 'Chats' and 'Mensagens' on narrow screens; opening a chat shows its messages", async () => {
    const { container, rerender } = renderView({ narrow: true, chat: null, messages: [] });
    expect(screen.getByRole('tab', { name: 'Chats', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Conversas' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
    rerender(
      <AtendeRoot locale="pt">
        <ChatsView
          userId={ME.id}
          chats={sampleChats}
          search=""
          chat={sampleChats[0]}
          messages={sampleMessages}
          narrow
          onSearchChange={vi.fn()}
          onOpenChat={vi.fn()}
          onNewChat={vi.fn()}
          onEditChat={vi.fn()}
          onDeleteChat={vi.fn()}
          onSend={vi.fn()}
        />
      </AtendeRoot>,
    );
    expect(screen.getByRole('tab', { name: 'Mensagens', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Mensagens de Equipe de vendas' })).toBeInTheDocument();
  });

  it('has empty states: no chats, nothing open, a chat one cannot see; and English texts', () => {
    const { unmount } = renderView({ chats: [], chat: null, messages: [] });
    expect(screen.getByText('Nenhuma conversa')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma conversa aberta')).toBeInTheDocument();
    unmount();
    renderView({ chat: null, notFound: true, messages: [] }, 'en');
    expect(screen.getByText('This chat does not exist or you are not a member.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Internal chat' })).toBeInTheDocument();
  });
});
