/**
 * The rating's decisions, as pure functions of plain values (no database, no clock: `now` is passed in): whether a
 * closed ticket asks for a rating, what it says, how long it listens and how an answer is read. RatingService calls
 * them; rating.rules.spec.ts tests them in milliseconds.
 */

/** How long a closed ticket waits for its rating answer. */
export const RATING_WINDOW_MS = 2 * 60 * 60_000;
export const DEFAULT_RATING_MESSAGE = 'Por favor, avalie o nosso atendimento:';
export const RATING_OPTIONS = '*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';
export const DEFAULT_RATING_THANKS = 'Obrigado pela sua avaliação!';

/** A rating answer: 1, 2 or 3 (alone, or as the first thing typed: '3 - ótimo'). */
export function pickRating(answer: string): 1 | 2 | 3 | null {
  const m = /^\*?\s*([1-3])(?!\d)/.exec(answer.trim());
  return m ? (Number(m[1]) as 1 | 2 | 3) : null;
}

/** A closed ticket asks for a rating when it had an attendant and the company's userRating setting is enabled. */
export const asksRating = (ticket: { userId: number | null }, userRating: string | null | undefined): boolean =>
  ticket.userId !== null && userRating === 'enabled';

/** Until when a ticket closed at `now` listens for its rating. */
export const ratingUntil = (now: Date): Date => new Date(now.getTime() + RATING_WINDOW_MS);

/** The rating request: the connection's rating message (or the default), then the 1 to 3 scale. */
export const ratingRequest = (ratingMessage: string | null | undefined): string => `${ratingMessage?.trim() || DEFAULT_RATING_MESSAGE}\n\n${RATING_OPTIONS}`;

/** The thanks after a rating: the connection's completion message, or the default. */
export const ratingThanks = (completionMessage: string | null | undefined): string => completionMessage?.trim() || DEFAULT_RATING_THANKS;
