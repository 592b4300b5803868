import '@testing-library/jest-dom/vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import { beforeAll } from 'vitest';
import { loadLocale } from '@atende/ui-kit';
import preview from './.storybook/preview';

// Portable stories get the same globals and decorators (kit root, theme, locale) as Storybook.
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);

// The kit loads the en and es texts on demand (the root renders once its locale's table is here): loaded up front, so
// that each story renders at once in every locale the suite runs it in.
beforeAll(() => Promise.all([loadLocale('en'), loadLocale('es')]));
