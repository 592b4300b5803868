import type { BotState } from './bot-turn';
import {
  agentFields,
  botTurnKind,
  fillMessage,
  nextBotState,
  optionEntries,
  optionsMenu,
  outOfHoursDue,
  OUT_OF_HOURS_EVERY_MS,
  pickEntry,
  queueEntries,
  renderMenu,
  startsConversation,
  wrongAnswerStep,
} from './chatbot.rules';

const queues = [
  { number: 1, title: 'Vendas' },
  { number: 2, title: 'Suporte técnico' },
  { number: 3, title: 'Financeiro' },
];

describe('chatbot menus', () => {
  it('renders a numbered menu under its greeting, with a footer', () => {
    expect(renderMenu(queues, 'Olá!', ['*#* - Menu principal'])).toBe('Olá!\n\n*1* - Vendas\n*2* - Suporte técnico\n*3* - Financeiro\n\n*#* - Menu principal');
    expect(renderMenu(queues.slice(0, 1), null)).toBe('*1* - Vendas');
  });

  it('picks by number in the usual ways people type it', () => {
    for (const answer of ['2', ' 2 ', '2.', '*2*', '2)', '2 -']) expect(pickEntry(answer, queues)?.title).toBe('Suporte técnico');
    expect(pickEntry('4', queues)).toBeNull();
    expect(pickEntry('22', queues)).toBeNull();
  });

  it('picks by name, ignoring case and accents, or by the start of exactly one name', () => {
    expect(pickEntry('suporte tecnico', queues)?.number).toBe(2);
    expect(pickEntry('FINANCEIRO!', queues)?.number).toBe(3);
    expect(pickEntry('fin', queues)?.number).toBe(3);
    expect(pickEntry('fi', queues)).toBeNull();
    expect(pickEntry('quero comprar', queues)).toBeNull();
    expect(pickEntry('', queues)).toBeNull();
  });

  it('fills the contact name and the time-of-day greeting', () => {
    expect(fillMessage('{{ms}}, {{name}}! {nome}', { name: 'Ana', hour: 9 })).toBe('Bom dia, Ana! Ana');
    expect(fillMessage('{{ms}}', { name: 'x', hour: 20 })).toBe('Boa noite');
  });

  it("renders an options menu with 'back' below the first level and 'main menu' always", () => {
    const options = [{ number: 1, title: 'Boleto' }];
    expect(optionsMenu(options, false)).toBe('*1* - Boleto\n\n*#* - Menu principal');
    expect(optionsMenu(options, true)).toBe('*1* - Boleto\n\n*0* - Voltar\n*#* - Menu principal');
  });

  it('numbers the queues from 1 in their order, and the options by their own number', () => {
    const qs = [{ name: 'Vendas' }, { name: 'Suporte' }];
    expect(queueEntries(qs)).toEqual([
      { number: 1, title: 'Vendas', queue: qs[0] },
      { number: 2, title: 'Suporte', queue: qs[1] },
    ]);
    const os = [{ option: 3, title: 'Boleto' }];
    expect(optionEntries(os)).toEqual([{ number: 3, title: 'Boleto', option: os[0] }]);
  });

  describe('botTurnKind', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const pending = { status: 'pending', userId: null, queueId: 1, useIntegration: false, integrationId: null, promptId: null, ratingUntil: null };
    const menu = { stage: 'options' as const };

    it('answers a closed ticket waiting for its rating, until the window closes', () => {
      const closed = { ...pending, status: 'closed', userId: 3, ratingUntil: new Date(now.getTime() + 1) };
      expect(botTurnKind(closed, null, false, now)).toEqual({ closedRating: true, agent: false, acts: true });
      expect(botTurnKind({ ...closed, ratingUntil: now }, null, false, now).acts).toBe(false);
      expect(botTurnKind({ ...closed, ratingUntil: null }, null, false, now).acts).toBe(false);
    });

    it("acts on a pending ticket nobody holds: an agent's, an open menu, an opening message, or no queue and no state", () => {
      expect(botTurnKind({ ...pending, useIntegration: true, integrationId: 4 }, null, false, now)).toEqual({ closedRating: false, agent: true, acts: true });
      expect(botTurnKind({ ...pending, promptId: 2 }, null, false, now).agent).toBe(true);
      expect(botTurnKind({ ...pending, useIntegration: true }, null, false, now).agent).toBe(false);
      expect(botTurnKind(pending, menu, false, now).acts).toBe(true);
      expect(botTurnKind(pending, null, true, now).acts).toBe(true);
      expect(botTurnKind({ ...pending, queueId: null }, null, false, now).acts).toBe(true);
    });

    it('leaves alone a ticket a person holds, an open one, and a queued one with its menu done', () => {
      expect(botTurnKind({ ...pending, userId: 3 }, menu, true, now).acts).toBe(false);
      expect(botTurnKind({ ...pending, status: 'open', userId: 3, promptId: 2 }, null, true, now).acts).toBe(false);
      expect(botTurnKind(pending, { stage: null }, false, now).acts).toBe(false);
      expect(botTurnKind({ ...pending, queueId: null }, { stage: null }, false, now).acts).toBe(false);
    });
  });

  it('starts a conversation on its opening message, or on a ticket with no queue and no bot state', () => {
    expect(startsConversation({ queueId: 1 }, null, true)).toBe(true);
    expect(startsConversation({ queueId: null }, null, false)).toBe(true);
    expect(startsConversation({ queueId: null }, { stage: null }, false)).toBe(false);
    expect(startsConversation({ queueId: 1 }, null, false)).toBe(false);
  });

  describe('wrongAnswerStep', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const ago = (min: number) => new Date(now.getTime() - min * 60_000);
    it('gives up after maxUseBotQueues menus; 0 is no limit', () => {
      expect(wrongAnswerStep({ attempts: 3, menuSentAt: ago(60) }, { maxUseBotQueues: 3, timeUseBotQueues: 0 }, now)).toBe('give-up');
      expect(wrongAnswerStep({ attempts: 2, menuSentAt: ago(60) }, { maxUseBotQueues: 3, timeUseBotQueues: 0 }, now)).toBe('menu-again');
      expect(wrongAnswerStep({ attempts: 99, menuSentAt: ago(60) }, { maxUseBotQueues: 0, timeUseBotQueues: 0 }, now)).toBe('menu-again');
    });

    it('sends the menu again at most every timeUseBotQueues minutes', () => {
      const conn = { maxUseBotQueues: 0, timeUseBotQueues: 10 };
      expect(wrongAnswerStep({ attempts: 1, menuSentAt: ago(9) }, conn, now)).toBe('quiet');
      expect(wrongAnswerStep({ attempts: 1, menuSentAt: ago(10) }, conn, now)).toBe('menu-again');
      expect(wrongAnswerStep({ attempts: 1, menuSentAt: null }, conn, now)).toBe('menu-again');
      expect(wrongAnswerStep({ attempts: 1, menuSentAt: now }, { ...conn, timeUseBotQueues: -5 }, now)).toBe('menu-again');
    });
  });

  it('replies out of hours at most once an hour per ticket', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(outOfHoursDue(null, now)).toBe(true);
    expect(outOfHoursDue(new Date(now.getTime() - OUT_OF_HOURS_EVERY_MS + 1), now)).toBe(false);
    expect(outOfHoursDue(new Date(now.getTime() - OUT_OF_HOURS_EVERY_MS), now)).toBe(true);
  });

  describe('nextBotState', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const state: BotState = { stage: 'options', optionId: 5, attempts: 2, menuSentAt: null, expiresAt: new Date('2026-11-29T12:03:00Z'), outOfHoursAt: null };
    it('drops a menu just sent after the timeOut, keeps the expiry otherwise, and has none without a stage', () => {
      expect(nextBotState(null, { stage: 'queue-menu', attempts: 1, menuSentAt: now }, now, 300_000)).toEqual({
        stage: 'queue-menu',
        optionId: null,
        attempts: 1,
        menuSentAt: now,
        expiresAt: new Date('2026-11-29T12:05:00Z'),
        outOfHoursAt: null,
      });
      expect(nextBotState(state, { outOfHoursAt: now }, now, 300_000)).toEqual({ ...state, outOfHoursAt: now });
      expect(nextBotState(state, { stage: null, optionId: null, expiresAt: null }, now, 300_000)).toMatchObject({ stage: null, attempts: 2, expiresAt: null });
    });
  });

  it('hands a ticket to the integration when there is one, else to the AI prompt', () => {
    expect(agentFields({ integrationId: 4, promptId: 2 })).toEqual({ useIntegration: true, integrationId: 4 });
    expect(agentFields({ integrationId: null, promptId: 2 })).toEqual({ promptId: 2 });
  });
});
