import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.cache/**', '.data/**', '**/@mf-types/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [
      'shell/**/*.{ts,tsx}',
      'mf-*/**/*.{ts,tsx}',
      'packages/ui/**/*.{ts,tsx}',
      'packages/router/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Command-line tools talk to a person on the terminal.
    files: ['tools/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Test files share their worker's modules (vitest.config.ts, `isolate: false`): a module
    // replaced or reloaded by one file would be what the next file in that worker gets.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'resetModules', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Test files share their modules (isolate: false): pass the dependency in instead, or set it in the process the test starts.',
        })),
      ],
    },
  },
);
