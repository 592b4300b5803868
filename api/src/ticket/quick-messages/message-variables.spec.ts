import { fillMessageVariables, greetingFor, hasMessageVariables, MESSAGE_VARIABLES, messageVariableValues } from './message-variables';

/** 15:30 in São Paulo (UTC-3). */
const AFTERNOON = new Date('2026-11-29T18:30:00Z');

const context = {
  contact: { name: 'Maria Souza', number: '5511988887777' },
  userName: 'Ana',
  queueName: 'Suporte',
  ticket: { id: 42, createdAt: '2026-11-28T02:10:00Z' },
  now: AFTERNOON,
  timeZone: 'America/Sao_Paulo',
};

describe('message variables', () => {
  it("fills a quick reply's variables from the ticket, the attendant and the company's clock", () => {
    const values = messageVariableValues(context);
    expect(values).toEqual({
      name: 'Maria Souza',
      firstName: 'Maria',
      greeting: 'Boa tarde',
      user: 'Ana',
      queue: 'Suporte',
      // Opened at 23:10 on the 27th in São Paulo (02:10 UTC on the 28th).
      protocol: '20261127-42',
      time: '15:30',
    });
    expect(fillMessageVariables('{{greeting}}, {{firstName}}! Sou {{user}}, da fila {{queue}}. Protocolo {{protocol}} ({{time}}).', values)).toBe(
      'Boa tarde, Maria! Sou Ana, da fila Suporte. Protocolo 20261127-42 (15:30).',
    );
  });

  it("answers Whaticket's and the Portuguese spellings, in any case and with spaces inside the braces", () => {
    const values = messageVariableValues(context);
    expect(
      fillMessageVariables(
        '{{ms}} {{ Name }} {{firstname}} {{nome}} {{atendente}} {{usuario}} {{attendant}} {{fila}} {{protocolo}} {{hora}} {{saudacao}}',
        values,
      ),
    ).toBe('Boa tarde Maria Souza Maria Maria Souza Ana Ana Ana Suporte 20261127-42 15:30 Boa tarde');
    // Every listed spelling is one the filler knows.
    for (const v of MESSAGE_VARIABLES) for (const key of [v.name, ...v.aliases]) expect(hasMessageVariables(`{{${key}}}`)).toBe(true);
  });

  it('keeps unknown variables and those without a value as typed; a ticket without a queue empties {{queue}}', () => {
    const values = messageVariableValues({ now: AFTERNOON, timeZone: 'America/Sao_Paulo', queueName: null });
    expect(fillMessageVariables('{{name}} {{user}} {{protocol}} [{{queue}}] {{desconhecida}} {name} {{ }}', values)).toBe(
      '{{name}} {{user}} {{protocol}} [] {{desconhecida}} {name} {{ }}',
    );
    expect(hasMessageVariables('Olá {{desconhecida}}')).toBe(false);
    expect(hasMessageVariables('Olá!')).toBe(false);
  });

  it('names a contact without a name by the number', () => {
    expect(messageVariableValues({ contact: { name: '  ', number: '5511988887777' }, now: AFTERNOON })).toMatchObject({
      name: '5511988887777',
      firstName: '5511988887777',
    });
  });

  it('greets by the hour in the language asked for', () => {
    expect([4, 5, 11, 12, 17, 18, 23].map((h) => greetingFor(h))).toEqual([
      'Boa noite',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
    ]);
    expect(greetingFor(9, 'en')).toBe('Good morning');
    expect(greetingFor(15, 'es')).toBe('Buenas tardes');
    // The company's clock, not the server's: 18:30 UTC is evening in Lisbon's winter… and afternoon in São Paulo.
    expect(messageVariableValues({ now: AFTERNOON, timeZone: 'Europe/Lisbon' }).greeting).toBe('Boa noite');
    expect(messageVariableValues({ now: AFTERNOON, timeZone: 'Not/AZone' }).greeting).toMatch(/^Bo[am] /);
  });
});
