import { readAnswer } from './webhook.rules';

describe('webhook.rules', () => {
  it('reads a reply, replies, handOff and close from the JSON answer', () => {
    expect(readAnswer(JSON.stringify({ reply: 'Oi', replies: ['a', 'b'], handOff: true, close: true }))).toEqual({
      replies: ['Oi', 'a', 'b'],
      handOff: true,
      close: true,
    });
  });

  it('ignores blank and non-text replies, and anything but true for the flags', () => {
    expect(readAnswer(JSON.stringify({ reply: '  ', replies: ['x', 3, null, ''], handOff: 'yes', close: 1 }))).toEqual({
      replies: ['x'],
      handOff: false,
      close: false,
    });
  });

  it('reads nothing from what is not a JSON object', () => {
    const nothing = { replies: [], handOff: false, close: false };
    for (const text of ['', 'ok', '[1,2]', 'null', '"Oi"', '{broken']) expect(readAnswer(text)).toEqual(nothing);
  });
});
