import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messageDto } from '../../../test/data-fixtures';
import { setupChatLayout } from '../chat-test-utils';
import { MessagesListView } from '../MessagesListView/MessagesListView';

setupChatLayout();

const messages = Array.from({ length: 13 }, (_, i) =>
  messageDto({
    id: String(i + 1),
    body: i === 4 ? 'veja https://atende.example' : `mensagem ${i + 1}`,
    fromMe: i % 2 === 1,
    createdAt: new Date(2026, 2, 10, 9, i).toISOString(),
    isEdited: i === 6,
  }),
);

function renderHistory() {
  return render(
    <>
      <button type="button">antes</button>
      <MessagesListView
        messages={messages}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={vi.fn()}
        canEdit={() => true}
        onReply={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onQuotedPress={vi.fn()}
        audioRate={1}
        onAudioRateChange={vi.fn()}
        now={new Date(2026, 2, 10, 15)}
      />
      <textarea aria-label="composer" />
    </>,
  );
}

describe('the history as one Tab stop', () => {
  it('takes one Tab however many messages (and links, menus, edited marks) it shows', async () => {
    renderHistory();
    const history = screen.getByRole('log');
    await waitFor(() => expect(history.querySelectorAll('.atd-Message').length).toBeGreaterThan(5));
    await waitFor(() => expect(history.querySelectorAll('button:not([tabindex="-1"]), a:not([tabindex="-1"])')).toHaveLength(0));
    screen.getByRole('button', { name: 'antes' }).focus();
    await userEvent.tab();
    expect(history).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'composer' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(history).toHaveFocus();
  });

  it('moves among messages with the arrows, and into a message’s options with Enter', async () => {
    renderHistory();
    const history = screen.getByRole('log');
    await waitFor(() => expect(history.querySelectorAll('.atd-Message').length).toBeGreaterThan(5));
    act(() => history.focus());
    await userEvent.keyboard('{ArrowUp}');
    const first = document.activeElement as HTMLElement;
    expect(first).toHaveClass('atd-Message');
    await userEvent.keyboard('{ArrowUp}');
    const second = document.activeElement as HTMLElement;
    expect(second).toHaveClass('atd-Message');
    expect(second).not.toBe(first);
    await userEvent.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toHaveAccessibleName('Opções da mensagem');
    expect(first.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(first).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toHaveAttribute('data-message-id', history.querySelector('.atd-Message')?.getAttribute('data-message-id'));
  });
});
