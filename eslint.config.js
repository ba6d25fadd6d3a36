import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.cache/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/cli/**', 'bench/**', 'ops/**', 'testing/**', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Product code never reaches into the test harness or the benches: the production build ships
    // none of them (test support lives in testing/, bench support in bench/).
    files: ['backend/src/**', 'worker/src/**', 'contracts/src/**', 'frontend/*/src/**', 'frontend/shared/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/testing/**', '**/testing', '**/bench/**'],
              message: 'Test and bench support stay out of product code.',
            },
          ],
        },
      ],
    },
  },
);
