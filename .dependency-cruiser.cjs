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
    // The server's floors, bottom up: db (schema, client, migrations) → lib → modules → seed (and the app that
    // starts it all). A floor imports only the floors below it.
    {
      name: 'db-is-the-ground-floor',
      severity: 'error',
      comment:
        'server/db holds the schema, the client and the migrations: it imports nothing else of the server but where files are (lib/paths.ts, which imports nothing).',
      from: { path: '^server/db/' },
      to: { path: '^server/', pathNot: '^server/(db|chain)/|^server/lib/paths\\.ts$' },
    },
    {
      name: 'lib-below-modules',
      severity: 'error',
      comment: 'server/lib is what modules build with: it imports server/db, server/chain and the types, no module.',
      from: { path: '^server/lib/' },
      to: { path: '^server/', pathNot: '^server/(db|chain|lib)/|^server/(types|config)\\.ts$' },
    },
    {
      name: 'modules-below-seed',
      severity: 'error',
      comment:
        'The seed and export (server/seed) sit above the modules and use their policies; no module imports them.',
      from: { path: '^server/modules/' },
      to: { path: '^server/(seed|plugins)/|^server/(app|index)\\.ts$' },
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
