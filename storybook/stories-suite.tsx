import { composeStories, type composeStory } from '@storybook/react-vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

// Every story file of the kit; a new *.stories.tsx is tested without touching the test files.
const storyFiles = import.meta.glob<StoriesModule>('../ui-kit/src/**/*.stories.tsx');

const LOCALES = ['pt', 'en', 'es'] as const;
/**
 * Each story renders in every locale in the light theme, and once more dark in Portuguese. In jsdom a theme is only the
 * root's data-theme (no stylesheet is computed), so the dark render proves the story takes the theme, and five more
 * locale x theme pairs would render the same tree again (a third of this suite's time). The light and dark looks are
 * checked where styles apply: the browser tests' screenshots.
 */
const RENDERS = [...LOCALES.map((locale) => ({ locale, theme: 'light' as const })), { locale: 'pt' as const, theme: 'dark' as const }];

/** React's console.error when act() runs with IS_REACT_ACT_ENVIRONMENT off: about the harness, not a story. */
const ACT_ENVIRONMENT_NOTE = 'The current testing environment is not configured to support act(';

/** How many test files share the stories (one vitest worker each): stories-1.test.tsx … stories-N.test.tsx. */
export const SHARDS = 2;

/**
 * Renders every story of shard `shard` (1-based; the story files taken in turn) in each of RENDERS: it must
 * render inside the kit root with that theme and language, show something, and make React report no error.
 */
export async function defineStoryTests(shard: number): Promise<void> {
  const paths = Object.keys(storyFiles)
    .sort()
    .filter((_, i) => i % SHARDS === shard - 1);
  const modules = await Promise.all(paths.map(async (path) => [path, await storyFiles[path]()] as const));

  describe(`ui-kit stories (${shard} of ${SHARDS})`, () => {
    let consoleErrors: unknown[][];
    beforeEach(() => {
      consoleErrors = [];
      // React reports render problems (bad props, missing keys, caught errors) through console.error. Not among them:
      // React's note that act() ran while the test environment flag was off. An overlay whose code loads on demand
      // (the tooltip's bubble, LazyOverlay) can finish loading after its story's render, inside the next story's,
      // where portable stories have switched the flag; that says nothing about the story being rendered (seen once
      // in CI: Tooltip's OnHover after Open).
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith(ACT_ENVIRONMENT_NOTE)) return;
        consoleErrors.push(args);
      });
    });
    afterEach(() => {
      document.body.innerHTML = '';
    });

    it('finds the story files', () => {
      expect(paths.length).toBeGreaterThanOrEqual(1);
    });

    for (const [path, module] of modules) {
      const stories = Object.entries<ComposedStory>(composeStories(module));
      const file = path.replace('../ui-kit/src/', '');

      it(`${file} exports stories`, () => {
        expect(stories.length).toBeGreaterThan(0);
      });

      for (const [name, Story] of stories) {
        for (const { locale, theme } of RENDERS) {
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
  });
}
