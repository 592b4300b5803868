import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AtendeShell } from '../../../shell/AtendeShell';
import { expectNoA11yViolations } from '../../../test/a11y';
import { renderSignedIn } from '../../../test/signed-in';
import { chatsApi, sampleChats } from '../story-data';
import { ChatsBell } from './ChatsBell';

const CHAT_USER = { features: { useInternalChat: true } as never };

describe('ChatsBell', () => {
  it('lists the chats with unread messages and opens the one chosen', async () => {
    const api = chatsApi();
    const onOpenChat = vi.fn();
    const { container } = renderSignedIn(<ChatsBell onOpenChat={onOpenChat} />, api.routes(), CHAT_USER);
    const list = await screen.findByRole('list', { name: 'Conversas com mensagens não lidas' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Equipe de vendas');
    expect(within(items[0]).getByText('2 não lidas')).toBeInTheDocument();
    await userEvent.setup().click(items[0]);
    expect(onOpenChat).toHaveBeenCalledWith(sampleChats[0].uuid);
    await expectNoA11yViolations(container);
  });

  it('says there is nothing unread', async () => {
    renderSignedIn(<ChatsBell onOpenChat={() => {}} />, chatsApi(sampleChats.slice(1)).routes(), CHAT_USER);
    expect(await screen.findByText('Nenhuma mensagem não lida.')).toBeInTheDocument();
  });
});

describe('the top bar chats bell and drawer dot (AtendeShell onOpenChat)', () => {
  it('counts the unread chats on the bell and the drawer dot; live from chat-user events; choosing opens the chat', async () => {
    const onOpenChat = vi.fn();
    const { emit } = renderSignedIn(<AtendeShell currentPath="/tickets" width={1300} onOpenChat={onOpenChat} />, chatsApi().routes(), CHAT_USER);
    const bell = await screen.findByRole('button', { name: /\(1\)/ });
    expect(await screen.findByRole('link', { name: 'Chat interno, mensagens não lidas' }, { timeout: 4000 })).toBeInTheDocument();
    emit(`chat-user-7`, { action: 'update', chatId: 2, unreads: 3 });
    await screen.findByRole('button', { name: /\(2\)/ });
    const user = userEvent.setup();
    await user.click(bell);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Suporte nível 2/ }));
    expect(onOpenChat).toHaveBeenCalledWith(sampleChats[1].uuid);
    emit(`chat-user-7`, { action: 'update', chatId: 1, unreads: 0 });
    emit(`chat-user-7`, { action: 'update', chatId: 2, unreads: 0 });
    await waitFor(() => expect(screen.queryByRole('button', { name: /\(\d\)/ })).toBeNull());
    expect(screen.getByRole('link', { name: 'Chat interno' })).toBeInTheDocument();
  });

  it('reads no chats without the plan flag', async () => {
    const api = chatsApi();
    renderSignedIn(<AtendeShell currentPath="/" width={1300} onOpenChat={() => {}} />, api.routes());
    await screen.findByRole('banner');
    expect(api.calls).toEqual([]);
  });
});
