import { describe, expect, it } from 'vitest';
import {
  NO_REDIRECT_QUEUE,
  connectionBody,
  connectionPermissions,
  formValuesOf,
  formatPairingCode,
  formatUpdatedAt,
  maxUseBotQueuesRule,
  minutesRule,
  pairingNumberRule,
  sessionActions,
} from './connection-rules';
import { connectionDto } from './story-data';

describe('connection rules', () => {
  it('offers the session buttons of the spec’s table for each status', () => {
    expect(sessionActions('qrcode')).toEqual(['showQr']);
    expect(sessionActions('DISCONNECTED')).toEqual(['retry', 'newQr']);
    expect(sessionActions('CONNECTED')).toEqual(['connected', 'disconnect']);
    expect(sessionActions('PAIRING')).toEqual(['showCode', 'disconnect']);
    expect(sessionActions('TIMEOUT')).toEqual(['disconnect']);
    expect(sessionActions('OPENING')).toEqual(['connecting']);
  });

  it('reads the three connections-page permissions', () => {
    expect(
      connectionPermissions({
        permissions: ['session:self', 'connections-page:addConnection', 'connections-page:actionButtons', 'connections-page:editOrDeleteConnection'],
      }),
    ).toEqual({ canAdd: true, canSession: true, canEdit: true });
    expect(connectionPermissions({ permissions: ['session:self', 'connections-page:actionButtons'] })).toEqual({
      canAdd: false,
      canSession: true,
      canEdit: false,
    });
    expect(connectionPermissions(undefined)).toEqual({ canAdd: false, canSession: false, canEdit: false });
  });

  it('shows the last update as dd/MM/yy HH:mm (month first in English)', () => {
    const iso = new Date(2026, 2, 4, 9, 5).toISOString();
    expect(formatUpdatedAt(iso, 'pt')).toBe('04/03/26 09:05');
    expect(formatUpdatedAt(iso, 'es')).toBe('04/03/26 09:05');
    expect(formatUpdatedAt(iso, 'en')).toBe('03/04/26 09:05');
    expect(formatUpdatedAt('not a date', 'pt')).toBe('');
  });

  it('takes whole minutes from 0 to 43200 and bot sends from 0 to 100; blank passes', () => {
    expect(minutesRule('0')).toBe(true);
    expect(minutesRule('')).toBe(true);
    expect(minutesRule('43200')).toBe(true);
    expect(minutesRule('43201')).toBe('connections.validation.minutes');
    expect(minutesRule('1.5')).toBe('connections.validation.minutes');
    expect(minutesRule('-1')).toBe('connections.validation.minutes');
    expect(maxUseBotQueuesRule('100')).toBe(true);
    expect(maxUseBotQueuesRule('101')).toBe('connections.validation.maxBot');
  });

  it('takes a pairing number of 10 to 15 digits, a mask’s signs ignored', () => {
    expect(pairingNumberRule('')).toBe('connections.pairing.required');
    expect(pairingNumberRule('+55 (11) 99999-8888')).toBe(true);
    expect(pairingNumberRule('551199')).toBe('connections.pairing.invalidNumber');
    expect(pairingNumberRule('1234567890123456')).toBe('connections.pairing.invalidNumber');
  });

  it('shows an 8-character pairing code in two groups of four', () => {
    expect(formatPairingCode('k7qp2m9x')).toBe('K7QP-2M9X');
    expect(formatPairingCode('K7QP-2M9X')).toBe('K7QP-2M9X');
    expect(formatPairingCode('ABC')).toBe('ABC');
  });

  it('starts a new connection on WhatsApp with 3 bot sends and no redirect', () => {
    const values = formValuesOf(null);
    expect(values).toMatchObject({
      name: '',
      provider: 'baileys',
      isDefault: false,
      queueIds: [],
      sendIdQueue: NO_REDIRECT_QUEUE,
      maxUseBotQueues: '3',
      timeSendQueue: '0',
    });
  });

  it('sends every modal field: numbers as numbers, blank messages as null, the provider only on create', () => {
    const values = {
      ...formValuesOf(null),
      name: '  Vendas ',
      provider: 'sandbox' as const,
      isDefault: true,
      queueIds: ['2', '5'],
      greetingMessage: 'Olá!',
      sendIdQueue: '5',
      timeSendQueue: '30',
      expiresTicket: '',
      maxUseBotQueues: '',
    };
    expect(connectionBody(values, 'create')).toEqual({
      name: 'Vendas',
      provider: 'sandbox',
      isDefault: true,
      queueIds: [2, 5],
      greetingMessage: 'Olá!',
      complationMessage: null,
      outOfHoursMessage: null,
      ratingMessage: null,
      transferMessage: null,
      expiresInactiveMessage: null,
      sendIdQueue: 5,
      timeSendQueue: 30,
      expiresTicket: 0,
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
    });
    const update = connectionBody({ ...values, sendIdQueue: NO_REDIRECT_QUEUE }, 'update');
    expect(update).not.toHaveProperty('provider');
    expect(update.sendIdQueue).toBeNull();
  });

  it('edits with the connection’s values', () => {
    const values = formValuesOf(
      connectionDto({
        name: 'Suporte',
        isDefault: true,
        queues: [{ id: 3, name: 'Fin', color: '#000' }],
        sendIdQueue: 3,
        expiresTicket: 60,
        ratingMessage: 'Nota?',
      }),
    );
    expect(values).toMatchObject({ name: 'Suporte', isDefault: true, queueIds: ['3'], sendIdQueue: '3', expiresTicket: '60', ratingMessage: 'Nota?' });
  });
});
