import type { TranslateFn } from '../../../i18n/locale-context';

/**
 * The newest emoji version this system's fonts draw, found by drawing one emoji of each version on a canvas:
 * a version counts when its emoji draws something, differs from what an unassigned code point draws (the "tofu"
 * box) and is one glyph wide (an unsupported ZWJ sequence falls apart into two or more). The picker then offers
 * nothing newer (its `emojiVersion`), so an attendant never picks an emoji that shows as a box. Null where no canvas
 * can answer (tests, very old browsers): the picker offers all.
 */
const PROBES: readonly [version: string, emoji: string][] = [
  ['16.0', '\u{1FAE9}'], // face with bags under eyes
  ['15.1', '\u{1F426}\u200D\u{1F525}'], // phoenix
  ['15.0', '\u{1FAE8}'], // shaking face
  ['14.0', '\u{1FAE0}'], // melting face
  ['13.1', '\u{1F62E}\u200D\u{1F4A8}'], // face exhaling
  ['13.0', '\u{1F972}'], // smiling face with tear
  ['12.0', '\u{1F971}'], // yawning face
  ['11.0', '\u{1F970}'], // smiling face with hearts
  ['5.0', '\u{1F929}'], // star-struck
];

const SIZE = 24;

/** The font the picker draws its emoji in (it inherits the kit's): the same fallbacks decide what draws. */
function pageFont(): string {
  const host = document.querySelector('.atd-root') ?? document.body;
  return getComputedStyle(host).fontFamily || 'sans-serif';
}
let cached: string | null | undefined;

function pixels(context: CanvasRenderingContext2D, text: string): Uint8ClampedArray {
  context.clearRect(0, 0, SIZE * 3, SIZE);
  context.fillText(text, 0, 0);
  return context.getImageData(0, 0, SIZE * 3, SIZE).data;
}

const blank = (data: Uint8ClampedArray) => data.every((value, i) => i % 4 !== 3 || value === 0);
const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.length === b.length && a.every((value, i) => value === b[i]);

export function supportedEmojiVersion(): string | null {
  if (cached !== undefined) return cached;
  cached = null;
  try {
    if (typeof document === 'undefined') return cached;
    const canvas = document.createElement('canvas');
    canvas.width = SIZE * 3;
    canvas.height = SIZE;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || typeof context.getImageData !== 'function') return cached;
    context.font = `${SIZE - 4}px ${pageFont()}`;
    context.textBaseline = 'top';
    const tofu = pixels(context, '\u{10FFFD}');
    const oneWide = context.measureText('\u{1F600}').width * 1.5;
    for (const [version, emoji] of PROBES) {
      const drawn = pixels(context, emoji);
      if (!blank(drawn) && !same(drawn, tofu) && context.measureText(emoji).width <= oneWide) return (cached = version);
    }
    // Not even Emoji 5.0: offer the oldest emoji only.
    cached = '4.0';
  } catch {
    cached = null;
  }
  return cached;
}

/** The emoji of a unified code ('1f44d-1f3fb' → 👍🏻). */
export function emojiOfUnified(unified: string): string {
  return String.fromCodePoint(...unified.split('-').map((hex) => parseInt(hex, 16)));
}

let drawer: { context: CanvasRenderingContext2D; tofu: Uint8ClampedArray[]; oneWide: number } | null | undefined;
function emojiDrawer() {
  if (drawer !== undefined) return drawer;
  drawer = null;
  try {
    if (typeof document === 'undefined') return drawer;
    const canvas = document.createElement('canvas');
    canvas.width = SIZE * 3;
    canvas.height = SIZE;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || typeof context.getImageData !== 'function') return drawer;
    context.font = `${SIZE - 4}px ${pageFont()}`;
    context.textBaseline = 'top';
    // What this system draws for a character it has no glyph for: unassigned emoji code points (and a private one).
    const tofu = ['\u{1FAFF}', '\u{1F8FF}', '\u{10FFFD}'].map((text) => pixels(context, text));
    drawer = { context, tofu, oneWide: context.measureText('\u{1F600}').width * 1.6 };
  } catch {
    drawer = null;
  }
  return drawer;
}

/**
 * A sequence (ZWJ, flag, skin tone) the fonts do not join draws as its parts side by side: wider than its first part.
 * Variation selectors and joiners are not parts.
 */
function fallsApart(context: CanvasRenderingContext2D, emoji: string): boolean {
  const parts = [...emoji].filter((char) => char !== '\u200D' && char !== '\uFE0F');
  if (parts.length < 2) return false;
  return context.measureText(emoji).width > context.measureText(parts[0]).width * 1.3 + 1;
}

/**
 * The unified codes of the emoji this system cannot draw (a missing-glyph box, nothing, or a sequence that falls apart
 * into several glyphs): the picker hides them (its `hiddenEmojis`). Empty where no canvas can tell. Each emoji is drawn
 * once per page (about 1,900, a few hundred milliseconds at the picker's first opening).
 */
const undrawableCache = new Map<string, boolean>();
export function undrawableEmoji(unifiedCodes: readonly string[]): string[] {
  const tools = emojiDrawer();
  if (!tools) return [];
  const { context, tofu, oneWide } = tools;
  return unifiedCodes.filter((unified) => {
    let missing = undrawableCache.get(unified);
    if (missing === undefined) {
      const emoji = emojiOfUnified(unified);
      const drawn = pixels(context, emoji);
      missing = blank(drawn) || tofu.some((box) => same(drawn, box)) || context.measureText(emoji).width > oneWide || fallsApart(context, emoji);
      undrawableCache.set(unified, missing);
    }
    return missing;
  });
}

/** The picker's own texts (search, results, categories bar, skin tones) in the kit's language. */
export function emojiPickerLabels(t: TranslateFn) {
  return {
    searchPlaceholder: t('emoji.search'),
    searchLabel: t('emoji.searchLabel'),
    searchClear: t('emoji.searchClear'),
    searchResultsNone: t('emoji.noResults'),
    searchResultsOne: t('emoji.oneResult'),
    searchResultsMany: t('emoji.manyResults'),
    categoryNavigation: t('emoji.categories'),
    reactions: t('emoji.reactions'),
    expandReactions: t('emoji.moreReactions'),
    loading: t('emoji.loading'),
    loadingError: t('emoji.loadingError'),
    retryLoading: t('action.retry'),
    skinToneNeutral: t('emoji.skin.neutral'),
    skinToneLight: t('emoji.skin.light'),
    skinToneMediumLight: t('emoji.skin.mediumLight'),
    skinToneMedium: t('emoji.skin.medium'),
    skinToneMediumDark: t('emoji.skin.mediumDark'),
    skinToneDark: t('emoji.skin.dark'),
  };
}
