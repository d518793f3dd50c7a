import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

const NO_API_IN_VIEWS = {
  group: ['**/api', '**/api/*'],
  message:
    'Pages and components read stores; only stores call api/. Take types from @piste/contracts or the store.',
};
const NO_TOASTS_IN_VIEWS = {
  group: ['**/lib/toast', 'react-hot-toast'],
  message: 'Raise toasts from the store action that knows the outcome, not from a page or component.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Pages and components show state; stores fetch it and say how things went. So a page or component neither
    // calls the server (api/) nor raises a toast (the store action that knows the outcome does; lib/forms raises
    // the spec's validation toasts). Their tests still mock api/ modules.
    files: ['frontend/src/pages/**/*.{ts,tsx}', 'frontend/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'frontend/src/components/AppToaster.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_API_IN_VIEWS, NO_TOASTS_IN_VIEWS] }],
    },
  },
  {
    // The toaster shows the toasts, so it is the one view that imports them.
    files: ['frontend/src/components/AppToaster.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_API_IN_VIEWS] }],
    },
  },
  {
    // Tests talk to real HTTP replies; their bodies are loosely typed on purpose.
    files: [
      '**/test/**/*.ts',
      '**/*.spec.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
