import {
  asksRating,
  DEFAULT_RATING_MESSAGE,
  DEFAULT_RATING_THANKS,
  pickRating,
  RATING_OPTIONS,
  ratingRequest,
  ratingThanks,
  ratingUntil,
} from './rating.rules';

describe('rating.rules', () => {
  it('reads a rating of 1 to 3 and nothing else', () => {
    expect(pickRating('3')).toBe(3);
    expect(pickRating(' 1 - ruim')).toBe(1);
    expect(pickRating('*2*')).toBe(2);
    expect(pickRating('4')).toBeNull();
    expect(pickRating('10')).toBeNull();
    expect(pickRating('obrigado')).toBeNull();
  });

  it('asks for a rating only after an attendant, with userRating enabled', () => {
    expect(asksRating({ userId: 3 }, 'enabled')).toBe(true);
    expect(asksRating({ userId: 3 }, 'disabled')).toBe(false);
    expect(asksRating({ userId: 3 }, null)).toBe(false);
    expect(asksRating({ userId: null }, 'enabled')).toBe(false);
  });

  it('listens for two hours from the close', () => {
    expect(ratingUntil(new Date('2026-11-29T12:00:00Z'))).toEqual(new Date('2026-11-29T14:00:00Z'));
  });

  it("asks with the connection's message or the default, then the scale; thanks with the completion message or the default", () => {
    expect(ratingRequest(' Avalie! ')).toBe(`Avalie!\n\n${RATING_OPTIONS}`);
    expect(ratingRequest('  ')).toBe(`${DEFAULT_RATING_MESSAGE}\n\n${RATING_OPTIONS}`);
    expect(ratingRequest(null)).toBe(`${DEFAULT_RATING_MESSAGE}\n\n${RATING_OPTIONS}`);
    expect(ratingThanks('Valeu! ')).toBe('Valeu!');
    expect(ratingThanks(undefined)).toBe(DEFAULT_RATING_THANKS);
  });
});
