import { AppError } from '../../common/http/errors';
import type { UpdateTicketDto } from './dto/update-ticket.dto';
import {
  automaticMessage,
  classify,
  effectiveShowAll,
  groupMode,
  listCount,
  mergeRows,
  phoneDigits,
  prefixTsQuery,
  searchWords,
  sees,
  TicketState,
} from './tickets.rules';

const ME = 7;
const OTHER = 8;
const pending: TicketState = { status: 'pending', queueId: 1, userId: null, whatsappId: 10 };
const openMine: TicketState = { status: 'open', queueId: 1, userId: ME, whatsappId: 10 };
const openOther: TicketState = { status: 'open', queueId: 1, userId: OTHER, whatsappId: 10 };
const closed: TicketState = { status: 'closed', queueId: 1, userId: OTHER, whatsappId: 10 };

/** The error a classify call throws: its code and, for validation errors, the fields named. */
function refusal(ticket: TicketState, dto: UpdateTicketDto): { error: string; fields?: string[] } {
  try {
    classify(ticket, dto, ME);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const body = e.getResponse() as { error: string; fields?: { field: string }[] };
    return { error: body.error, ...(body.fields ? { fields: body.fields.map((f) => f.field) } : {}) };
  }
  throw new Error('classify accepted the change');
}

describe('tickets.rules', () => {
  describe('classify', () => {
    it('accepts a pending ticket, returns an open one, closes either', () => {
      expect(classify(pending, { status: 'open' }, ME)).toBe('accept');
      expect(classify(openMine, { status: 'pending' }, ME)).toBe('return');
      expect(classify(openOther, { status: 'pending' }, ME)).toBe('return');
      expect(classify(pending, { status: 'closed' }, ME)).toBe('close');
      expect(classify(openMine, { status: 'closed', queueId: 1 }, ME)).toBe('close');
    });

    it("reopens a closed ticket, keeping its queue; a closed ticket's fields may still change", () => {
      expect(classify(closed, { status: 'open' }, ME)).toBe('reopen');
      expect(classify(closed, { status: 'open', queueId: 1 }, ME)).toBe('reopen');
      expect(classify(closed, { useIntegration: true, promptId: 3 }, ME)).toBe('fields');
      expect(refusal(closed, { status: 'open', queueId: 2 })).toEqual({ error: 'ERR_VALIDATION', fields: ['queueId'] });
    });

    it('refuses anything else on a closed ticket', () => {
      for (const dto of [{ status: 'pending' as const }, { queueId: 2 }, { userId: ME }, { whatsappId: 11 }, { status: 'closed' as const }]) {
        expect(refusal(closed, dto)).toEqual({ error: 'ERR_INVALID_TICKET_TRANSITION' });
      }
    });

    it('keeps the queue when closing', () => {
      expect(refusal(openMine, { status: 'closed', queueId: 2 })).toEqual({ error: 'ERR_VALIDATION', fields: ['queueId'] });
      expect(refusal(openMine, { status: 'closed', queueId: null })).toEqual({ error: 'ERR_VALIDATION', fields: ['queueId'] });
    });

    it('transfers when a queue is sent with another queue, connection or attendant, or to nobody', () => {
      expect(classify(pending, { queueId: 2 }, ME)).toBe('transfer');
      expect(classify(openMine, { queueId: 1, whatsappId: 11 }, ME)).toBe('transfer');
      expect(classify(openMine, { queueId: 1, userId: OTHER }, ME)).toBe('transfer');
      expect(classify(openMine, { queueId: 1, userId: null }, ME)).toBe('transfer');
      expect(classify(openMine, { queueId: 2, status: 'open' }, ME)).toBe('transfer');
    });

    it('needs a queue for a transfer, and a transfer to give the ticket away', () => {
      expect(refusal(pending, { queueId: null })).toEqual({ error: 'ERR_VALIDATION', fields: ['queueId'] });
      expect(refusal(openMine, { userId: OTHER })).toEqual({ error: 'ERR_VALIDATION', fields: ['queueId'] });
      expect(refusal(openMine, { whatsappId: 11 })).toEqual({ error: 'ERR_VALIDATION', fields: ['queueId'] });
    });

    it("lets nobody take someone else's open ticket by accepting it; accepting one's own changes nothing", () => {
      expect(refusal(openOther, { status: 'open' })).toEqual({ error: 'ERR_TICKET_ALREADY_ACCEPTED' });
      expect(classify(openMine, { status: 'open' }, ME)).toBe('fields');
    });

    it('asks for status pending to return a ticket; the same queue, user or connection changes only fields', () => {
      expect(refusal(openMine, { userId: null })).toEqual({ error: 'ERR_VALIDATION', fields: ['status'] });
      expect(classify(pending, { status: 'pending' }, ME)).toBe('fields');
      expect(classify(openMine, { queueId: 1, userId: ME, whatsappId: 10 }, ME)).toBe('fields');
      expect(classify(openOther, { userId: ME }, ME)).toBe('fields');
      expect(classify(pending, { integrationId: 4 }, ME)).toBe('fields');
    });
  });

  describe('sees', () => {
    const attendant = { userId: ME, seesAll: false, queueIds: [1, 2] };
    it("shows an attendant their queues' tickets and their own, whatever the queue", () => {
      expect(sees(attendant, { queueId: 2, userId: OTHER })).toBe(true);
      expect(sees(attendant, { queueId: 3, userId: ME })).toBe(true);
      expect(sees(attendant, { queueId: null, userId: ME })).toBe(true);
      expect(sees(attendant, { queueId: 3, userId: OTHER })).toBe(false);
      expect(sees(attendant, { queueId: null, userId: null })).toBe(false);
      expect(sees({ ...attendant, queueIds: [] }, { queueId: 1, userId: null })).toBe(false);
    });

    it('shows a manager every ticket', () => {
      expect(sees({ userId: ME, seesAll: true, queueIds: [] }, { queueId: null, userId: null })).toBe(true);
      expect(sees({ userId: ME, seesAll: true, queueIds: [] }, { queueId: 3, userId: OTHER })).toBe(true);
    });
  });

  describe('list parameters', () => {
    it('lists only groups on /tickets/groups or with isGroup=true, none with isGroup=false', () => {
      expect(groupMode(true, undefined, 'disabled', 'disabled')).toBe('only');
      expect(groupMode(true, 'false', 'disabled', 'disabled')).toBe('only');
      expect(groupMode(false, 'true', 'enabled', 'enabled')).toBe('only');
      expect(groupMode(false, 'false', 'disabled', 'disabled')).toBe('exclude');
    });

    it('keeps groups out of /tickets when they have their own tab or their messages are ignored', () => {
      expect(groupMode(false, undefined, 'enabled', 'disabled')).toBe('exclude');
      expect(groupMode(false, undefined, 'disabled', 'enabled')).toBe('exclude');
      expect(groupMode(false, undefined, 'disabled', 'disabled')).toBe('any');
    });

    it('honours showAll only for managers, on by default', () => {
      expect(effectiveShowAll(true, undefined)).toBe(true);
      expect(effectiveShowAll(true, 'true')).toBe(true);
      expect(effectiveShowAll(true, 'false')).toBe(false);
      expect(effectiveShowAll(false, 'true')).toBe(false);
      expect(effectiveShowAll(false, undefined)).toBe(false);
    });

    it('counts the open and pending lists by their badge, the unread list exactly, others as listed so far', () => {
      const sums = { open: 12, pending: 5 };
      expect(listCount('open', 40, sums, null)).toBe(12);
      expect(listCount('pending', 40, sums, null)).toBe(5);
      expect(listCount('open', 40, null, null)).toBe(40);
      expect(listCount(undefined, 40, null, 77)).toBe(77);
      expect(listCount('closed', 81, null, null)).toBe(81);
    });
  });

  describe('search terms', () => {
    it('keeps lower-cased words of letters and digits, at most eight', () => {
      expect(searchWords("Telhado: a:* | b!  'drop'")).toEqual(['telhado', 'a', 'b', 'drop']);
      expect(searchWords('Conceição São-Paulo 50%')).toEqual(['conceição', 'são', 'paulo', '50']);
      expect(searchWords('1 2 3 4 5 6 7 8 9 10')).toHaveLength(8);
      expect(searchWords('&|!():*<->')).toEqual([]);
    });

    it('builds a prefix tsquery of every word, none for operators only', () => {
      expect(prefixTsQuery('boleto Vencido')).toBe('boleto:* & vencido:*');
      expect(prefixTsQuery('telhado:* | x')).toBe('telhado:* & x:*');
      expect(prefixTsQuery("'); --")).toBeNull();
    });

    it('reads a phone-looking term as its digits', () => {
      expect(phoneDigits('+55 (11) 98765-4321')).toBe('5511987654321');
      expect(phoneDigits('11.9876')).toBe('119876');
      expect(phoneDigits('Ana 11')).toBeNull();
      expect(phoneDigits(' ( ) ')).toBeNull();
    });
  });

  it('merges two lists in (updated_at desc, id desc) order, each ticket once', () => {
    const a = [
      { id: 5, updated_at: '2026-01-03T00:00:00Z' },
      { id: 3, updated_at: '2026-01-01T00:00:00Z' },
    ];
    expect(mergeRows(a, [])).toEqual([5, 3]);
    expect(
      mergeRows(a, [
        { id: 9, updated_at: new Date('2026-01-02T00:00:00Z') },
        { id: 5, updated_at: '2026-01-03T00:00:00Z' },
        { id: 4, updated_at: '2026-01-01T00:00:00Z' },
      ]),
    ).toEqual([5, 9, 4, 3]);
  });

  describe('automaticMessage', () => {
    const ticket = { isGroup: false, contact: { name: 'Maria' }, user: { name: 'Ana' }, queue: { name: 'Vendas' } };
    const both = { greetingOnAccept: true, noticeOnTransfer: true };
    it('greets on accept as the attendant, when enabled', () => {
      expect(automaticMessage('accept', ticket, both)).toEqual({
        body: 'Olá, Maria! Meu nome é Ana e agora vou continuar o seu atendimento.',
        source: 'attendant',
      });
      expect(automaticMessage('accept', ticket, { ...both, greetingOnAccept: false })).toBeNull();
    });

    it('tells the customer of a transfer, to an attendant or to the queue, when enabled', () => {
      expect(automaticMessage('transfer', ticket, both)).toEqual({
        body: 'Você foi transferido para o setor *Vendas* e será atendido por *Ana*.',
        source: 'system',
      });
      expect(automaticMessage('transfer', { ...ticket, user: null }, both)?.body).toBe(
        'Você foi transferido para o setor *Vendas*. Aguarde, já vamos te atender!',
      );
      expect(automaticMessage('transfer', ticket, { ...both, noticeOnTransfer: false })).toBeNull();
    });

    it('sends nothing to a group, nor for other changes', () => {
      expect(automaticMessage('accept', { ...ticket, isGroup: true }, both)).toBeNull();
      expect(automaticMessage('transfer', { ...ticket, isGroup: true }, both)).toBeNull();
      for (const action of ['return', 'close', 'reopen', 'fields'] as const) expect(automaticMessage(action, ticket, both)).toBeNull();
    });
  });
});
