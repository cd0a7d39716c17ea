/** Import cycles and the folders' boundaries (ARCHITECTURE.md, Folders), checked in `npm test` with `npm run lint:deps`. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: modules should depend one way (e.g. orders → mint, never mint → orders; hand a callback instead).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-is-shared',
      severity: 'error',
      comment: 'src/common is shared by the server and the browser apps: it imports nothing of either.',
      from: { path: '^src/common' },
      to: { path: '^(server|src/admin|src/lib|src/shop)/' },
    },
    {
      name: 'browser-not-server',
      severity: 'error',
      comment: 'Browser code reaches the server through the API; shared code lives in src/common.',
      from: { path: '^src/(admin|lib|shop)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-shares-only-common',
      severity: 'error',
      comment: 'The server imports only src/common from src/.',
      from: { path: '^server/' },
      to: { path: '^src/(admin|lib|shop)/' },
    },
    {
      name: 'chain-only-talks-to-the-chain',
      severity: 'error',
      comment: 'server/chain wraps the chain; the mint jobs and their worker are the mint module’s.',
      from: { path: '^server/chain/' },
      to: { path: '^server/(modules|db)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
