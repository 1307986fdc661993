// ESLint for the whole tree (`npm run lint`, part of `npm test`): typescript-eslint with type information,
// react-hooks and jsx-a11y for the web, and the house's restricted patterns (one way to do each thing).
// tests/deps/restricted-syntax.test.ts proves each restricted pattern fails where it is forbidden and passes where it
// is allowed.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Permission errors are raised by policies and the kernel only (`authorize`, `requireAdmin`). */
const FORBIDDEN_ERRORS = [
  {
    selector: "ThrowStatement > CallExpression.argument[callee.name='forbidden']",
    message: 'Throw permission errors from a *.policy.ts (authorize) or the kernel, not here.',
  },
  {
    selector: "NewExpression[callee.name='DomainError'] > Literal.arguments:first-child[value='FORBIDDEN']",
    message: "Raise FORBIDDEN from a *.policy.ts (authorize) or the kernel, not with new DomainError('FORBIDDEN').",
  },
];

/** Who is an administrator is decided by the kernel (isAdmin, requireAdmin) and policies. */
const roleComparedWithAdmin = (role, admin) =>
  `BinaryExpression[operator=/^[!=]==?$/][${role}.type='MemberExpression'][${role}.property.name='role']` +
  `[${admin}.value='admin']`;
const ADMIN_ROLE = [roleComparedWithAdmin('left', 'right'), roleComparedWithAdmin('right', 'left')].map((selector) => ({
  selector,
  message: "Ask a policy or the kernel's isAdmin/requireAdmin instead of comparing .role with 'admin'.",
}));

const GEOLOCATION = {
  object: 'navigator',
  property: 'geolocation',
  message: 'Ask for the position through web/src/lib/ (position.ts), not navigator.geolocation.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'web/dist-server/',
      'web/src/gql/',
      '**/*.generated.tsx',
      'schema/',
      'data/',
      '.tmp/',
      'test-results/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: {
        project: ['./api/tsconfig.eslint.json', './web/tsconfig.json', './tests/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Type-aware rules that catch real bugs: a promise nobody awaits, a promise where a boolean or a void callback
      // is expected, an await on something that is not a promise.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'max-len': [
        'error',
        {
          code: 120,
          // A test's title stays on one line (splitting it re-indents the whole test), and so does a regular
          // expression.
          ignorePattern: '^\\s*(it|test|describe|bench)(\\.\\w+)*\\(',
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
  {
    // Config files outside the workspaces' tsconfigs: linted without type information.
    files: ['tests/*.mts', 'web/vite.explorer.config.ts', 'web/vite.server.config.ts'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { project: false, projectService: false } },
  },
  {
    // Tests read untyped GraphQL and JSON answers; `any` there is what they are.
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'api/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['api/**', 'tests/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['web/src/**/*.tsx'],
    rules: {
      // Focus moves only into a field of a dialog or search the person has just opened, which is what they expect.
      'jsx-a11y/no-autofocus': 'off',
      // Members' own recordings and videos come without caption files; there is no track to give.
      'jsx-a11y/media-has-caption': 'off',
    },
  },
  // The house's one way to do each thing.
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.policy.ts', 'api/src/kernel/**'],
    rules: { 'no-restricted-syntax': ['error', ...FORBIDDEN_ERRORS, ...ADMIN_ROLE] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/**'],
    rules: { 'no-restricted-properties': ['error', GEOLOCATION] },
  },
);
