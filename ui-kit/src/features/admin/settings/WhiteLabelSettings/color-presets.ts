/**
 * The white-label palette (spec administration §2 'White-label styling': "a palette of about 50 presets"): named pairs
 * of a light-theme and a dark-theme primary colour. Each light colour carries white text at 4.5:1 or more (and so reads
 * on the light theme's white surfaces), each dark colour black text at 4.5:1 or more (and so reads on the dark theme's
 * surfaces); color-presets.test.ts checks every pair. The names are in i18n/white-label.ts
 * (`settings.wl.preset.<id>`). The first six are the ids earlier versions offered.
 */
export const COLOR_PRESETS = [
  { id: 'blue', light: '#0000FF', dark: '#39ACE7' },
  { id: 'green', light: '#2E7D32', dark: '#66BB6A' },
  { id: 'purple', light: '#6A1B9A', dark: '#BA68C8' },
  { id: 'orange', light: '#BF360C', dark: '#FFB74D' },
  { id: 'red', light: '#C62828', dark: '#EF5350' },
  { id: 'slate', light: '#37474F', dark: '#90A4AE' },
  { id: 'crimson', light: '#B71C1C', dark: '#E57373' },
  { id: 'pink', light: '#AD1457', dark: '#F06292' },
  { id: 'cherry', light: '#880E4F', dark: '#F48FB1' },
  { id: 'violet', light: '#4527A0', dark: '#9575CD' },
  { id: 'indigo', light: '#283593', dark: '#7986CB' },
  { id: 'navy', light: '#0D47A1', dark: '#64B5F6' },
  { id: 'royal', light: '#1565C0', dark: '#90CAF9' },
  { id: 'sky', light: '#01579B', dark: '#4FC3F7' },
  { id: 'cyan', light: '#006064', dark: '#4DD0E1' },
  { id: 'teal', light: '#00695C', dark: '#4DB6AC' },
  { id: 'emerald', light: '#1B5E20', dark: '#81C784' },
  { id: 'forest', light: '#33691E', dark: '#AED581' },
  { id: 'olive', light: '#5B5A14', dark: '#D4D17A' },
  { id: 'amber', light: '#7A5900', dark: '#FFD54F' },
  { id: 'gold', light: '#7B6200', dark: '#FFE082' },
  { id: 'mustard', light: '#6D5C00', dark: '#FFF176' },
  { id: 'tangerine', light: '#A84300', dark: '#FFCC80' },
  { id: 'salmon', light: '#B23C17', dark: '#FF8A65' },
  { id: 'brown', light: '#4E342E', dark: '#A1887F' },
  { id: 'coffee', light: '#3E2723', dark: '#BCAAA4' },
  { id: 'grey', light: '#424242', dark: '#BDBDBD' },
  { id: 'charcoal', light: '#212121', dark: '#E0E0E0' },
  { id: 'steel', light: '#455A64', dark: '#B0BEC5' },
  { id: 'wine', light: '#7B1F3A', dark: '#E48AA5' },
  { id: 'plum', light: '#6A1B4D', dark: '#CE93D8' },
  { id: 'lavender', light: '#5E35B1', dark: '#B39DDB' },
  { id: 'ocean', light: '#00497A', dark: '#81D4FA' },
  { id: 'petrol', light: '#004D5A', dark: '#80CBC4' },
  { id: 'mint', light: '#006A4E', dark: '#A5D6A7' },
  { id: 'lime', light: '#4C6B00', dark: '#DCE775' },
  { id: 'moss', light: '#4A5D23', dark: '#C5E1A5' },
  { id: 'pine', light: '#01523A', dark: '#69D1A5' },
  { id: 'turquoise', light: '#00727A', dark: '#80DEEA' },
  { id: 'cobalt', light: '#1A3D8F', dark: '#8AB4F8' },
  { id: 'sapphire', light: '#0F3A7A', dark: '#7FA7E0' },
  { id: 'ruby', light: '#9B111E', dark: '#FF8A80' },
  { id: 'raspberry', light: '#A0124A', dark: '#FF80AB' },
  { id: 'fuchsia', light: '#9C1D8C', dark: '#EA80FC' },
  { id: 'orchid', light: '#7B2A8F', dark: '#E1BEE7' },
  { id: 'terracotta', light: '#A0432A', dark: '#FFAB91' },
  { id: 'copper', light: '#8B4513', dark: '#FFB380' },
  { id: 'sand', light: '#6B5530', dark: '#E6CFA0' },
  { id: 'night', light: '#1A237E', dark: '#9FA8DA' },
  { id: 'midnight', light: '#0B1F3A', dark: '#A3C4F3' },
] as const;

export type ColorPreset = (typeof COLOR_PRESETS)[number];

/** WCAG 2 relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #RRGGBB colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The preset whose pair is exactly these colours (case-insensitive), if any. */
export function presetOf(light: string, dark: string): ColorPreset | undefined {
  return COLOR_PRESETS.find((p) => p.light === light.toUpperCase() && p.dark === dark.toUpperCase());
}
