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
      // Ejected from @docusaurus/theme-search-algolia 3.9.2 and kept as upstream wrote it (its
      // disable comments name Docusaurus's own lint plugins); our lines are marked (CUSTOM) and
      // the files are still type-checked.
      'site/src/theme/SearchBar/**',
      'site/src/theme/SearchPage/**',
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
    files: ['e2e/fixtures/gapiStandIn.js'],
    rules: {
      // The stand-in is a classic browser script in the style of the loader it replaces:
      // ES5 closures that keep `this`, and plain objects used as message tables.
      '@typescript-eslint/no-this-alias': 'off',
      '@typescript-eslint/no-dynamic-delete': 'off',
    },
  },
  {
    files: ['**/*.d.ts'],
    rules: {
      // Docusaurus's own ambient module declarations use triple-slash references.
      '@typescript-eslint/triple-slash-reference': 'off',
    },
  },
);
