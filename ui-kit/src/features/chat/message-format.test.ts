import { describe, expect, it } from 'vitest';
import { messageDto } from '../../test/data-fixtures';
import { ackState, contactsOf, historyRows, locationOf, parseVcards, relativeDay, waveformOf, WAVEFORM_BARS } from './message-format';

const at = (local: string) => new Date(local).toISOString();

describe('historyRows', () => {
  it('puts a day separator before the first message of each day and a ticket separator where the ticket changes', () => {
    const rows = historyRows([
      messageDto({ id: '1', ticketId: 1, createdAt: at('2026-03-09T23:59:00') }),
      messageDto({ id: '2', ticketId: 1, createdAt: at('2026-03-10T00:01:00') }),
      messageDto({ id: '3', ticketId: 2, createdAt: at('2026-03-10T10:00:00') }),
      messageDto({ id: '4', ticketId: 2, createdAt: at('2026-03-10T10:05:00') }),
    ]);
    expect(rows.map((r) => (r.kind === 'message' ? r.message.id : r.kind === 'ticket' ? `ticket ${r.closedId}->${r.startedId}` : 'day'))).toEqual([
      'day',
      '1',
      'day',
      '2',
      'ticket 1->2',
      '3',
      '4',
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('is empty without messages', () => {
    expect(historyRows([])).toEqual([]);
  });
});

describe('relativeDay', () => {
  const now = new Date('2026-03-01T08:00:00');
  it('answers today, yesterday (across a month) or null', () => {
    expect(relativeDay(new Date('2026-03-01T00:00:00'), now)).toBe('today');
    expect(relativeDay(new Date('2026-02-28T23:00:00'), now)).toBe('yesterday');
    expect(relativeDay(new Date('2026-02-27T23:00:00'), now)).toBeNull();
  });
});

describe('ackState', () => {
  it('maps the spec acks: 0 clock, 1 and 2 sent, 3 delivered, 4 read, 5 played, -1 failed', () => {
    expect([-1, 0, 1, 2, 3, 4, 5].map(ackState)).toEqual(['failed', 'pending', 'sent', 'sent', 'delivered', 'read', 'played']);
  });
});

describe('waveformOf', () => {
  it('scales the numbers of dataJson.waveform to 64 bars between 0 and 1', () => {
    const { bars, supplied } = waveformOf(messageDto({ dataJson: { waveform: [0, 50, 100, 25] } }));
    expect(supplied).toBe(true);
    expect(bars).toHaveLength(WAVEFORM_BARS);
    expect(Math.max(...bars)).toBe(1);
    expect(Math.min(...bars)).toBeGreaterThan(0);
  });

  it('reads a base64 waveform as WhatsApp sends it', () => {
    const base64 = btoa(String.fromCharCode(...Array.from({ length: 64 }, (_, i) => i)));
    const { bars, supplied } = waveformOf(messageDto({ dataJson: { audioMessage: { waveform: base64 } } }));
    expect(supplied).toBe(true);
    expect(bars[63]).toBe(1);
    expect(bars[32]).toBeCloseTo(32 / 63, 2);
  });

  it('falls back to 64 stable placeholder bars', () => {
    const a = waveformOf(messageDto({ id: '7', dataJson: null }));
    expect(a.supplied).toBe(false);
    expect(a.bars).toHaveLength(64);
    expect(waveformOf(messageDto({ id: '7', dataJson: {} })).bars).toEqual(a.bars);
  });
});

describe('locationOf', () => {
  it('reads name, address and coordinates and builds a map link', () => {
    expect(locationOf(messageDto({ dataJson: { latitude: 1.5, longitude: -2, name: 'Loja', address: 'Rua A' } }))).toEqual({
      latitude: 1.5,
      longitude: -2,
      name: 'Loja',
      address: 'Rua A',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=1.5,-2',
    });
  });

  it('keeps an https url it is given and drops any other scheme', () => {
    expect(locationOf(messageDto({ dataJson: { url: 'https://maps.example/x', latitude: 1, longitude: 2 } })).mapUrl).toBe('https://maps.example/x');
    expect(locationOf(messageDto({ dataJson: { url: 'javascript:alert(1)' } })).mapUrl).toBeUndefined();
  });
});

describe('vCards', () => {
  it('parses names and numbers (the waid when present)', () => {
    const text =
      'BEGIN:VCARD\nVERSION:3.0\nN:Silva;João;;;\nTEL;waid=5511988887777:+55 11 98888-7777\nTEL:+1 555 0100\nEND:VCARD\nBEGIN:VCARD\nFN:Ana\nEND:VCARD';
    expect(parseVcards(text)).toEqual([
      { name: 'João Silva', numbers: ['5511988887777', '+1 555 0100'] },
      { name: 'Ana', numbers: [] },
    ]);
  });

  it('finds the cards of a contactsArrayMessage', () => {
    const message = messageDto({
      mediaType: 'contactsArrayMessage',
      body: '',
      dataJson: { contacts: [{ vcard: 'BEGIN:VCARD\nFN:A\nEND:VCARD' }, { vcard: 'BEGIN:VCARD\nFN:B\nEND:VCARD' }] },
    });
    expect(contactsOf(message).map((c) => c.name)).toEqual(['A', 'B']);
  });

  it('falls back to the body as the name', () => {
    expect(contactsOf(messageDto({ mediaType: 'contactMessage', body: 'Carlos', dataJson: null }))).toEqual([{ name: 'Carlos', numbers: [] }]);
  });
});
