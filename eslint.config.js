// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/*
 * Client boundaries. A feature (src/client/features/<name>) never imports another feature:
 * for a file d folders below its feature folder, an import that climbs d + 1 folders and
 * enters a sibling folder is another feature. Shared code (components, lib) never imports
 * features, route modules or the layout. Route modules and the layout compose features.
 */
const FEATURE_DEPTHS = [0, 1, 2, 3];
const up = (n) => `(?:\\.\\./){${n}}`;
const featureBoundaries = FEATURE_DEPTHS.map((depth) => ({
  files: [`src/client/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^${up(depth + 1)}[^./]|^${up(depth + 2)}features/`,
            message:
              'A feature never imports another feature: move what both need to components/ui, lib or src/shared, or compose them in a route module.',
          },
        ],
      },
    ],
  },
}));

/*
 * Server boundaries, as import patterns per part of src/server (tests may also use tools/).
 */
const NO_CLIENT = { group: ['**/client/**'], message: 'server must not import client code' };
const NO_TOOLS = { group: ['**/tools/**'], message: 'src/ never imports tools/.' };
const NO_FEATURES = {
  group: ['**/features/**'],
  message:
    'The platform never imports a feature: declare the face in the feature (index.ts) and let the app iterate the declarations.',
};
const ONLY_THROUGH_INDEX = {
  regex: '^\\.\\./[\\w-]+/(?!index\\.ts$)',
  message: "A feature imports another feature only through that feature's index.ts.",
};
const SERVER_PARTS = [
  ['src/server/platform/**/*.ts', [NO_CLIENT, NO_FEATURES]],
  ['src/server/features/*/**/*.ts', [NO_CLIENT, ONLY_THROUGH_INDEX]],
  ['src/server/*.ts', [NO_CLIENT]],
  ['src/server/demo/**/*.ts', [NO_CLIENT]],
];
const serverBoundaries = SERVER_PARTS.flatMap(([files, patterns]) => [
  { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } },
  {
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, NO_TOOLS] }] },
  },
]);

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'drizzle', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Boundaries: client and server never import each other; shared imports neither.
  // zod lives only in the shared schema modules (`<feature>/schema.ts`): every other
  // shared module is zod-free, so the browser may import its values.
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'zod belongs in a shared schema.ts module only.' }],
          patterns: [
            {
              group: ['**/client/**', '**/server/**'],
              message: 'shared is isomorphic: it imports neither client nor server',
            },
            {
              group: ['**/schema.ts'],
              allowTypeImports: true,
              message: 'A zod-free shared module imports schemas as types only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '**/server/**'],
              message: 'shared is isomorphic: it imports neither client nor server',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'server must not import client code' }] },
      ],
    },
  },
  /*
   * Server boundaries. The platform (database, http, auth, events, mail …) never imports a
   * feature: a feature declares itself (features/<name>/index.ts) and the app iterates the
   * declarations. A feature reaches another feature only through that feature's index.ts.
   * Code in src/ never imports tools/ (the import, bench seeding; its tests may).
   */
  ...serverBoundaries,
  {
    files: ['src/client/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // zod stays out of the browser bundle: the client imports shared schemas as types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'zod stays on the server.' }],
          patterns: [
            { group: ['**/server/**'], message: 'client must not import server code' },
            {
              group: ['**/shared/**/schema.ts'],
              allowTypeImports: true,
              message: 'shared schemas carry zod: import their types with `import type`.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/client/components/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/routes/**', '**/layout/**'],
              message:
                'Shared client code (components, lib) never imports features, routes or the layout.',
            },
          ],
        },
      ],
    },
  },
);
