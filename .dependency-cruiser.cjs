// The "never" arrows of docs/architecture.md ("Arrows"), checked by `npm run lint:deps` (part of `npm test`).
// One rule per "never"; tests/deps/dependency-rules.test.ts proves each rule fails a wrong import and passes a
// clean tree.
// Paths are relative to the directory depcruise runs in (the repository root, or a test fixture root).

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'kernel-imports-no-module',
      comment:
        'The kernel is domain-free: it imports only the kernel and config.ts, never a module (nor the composition ' +
        'root, db or rest, which know the modules). Building a request context belongs to the composition root.',
      severity: 'error',
      from: { path: '^api/src/kernel/' },
      to: { path: '^api/src/', pathNot: '^api/src/(kernel/|config[.]ts$)' },
    },
    {
      name: 'rest-uses-no-service-or-repository',
      comment:
        'The REST adapter runs GraphQL operations; it never calls a service, an entity or a repository. It may ' +
        'import the kernel and the REST table rows (<entity>.rest.ts) of the modules.',
      severity: 'error',
      from: { path: '^api/src/rest/' },
      to: { path: '^api/src/modules/', pathNot: '[.]rest[.]ts$' },
    },
    {
      name: 'web-imports-no-api-source',
      comment: 'The web app talks to the server through GraphQL (generated hooks in web/src/gql), never its source.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^api/' },
    },
    {
      name: 'feature-imports-no-shell-or-app',
      comment:
        "A feature uses ui/, lib/, gql/ and other features' index.ts; the shell and app place features, not the " +
        'other way round. Shared pieces belong in web/src/ui/.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(shell|app)/' },
    },
    {
      name: 'feature-imports-only-index-of-another-feature',
      comment:
        'Another feature is reached through its index.ts only, never its internals. Its generated GraphQL ' +
        "documents and hooks (<name>.generated.tsx, beside its .graphql files) are the server's contract, not " +
        "internals: a fragment spread or a cache update of another feature's query imports them directly.",
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index[.]tsx?$', '[.]generated[.]tsx$'],
      },
    },
    {
      name: 'ui-imports-only-lib-and-gql',
      comment:
        'ui/ holds shared building blocks; it depends on lib/ and gql/ only (and on itself); its tests may use the ' +
        'test helpers.',
      severity: 'error',
      from: { path: '^web/src/ui/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^web/src/', pathNot: '^web/src/(ui|lib|gql)/' },
    },
    {
      name: 'ui-tests-import-only-lib-gql-and-test-helpers',
      comment: 'A test of ui/ may also use the shared test helpers (web/src/test/), nothing above ui.',
      severity: 'error',
      from: { path: '^web/src/ui/.+[.]test[.]tsx?$' },
      to: { path: '^web/src/', pathNot: '^web/src/(ui|lib|gql|test)/' },
    },
    {
      name: 'shell-imports-only-index-of-a-feature',
      comment:
        "The shell places what features export through their index.ts, never a feature's internals (generated " +
        'GraphQL documents and hooks aside, as for features).',
      severity: 'error',
      from: { path: '^web/src/shell/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/[^/]+/index[.]tsx?$', '[.]generated[.]tsx$'],
      },
    },
    {
      name: 'gql-is-generated',
      comment:
        'web/src/gql and the <name>.generated.tsx files are written by codegen only (hand edits are caught by ' +
        'check:generated): they never import hand-written code; hand-written code only reads them.',
      severity: 'error',
      from: { path: ['^web/src/gql/', '[.]generated[.]tsx$'] },
      to: { path: '^web/src/', pathNot: ['^web/src/gql/', '[.]generated[.]tsx$'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (shell <-> feature, db/demo <-> modules/*/*.demo.ts, ...).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that cannot be resolved would hide an arrow from the rules above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
