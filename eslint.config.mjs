// One lint for every workspace, run by `npm test` (so CI runs it): typescript-eslint with type information,
// React, hooks and accessibility rules for the kit and the console, Prettier for layout, and import boundaries
// that encode the architecture's arrows (a wrong arrow fails the build, not a review).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The API's modules and who may import whom (../shared/ARCHITECTURE.md). Plumbing (common, config, database,
 * jobs, realtime) imports no domain; domains import plumbing and the domains below them (the files at api/src's root,
 * the composition root, are not classified and may import anything):
 * tenant <- auth <- connection <- ticket <- (campaign, automation). `app` is the composition root.
 */
/**
 * Imports are resolved by Node's algorithm with TypeScript's extensions: every import the boundaries rules judge is a
 * relative path inside one package (the console reaches the kit by its package name, which the kit's entry owns).
 * (eslint-import-resolver-typescript would pull unrs-resolver, whose platform bindings this machine's registry lacks.)
 */
const nodeResolver = { node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.json'] } };

const API_LAYERS = ['tenant', 'auth', 'connection', 'ticket', 'campaign', 'automation'];
const API_PLUMBING = ['common', 'config', 'database', 'jobs', 'realtime'];
const apiElements = [
  { type: 'app', pattern: 'api/src/seeders/**' },
  ...API_PLUMBING.map((name) => ({ type: name, pattern: `api/src/${name}/**` })),
  ...API_LAYERS.map((name) => ({ type: name, pattern: `api/src/${name}/**` })),
  { type: 'api-test', pattern: 'api/{test,bench,scripts}/**' },
];
const below = (layer) => API_LAYERS.slice(0, API_LAYERS.indexOf(layer) + 1);
const apiPolicies = [
  { from: { element: { type: 'common' } }, allow: { to: { element: { types: { anyOf: ['common', 'config'] } } } } },
  { from: { element: { type: 'config' } }, allow: { to: { element: { types: { anyOf: ['config', 'common'] } } } } },
  { from: { element: { type: 'database' } }, allow: { to: { element: { types: { anyOf: ['database', 'config'] } } } } },
  { from: { element: { type: 'jobs' } }, allow: { to: { element: { types: { anyOf: ['jobs', 'common'] } } } } },
  { from: { element: { type: 'realtime' } }, allow: { to: { element: { types: { anyOf: ['realtime', 'common', 'database', 'config'] } } } } },
  ...API_LAYERS.map((layer) => ({
    from: { element: { type: layer } },
    allow: { to: { element: { types: { anyOf: [...API_PLUMBING, ...below(layer)] } } } },
  })),
  {
    from: { element: { types: { anyOf: ['app', 'api-test'] } } },
    allow: { to: { element: { types: { anyOf: ['app', 'api-test', ...API_PLUMBING, ...API_LAYERS] } } } },
  },
];

/**
 * The kit: its generated client and primitives import no screen; nothing in the kit imports the console or the API's code.
 * The base (i18n, theme, primitives, forms) imports of a feature only types (pt.ts: the features' text keys).
 * provider/ (the session, the API client, the socket) imports no data/ and no feature; data/ (the engine: query keys,
 * shared updaters, the mutation helper, paging, the realtime dispatcher) imports the provider and no feature; a
 * feature (features/<f>, features/admin/<f>) imports another feature's modules directly, never its index.ts barrel
 * (FEATURE_BARREL below: a barrel pulls the whole feature, its libraries included, into the bundle of whoever imports
 * one name of it). Test support (src/test, tests, stories) may import anything, the kit's entry included.
 */
const kitElements = [
  { type: 'kit-client', pattern: 'ui-kit/src/client/**' },
  { type: 'kit-test', pattern: 'ui-kit/src/test/**' },
  { type: 'kit-base', pattern: 'ui-kit/src/{i18n,theme,primitives,forms}/**' },
  { type: 'kit-provider', pattern: 'ui-kit/src/provider/**' },
  { type: 'kit-data', pattern: 'ui-kit/src/data/**' },
  { type: 'kit-feature', pattern: 'ui-kit/src/features/admin/*', capture: ['feature'] },
  { type: 'kit-feature', pattern: 'ui-kit/src/features/*', capture: ['feature'] },
  { type: 'kit-ui', pattern: 'ui-kit/src/{shell,screens}/**' },
  { type: 'kit-entry', pattern: 'ui-kit/src/*' },
  { type: 'console', pattern: 'console/**' },
  { type: 'storybook', pattern: 'storybook/**' },
];
const kitFiles = [
  {
    category: 'kit-test',
    pattern: [
      'ui-kit/src/**/*.{test,stories}.{ts,tsx}',
      'ui-kit/src/**/{story-support,story-data,*-test-utils}.{ts,tsx}',
      'ui-kit/src/screens/test-provider.tsx',
    ],
  },
];
const KIT_LOWER = ['kit-client', 'kit-base', 'kit-provider', 'kit-data'];
/** A feature's public face: its index.ts (features/admin/<f>/index.ts for the admin features). */
const featureIndex = { element: { type: 'kit-feature', fileInternalPath: 'index.ts' } };
/**
 * Another feature's barrel, as a feature's module would import it ('../../contacts', '../../admin/queues'): the names
 * of the kit's feature folders, reached by `../` only. A feature imports the module that holds what it needs instead
 * ('../../contacts/data/contacts'), so the ticket list and the chat do not pull papaparse, qrcode.react or FullCalendar
 * in with a hook (per-widget entry points, ui-kit/README.md "Bundles").
 */
const featureNames = (dir) =>
  readdirSync(new URL(`./ui-kit/src/${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'admin')
    .map((entry) => entry.name);
const FEATURE_BARREL = {
  // An admin feature reaches another one as '../../queues', the others as '../../../admin/queues'. Two levels up at
  // least: one level up is a module beside the importer's folder (business-hours/BusinessHoursEditor imports
  // '../business-hours', its own feature's business-hours.ts).
  regex: `^(\\.\\./){2,}(admin/)?(${[...featureNames('features'), ...featureNames('features/admin')].join('|')})$`,
  message:
    "Import the module that holds it (e.g. '../../contacts/data/contacts'), not another feature's index.ts: a barrel pulls the whole feature into the bundle.",
};

const kitPolicies = [
  { from: { element: { type: 'kit-client' } }, allow: { to: { element: { type: 'kit-client' } } } },
  {
    from: { element: { type: 'kit-base' } },
    allow: [
      { to: { element: { types: { anyOf: ['kit-client', 'kit-base'] } } } },
      // i18n/pt.ts names every feature's text keys (MessageKey) from the features' own tables: types only, no code.
      { to: { element: { type: 'kit-feature' } }, dependency: { kind: 'type' } },
    ],
  },
  { from: { element: { type: 'kit-provider' } }, allow: { to: { element: { types: { anyOf: ['kit-client', 'kit-base', 'kit-provider'] } } } } },
  { from: { element: { type: 'kit-data' } }, allow: { to: { element: { types: { anyOf: KIT_LOWER } } } } },
  {
    from: { element: { type: 'kit-feature' } },
    allow: [{ to: { element: { types: { anyOf: [...KIT_LOWER, 'kit-ui', 'kit-feature'] } } } }, { dependency: { relationship: { to: 'internal' } } }],
  },
  { from: { element: { type: 'kit-ui' } }, allow: [{ to: { element: { types: { anyOf: [...KIT_LOWER, 'kit-ui'] } } } }, { to: featureIndex }] },
  {
    from: { element: { types: { anyOf: ['kit-entry', 'kit-test'] } } },
    allow: { to: { element: { types: { anyOf: ['kit-entry', 'kit-test', 'kit-feature', 'kit-ui', ...KIT_LOWER] } } } },
  },
  {
    from: { file: { categories: { anyOf: ['kit-test'] } } },
    allow: { to: { element: { types: { anyOf: ['kit-entry', 'kit-test', 'kit-feature', 'kit-ui', ...KIT_LOWER] } } } },
  },
  {
    from: { element: { types: { anyOf: ['console', 'storybook'] } } },
    allow: { to: { element: { types: { anyOf: ['console', 'storybook', 'kit-entry', 'kit-test', 'kit-feature', 'kit-ui', ...KIT_LOWER] } } } },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      'api/src/database/migrations/**',
      'client/src/schema.d.ts',
      'ui-kit/embed-example/**',
      '**/*.d.ts',
      'console/e2e/.output/**',
      'storybook/storybook-static/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Nest's decorated classes and `void promise` fire-and-forget are the house style.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
      '@typescript-eslint/only-throw-error': 'error',
      // An async implementation of a Promise-returning interface keeps throw-as-rejection without an await.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Plain JavaScript (configs, scripts): no type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs', '**/jest.config.js', '**/jest.*.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests read HTTP bodies (any) and drive things loosely; the type-aware "unsafe" rules add noise there.
    files: [
      '**/*.{spec,e2e-spec,test}.{ts,tsx}',
      'api/test/**',
      '**/test/**',
      'console/e2e/**',
      'console/bench/**',
      'storybook/**',
      '**/*.stories.tsx',
      'api/bench/**',
      'api/scripts/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['api/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': apiElements,
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': nodeResolver,
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'disallow', policies: apiPolicies }] },
  },
  {
    files: ['ui-kit/**/*.{ts,tsx}', 'console/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, boundaries },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      react: { version: '19.0' },
      'boundaries/elements': kitElements,
      'boundaries/files': kitFiles,
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': nodeResolver,
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/prop-types': 'off',
      // Every autoFocus in the kit and the console sits on a kit (react-aria) component or forwards the embedder's opt-in:
      // the first field of a dedicated sign-in page and the dialog's default action, both moved by react-aria's focus
      // management. A native element's autoFocus is still reported.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      'boundaries/dependencies': ['error', { default: 'disallow', policies: kitPolicies }],
    },
  },
  {
    files: ['ui-kit/src/features/**/*.{ts,tsx}'],
    // Test support (tests, stories and their data) is in no bundle.
    ignores: ['**/*.{test,stories}.{ts,tsx}', '**/{story-support,story-data,*-test-utils}.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [FEATURE_BARREL] }] },
  },
  {
    // A presentational view (features/<f>/<X>View/, beside its connected <X>/) gets everything through its props: no
    // data hook, none of the provider's session, client or socket, no query client (ui-kit/README.md). Its types and
    // pure helpers may still come from a data/ module.
    files: ['ui-kit/src/features/**/*View/*.{ts,tsx}'],
    ignores: ['**/*.{test,stories}.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/data', '**/data/*'],
              importNamePattern: '^use',
              message: 'A view reads no data hook: its connected component passes the data as props.',
            },
            {
              group: ['**/provider/context', '@tanstack/react-query'],
              allowTypeImports: true,
              message: "A view uses neither the provider's session, client or socket nor the query client: its connected component does.",
            },
            FEATURE_BARREL,
          ],
        },
      ],
    },
  },
  {
    // Code passed to page.evaluate() / locator.evaluate() runs in the browser.
    files: ['console/e2e/**/*.mjs', 'console/bench/**/*.mjs', 'console/scripts/screenshots.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Command-line scripts run by npm: printing what they did is their job.
    files: ['console/scripts/report-size.mjs', 'console/scripts/screenshots.mjs', 'client/scripts/generate.mjs', 'ui-kit/scripts/pack-test.mjs'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
