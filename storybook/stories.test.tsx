import { composeStories, type composeStory } from '@storybook/react-vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

// Every story file of the kit; a new *.stories.tsx is tested without touching this file.
const storyFiles = import.meta.glob<StoriesModule>('../ui-kit/src/**/*.stories.tsx', { eager: true });

const LOCALES = ['pt', 'en', 'es'] as const;
const THEMES = ['light', 'dark'] as const;

describe('ui-kit stories', () => {
  let consoleErrors: unknown[][];
  beforeEach(() => {
    consoleErrors = [];
    // React reports render problems (bad props, missing keys, caught errors) through console.error.
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      consoleErrors.push(args);
    });
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('finds the story files', () => {
    expect(Object.keys(storyFiles).length).toBeGreaterThanOrEqual(2);
  });

  for (const [path, module] of Object.entries(storyFiles)) {
    const stories = Object.entries<ComposedStory>(composeStories(module));
    const file = path.replace('../ui-kit/src/', '');

    it(`${file} exports stories`, () => {
      expect(stories.length).toBeGreaterThan(0);
    });

    for (const [name, Story] of stories) {
      for (const locale of LOCALES) {
        for (const theme of THEMES) {
          it(`${file} › ${name} renders in ${locale}/${theme}`, async () => {
            await Story.run({ globals: { locale, theme } });
            const root = document.body.querySelector('.atd-root');
            expect(root, 'the story renders inside the kit root').not.toBeNull();
            expect(root).toHaveAttribute('data-theme', theme);
            expect(root?.getAttribute('lang')).toMatch(new RegExp(`^${locale}\\b`));
            expect(root?.textContent?.trim(), 'the story shows something').not.toBe('');
            expect(consoleErrors).toEqual([]);
          });
        }
      }
    }
  }
});
