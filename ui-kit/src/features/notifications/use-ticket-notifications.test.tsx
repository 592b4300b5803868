import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactDto, messageDto, ticketDto } from '../../test/data-fixtures';
import { renderSignedIn } from '../../test/signed-in';
import { playChime, SOUND_THROTTLE_MS, soundThrottle, storedVolume, VOLUME_KEY } from './sound';
import { NOTIFICATIONS_ASKED_KEY, shouldNotify, useTicketNotifications, type TicketNotificationsOptions } from './use-ticket-notifications';

/** A stand-in for the browser's Notification: records what was shown, its permission settable per test. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static answer: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  });
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(
    public title: string,
    public options: NotificationOptions = {},
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
}

const TICKET = '00000000-0000-4000-8000-000000000100';

function incoming(overrides: { userId?: number | null; uuid?: string; fromMe?: boolean; action?: 'create' | 'update'; body?: string } = {}) {
  const contact = contactDto({ name: 'Maria' });
  return {
    action: overrides.action ?? 'create',
    message: messageDto({ body: overrides.body ?? 'Oi, tudo bem?', fromMe: overrides.fromMe ?? false }),
    ticket: ticketDto({ uuid: overrides.uuid ?? TICKET, userId: overrides.userId === undefined ? 7 : overrides.userId, contact }),
    contact,
  };
}

function Notifier(props: TicketNotificationsOptions) {
  useTicketNotifications(props);
  return null;
}

async function setup(props: Partial<TicketNotificationsOptions> = {}, user: Parameters<typeof renderSignedIn>[2] = {}) {
  const onOpenTicket = vi.fn();
  const playSound = vi.fn();
  const utils = renderSignedIn(<Notifier onOpenTicket={onOpenTicket} playSound={playSound} {...props} />, {}, user);
  await waitFor(() => expect(utils.socket().listeners('company-3-appMessage').length).toBeGreaterThan(0));
  return { ...utils, onOpenTicket, playSound };
}

let visibility: DocumentVisibilityState = 'visible';
let now = 1_000_000;

beforeEach(() => {
  FakeNotification.permission = 'granted';
  FakeNotification.answer = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  now += 10_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useTicketNotifications', () => {
  it("shows a desktop notification for a customer's message, with the contact and the text; a click focuses and opens the ticket", async () => {
    const { emit, onOpenTicket, playSound } = await setup({ activeTicketUuid: 'another-ticket' });
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    emit('appMessage', incoming());
    expect(FakeNotification.shown).toHaveLength(1);
    const [shown] = FakeNotification.shown;
    expect(shown.title).toBe('Mensagem de Maria');
    expect(shown.options).toMatchObject({ body: 'Oi, tudo bem?', tag: TICKET });
    expect(playSound).toHaveBeenCalledWith(1);
    shown.onclick!();
    expect(focus).toHaveBeenCalled();
    expect(onOpenTicket).toHaveBeenCalledWith(TICKET);
    expect(shown.closed).toBe(true);
  });

  it('says nothing for messages sent by the company and for updates', async () => {
    const { emit, playSound } = await setup();
    emit('appMessage', incoming({ fromMe: true }));
    emit('appMessage', incoming({ action: 'update' }));
    expect(FakeNotification.shown).toHaveLength(0);
    expect(playSound).not.toHaveBeenCalled();
  });

  it('skips the ticket open on screen while the page is visible, not when the page is hidden', async () => {
    const { emit } = await setup({ activeTicketUuid: TICKET });
    emit('appMessage', incoming());
    expect(FakeNotification.shown).toHaveLength(0);
    visibility = 'hidden';
    emit('appMessage', incoming());
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it("skips another user's tickets unless the user's allTicket is enabled; pending tickets (no user) notify", async () => {
    const plain = await setup({}, { allTicket: 'disabled' });
    plain.emit('appMessage', incoming({ userId: 8 }));
    expect(FakeNotification.shown).toHaveLength(0);
    plain.emit('appMessage', incoming({ userId: null }));
    expect(FakeNotification.shown).toHaveLength(1);
    plain.unmount();

    const all = await setup({}, { allTicket: 'enabled' });
    now += 1000;
    all.emit('appMessage', incoming({ userId: 8 }));
    expect(FakeNotification.shown).toHaveLength(2);
  });

  it('stays quiet when the app runs installed or on a small touch screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)', media: query }));
    const { emit, playSound } = await setup();
    emit('appMessage', incoming());
    expect(FakeNotification.shown).toHaveLength(0);
    expect(playSound).not.toHaveBeenCalled();
  });

  it('plays the sound at the stored volume, at most once every 500 ms, even without permission for notifications', async () => {
    localStorage.setItem(VOLUME_KEY, '0.3');
    FakeNotification.permission = 'denied';
    const { emit, playSound } = await setup();
    emit('appMessage', incoming());
    now += SOUND_THROTTLE_MS - 1;
    emit('appMessage', incoming());
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(playSound).toHaveBeenCalledWith(0.3);
    now += 1;
    emit('appMessage', incoming());
    expect(playSound).toHaveBeenCalledTimes(2);
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it("asks for permission at the user's first gesture, once, and says so when it is denied", async () => {
    FakeNotification.permission = 'default';
    FakeNotification.answer = 'denied';
    await setup();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.pointerDown(document.body);
    });
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Permissão às notificações negada!')).toBeInTheDocument();
  });

  it('does not ask again at the next login once asked on this browser', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.answer = 'denied';
    localStorage.setItem(NOTIFICATIONS_ASKED_KEY, '2026-01-01T00:00:00.000Z');
    try {
      await setup();
      await act(async () => {
        fireEvent.pointerDown(document.body);
      });
      expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
      expect(screen.queryByText('Permissão às notificações negada!')).toBeNull();
    } finally {
      localStorage.removeItem(NOTIFICATIONS_ASKED_KEY);
    }
  });

  it("closes a ticket's notification when that ticket opens", async () => {
    function Switchable(props: TicketNotificationsOptions) {
      const [active, setActive] = useState<string>();
      return (
        <>
          <button type="button" onClick={() => setActive(TICKET)}>
            open
          </button>
          <Notifier {...props} activeTicketUuid={active} />
        </>
      );
    }
    const { emit, socket } = renderSignedIn(<Switchable onOpenTicket={() => {}} playSound={() => {}} />, {});
    await waitFor(() => expect(socket().listeners('company-3-appMessage').length).toBeGreaterThan(0));
    emit('appMessage', incoming());
    const [shown] = FakeNotification.shown;
    expect(shown.closed).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(shown.closed).toBe(true);
  });
});

describe('shouldNotify', () => {
  const base = { user: { id: 7, allTicket: 'disabled' }, activeTicketUuid: null, pageVisible: true, runsAsApp: false };
  it('applies the spec exceptions', () => {
    expect(shouldNotify(incoming(), base)).toBe(true);
    expect(shouldNotify(incoming(), { ...base, runsAsApp: true })).toBe(false);
    expect(shouldNotify(incoming(), { ...base, activeTicketUuid: TICKET })).toBe(false);
    expect(shouldNotify(incoming(), { ...base, activeTicketUuid: TICKET, pageVisible: false })).toBe(true);
    expect(shouldNotify(incoming({ userId: 9 }), base)).toBe(false);
    expect(shouldNotify(incoming({ userId: 9 }), { ...base, user: { id: 7, allTicket: 'enabled' } })).toBe(true);
  });
});

describe('sound', () => {
  it('reads the stored volume, 1 by default or when the value is not a volume', () => {
    expect(storedVolume()).toBe(1);
    localStorage.setItem(VOLUME_KEY, '0.4');
    expect(storedVolume()).toBe(0.4);
    localStorage.setItem(VOLUME_KEY, '7');
    expect(storedVolume()).toBe(1);
  });

  it('throttles to one sound every 500 ms', () => {
    let at = 0;
    const mayPlay = soundThrottle(() => at);
    expect([mayPlay(), mayPlay()]).toEqual([true, false]);
    at = 499;
    expect(mayPlay()).toBe(false);
    at = 500;
    expect(mayPlay()).toBe(true);
  });

  it('makes a chime with WebAudio at the given volume, and nothing at volume 0', () => {
    const gains: number[] = [];
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createGain() {
        return {
          gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: (value: number) => gains.push(value) },
          connect: () => {},
        };
      }
      createOscillator() {
        return { type: '', frequency: { setValueAtTime: () => {} }, connect: () => {}, start: (t: number) => started.push(t), stop: () => {}, onended: null };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    playChime(0);
    expect(started).toEqual([]);
    playChime(0.5);
    expect(started).toHaveLength(2);
    expect(Math.max(...gains)).toBeCloseTo(0.2);
  });
});
