import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { whiteLabelTexts } from '../white-label.texts';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { COLOR_PRESETS, contrast } from './color-presets';
import { WhiteLabelSettings } from './WhiteLabelSettings';

describe('the white-label palette', () => {
  it('offers about fifty distinct, named presets (spec: "a palette of about 50 presets")', () => {
    expect(COLOR_PRESETS.length).toBeGreaterThanOrEqual(45);
    expect(new Set(COLOR_PRESETS.map((p) => p.id)).size).toBe(COLOR_PRESETS.length);
    expect(new Set(COLOR_PRESETS.map((p) => `${p.light}/${p.dark}`)).size).toBe(COLOR_PRESETS.length);
    for (const locale of ['pt', 'en', 'es'] as const) {
      const names = COLOR_PRESETS.map((p) => whiteLabelTexts[locale][`whiteLabel.preset.${p.id}`]);
      expect(names.every(Boolean), locale).toBe(true);
      expect(new Set(names).size, `${locale}: one name per preset`).toBe(COLOR_PRESETS.length);
    }
  });

  it('keeps every pair accessible: white text on the light colour and black text on the dark colour at 4.5:1 or more', () => {
    for (const preset of COLOR_PRESETS) {
      expect(contrast(preset.light, '#FFFFFF'), `${preset.id} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(preset.dark, '#000000'), `${preset.id} dark`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('WhiteLabelSettings', () => {
  function renderTab() {
    const puts: { key: string; value: string }[] = [];
    const routes: Routes = { 'GET /settings': () => json(200, []) };
    for (const key of ['primaryColorLight', 'primaryColorDark'])
      routes[`PUT /settings/${key}`] = async (request: Request) => {
        const { value } = (await request.json()) as { value: string };
        puts.push({ key, value });
        return json(200, { key, value });
      };
    renderSignedIn(<WhiteLabelSettings />, routes);
    return { puts };
  }

  it('shows the palette as one radio group, the current pair checked, and saves the pair chosen with the keyboard', async () => {
    const user = userEvent.setup();
    const { puts } = renderTab();
    // (Role queries over fifty radios are slow in jsdom: the group by role, its radios by label.)
    const palette = await screen.findByRole('radiogroup', { name: 'Paleta de cores' }, { timeout: 10_000 });
    expect(palette.querySelectorAll('input[type="radio"]')).toHaveLength(COLOR_PRESETS.length);
    // The spec's defaults are the first preset.
    const blue = screen.getByLabelText('Azul padrão (claro #0000FF, escuro #39ACE7)');
    expect((blue as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Atual: Azul padrão')).toBeTruthy();
    // One tab stop: Tab lands on the checked swatch, an arrow moves to (and picks) the next.
    await user.tab();
    expect(document.activeElement).toBe(blue);
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'primaryColorLight', value: '#2E7D32' },
        { key: 'primaryColorDark', value: '#66BB6A' },
      ]),
    );
  }, 30_000);
});
