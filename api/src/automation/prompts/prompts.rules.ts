/**
 * The 'prompt' agent's decisions on text, as pure functions: when the ticket goes to people and what of the reply
 * is sent. PromptAgent calls them; prompts.rules.spec.ts tests them in milliseconds.
 */

/** What the assistant writes when the customer wants a person; stripped from the reply before it is sent. */
export const TRANSFER_MARKER = 'Ação: Transferir para o setor de atendimento';

/** Appended to the prompt's own instructions. */
export const HAND_OFF_INSTRUCTION =
  'Se o cliente pedir para falar com um atendente humano, responda brevemente e termine a resposta com a linha exata: ' + TRANSFER_MARKER;

/** A customer asking for a person, in Portuguese, English or Spanish. */
const ASKS_FOR_PERSON =
  /\b(atendente|humano|humana|pessoa real|operador[a]?|falar com (algu[eé]m|uma pessoa)|human|real person|representative|agent|persona real|hablar con (alguien|una persona))\b/i;

export function asksForPerson(text: string): boolean {
  return ASKS_FOR_PERSON.test(text);
}

/** The assistant's reply as sent (without the marker), and whether the ticket then goes to people (the marker, or the customer asked). */
export function readReply(reply: string, customerText: string): { text: string; handOff: boolean } {
  return { text: reply.split(TRANSFER_MARKER).join('').trim(), handOff: reply.includes(TRANSFER_MARKER) || asksForPerson(customerText) };
}
