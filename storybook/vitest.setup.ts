import '@testing-library/jest-dom/vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import { beforeAll } from 'vitest';
import preview from './.storybook/preview';

// Portable stories get the same globals and decorators (kit root, theme, locale) as Storybook.
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
