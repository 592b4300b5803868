import { asksForPerson, HAND_OFF_INSTRUCTION, readReply, TRANSFER_MARKER } from './prompts.rules';

describe('prompts.rules', () => {
  it('tells a customer asking for a person, in Portuguese, English or Spanish', () => {
    for (const text of ['Quero falar com um atendente, por favor', 'um HUMANO!', 'posso falar com alguém?', 'I want a real person', 'hablar con alguien']) {
      expect(asksForPerson(text)).toBe(true);
    }
    for (const text of ['Qual o horário?', 'meu pedido 123', 'humanidade', 'agenda']) expect(asksForPerson(text)).toBe(false);
  });

  it('sends the reply without the marker and hands off when the assistant wrote it', () => {
    expect(readReply(`Claro, vou te transferir para um atendente.\n${TRANSFER_MARKER}`, 'Quero cancelar meu pedido')).toEqual({
      text: 'Claro, vou te transferir para um atendente.',
      handOff: true,
    });
    expect(readReply(TRANSFER_MARKER, 'Quero cancelar')).toEqual({ text: '', handOff: true });
  });

  it('hands off when the customer asks for a person, even if the assistant forgets the marker', () => {
    expect(readReply('Um momento, por favor.', 'Quero falar com um atendente, por favor')).toEqual({ text: 'Um momento, por favor.', handOff: true });
  });

  it('answers and keeps the ticket otherwise', () => {
    expect(readReply(' Abrimos às 9h. ', 'Qual o horário?')).toEqual({ text: 'Abrimos às 9h.', handOff: false });
    expect(readReply('', 'Oi')).toEqual({ text: '', handOff: false });
  });

  it('asks the assistant to end with the exact marker', () => {
    expect(HAND_OFF_INSTRUCTION.endsWith(`linha exata: ${TRANSFER_MARKER}`)).toBe(true);
  });
});
