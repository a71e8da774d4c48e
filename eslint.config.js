// One flat config for every workspace. Each disabled rule says why.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.docusaurus/**',
      '**/test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: {...globals.node, ...globals.browser},
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: {'react-hooks': reactHooks},
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.d.ts'],
    rules: {
      // Docusaurus's own ambient module declarations use triple-slash references.
      '@typescript-eslint/triple-slash-reference': 'off',
    },
  },
);
