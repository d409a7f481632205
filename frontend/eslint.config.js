import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/feature-boundaries.js';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'src/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Feature boundaries (docs/architecture.md, "Frontend"), tests included: a test of one feature
    // does not reach into another either.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: boundaries },
    rules: { 'local/feature-boundaries': ['error', { srcDir }] },
  },
  {
    // Tests and test helpers export utilities next to components; fast refresh is irrelevant there.
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint-rules/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
