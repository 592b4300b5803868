import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { renderSignedIn } from '../../../test/signed-in';
import { BRUNO, chatsApi, messageDto, sampleChats } from '../story-data';
import { Chats } from './Chats';

configure({ asyncUtilTimeout: 5000 });

const CHAT_USER = { features: { useInternalChat: true } as never };

function renderChats(chatUuid: string | undefined = sampleChats[0].uuid) {
  const api = chatsApi();
  const onOpenChat = vi.fn();
  const onNavigate = vi.fn();
  const utils = renderSignedIn(<Chats chatUuid={chatUuid} onOpenChat={onOpenChat} onNavigate={onNavigate} narrow={false} />, api.routes(), CHAT_USER);
  return { ...utils, chatsApi: api, onOpenChat, onNavigate };
}

describe('Chats (connected)', () => {
  it('opens the chat of the address, marks it read, shows its messages and appends new ones live; axe-clean', async () => {
    const { container, chatsApi: api, emit } = renderChats();
    const log = await screen.findByRole('log', { name: 'Mensagens de Equipe de vendas' });
    expect(await within(log).findByText('Bom dia, pessoal!')).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toContain('POST /chats/1/read'));
    await waitFor(() => expect(screen.queryByText('2 não lidas')).toBeNull());
    const incoming = messageDto({ id: 50, chatId: 1, senderId: BRUNO.id, message: 'Chegou agora' });
    emit('chat-1', { action: 'new-message', newMessage: incoming, chat: { ...sampleChats[0], lastMessage: 'Chegou agora' } });
    expect(await within(log).findByText('Chegou agora')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('sends a message with Enter', async () => {
    const { chatsApi: api } = renderChats();
    const log = await screen.findByRole('log', { name: 'Mensagens de Equipe de vendas' });
    await within(log).findByText('Bom dia, pessoal!');
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Tudo certo{Enter}');
    expect(await within(log).findByText('Tudo certo')).toBeInTheDocument();
    expect(api.messages.at(-1)?.message).toBe('Tudo certo');
  });

  it('creates a chat in the dialog and opens it', async () => {
    const { onOpenChat, chatsApi: api } = renderChats(undefined);
    const user = userEvent.setup();
    await screen.findByText('Nenhuma conversa aberta');
    await user.click(screen.getByRole('button', { name: 'Nova conversa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova conversa' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), 'Financeiro');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Bruno Costa' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Ana Lima' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onOpenChat).toHaveBeenCalledWith(api.chats.at(-1)!.uuid));
    expect(api.chats.at(-1)).toMatchObject({ title: 'Financeiro' });
  });

  it('deletes (owner, confirmed) and goes back to /chats', async () => {
    const { onNavigate, emit, chatsApi: api } = renderChats();
    const user = userEvent.setup();
    await screen.findByRole('log', { name: 'Mensagens de Equipe de vendas' });
    await user.click(screen.getByRole('button', { name: 'Excluir conversa' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Excluir conversa' }));
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/chats'));
    expect(api.chats.some((c) => c.id === 1)).toBe(false);
    // A delete of another chat changes nothing here.
    emit('chat', { action: 'delete', id: 3 });
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('empties the panel and goes back to /chats when the open chat is deleted remotely', async () => {
    const { onNavigate, emit } = renderChats(sampleChats[1].uuid);
    await screen.findByRole('log', { name: 'Mensagens de Suporte nível 2' });
    emit('chat', { action: 'delete', id: 2 });
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/chats'));
    await waitFor(() => expect(screen.queryByRole('log', { name: /Mensagens de/ })).toBeNull());
  });

  it('says so when the address names a chat the user cannot see', async () => {
    renderChats('00000000-0000-4000-8000-999999999999');
    expect(await screen.findByText('Esta conversa não existe ou você não participa dela.')).toBeInTheDocument();
  });
});
