// The layers of src/ and the rules about them: imports only point down, nothing imports itself back,
// and what --help loads stays light. test/project/layers.test.ts runs these rules over src/ in the
// suite (`npx depcruise src` runs them too). Type-only imports count for the layers: a type import up
// is still a layer pointing the wrong way.
//
//   cli.ts, launch.ts,              entries: the program, the process entry and its code cache
//   code-cache.ts, main.ts,         (which runs the program), the process side of the program,
//   index.ts                        the library
//   commands/                       the verbs: <topic>/<verb>.ts (specs), <verb>.run.ts, index.ts,
//                                   args.ts (argument specs verbs share)
//   run/                            what runs a command: execute, session, output, list, object,
//                                   batches and --chains, watch and wait, progress
//   kit/                            what --help loads: the spec kit, the registrar, option specs
//   render/                         text from data: tables, CSV, JSON, key/value views
//   api/, config/, abi/             HTTP and the explorer API; settings, chains, files; ABI encoding
//                                   and decoding (ox), loaded only with import()
//   base/                           errors, io, validation, safe text, lossless JSON
const BASE = '^src/(base|types)/';
const ENTRIES = '^src/(cli|main|launch|code-cache|index)\\.ts$';

/**
 * What `--help` and `--version` load: the entries' static imports, which are the kit and the verbs'
 * specs (not their `.run.ts`). The rule below keeps them apart from what runs a command; anything
 * heavier is loaded with `import()` when the command runs (dynamic imports are allowed).
 */
const HELP_SIDE = '^src/kit/|^src/commands/(?!.*\\.run\\.ts$)|^src/cli\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle ties modules that should be separable; break it by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'base-imports-no-layer',
      severity: 'error',
      comment: 'Base modules are used by every layer, so they import only each other.',
      from: { path: BASE },
      to: { path: '^src/', pathNot: BASE },
    },
    {
      name: 'api-and-config-stay-below',
      severity: 'error',
      comment: 'api/ and config/ know nothing of rendering, commands or each other.',
      from: { path: '^src/api/' },
      to: { path: '^src/(config|abi|render|kit|run|commands)/|' + ENTRIES },
    },
    {
      name: 'config-stays-below',
      severity: 'error',
      comment: 'config/ knows nothing of the API client, rendering or commands.',
      from: { path: '^src/config/' },
      to: { path: '^src/(api|abi|render|kit|run|commands)/|' + ENTRIES },
    },
    {
      name: 'abi-stays-below',
      severity: 'error',
      comment: 'abi/ (ABI parsing, encoding, decoding and formatting of values) knows nothing of HTTP, settings, rendering or commands: callers hand it ABIs and bytes.',
      from: { path: '^src/abi/' },
      to: { path: '^src/(api|config|render|kit|run|commands)/|' + ENTRIES },
    },
    {
      name: 'render-stays-below-commands',
      severity: 'error',
      comment: 'Renderers turn data into text; they may read api/ and config/ types, never the kit, the runners or commands.',
      from: { path: '^src/render/' },
      to: { path: '^src/(kit|run|commands)/|' + ENTRIES },
    },
    {
      name: 'kit-stays-below-run',
      severity: 'error',
      comment: 'The kit describes commands; the runners use it, never the other way round.',
      from: { path: '^src/kit/' },
      to: { path: '^src/(run|commands)/|' + ENTRIES },
    },
    {
      name: 'run-stays-below-verbs',
      severity: 'error',
      comment: 'The runners run any verb; they know none of them (the verbs are handed in as specs).',
      from: { path: '^src/run/' },
      to: { path: '^src/commands/|' + ENTRIES },
    },
    {
      name: 'commands-never-import-entries',
      severity: 'error',
      comment: 'Verbs share kit/invocation.ts, never cli.ts (which imports them all).',
      from: { path: '^src/commands/' },
      to: { path: ENTRIES },
    },
    {
      name: 'help-loads-no-run-side',
      severity: 'error',
      comment:
        'What --help loads (the kit, the verbs\' specs, cli.ts) imports the run side, renderers, the API client, the ABI layer (abi/, ox) or the heavy libraries only with import(), or as types: --help must not load them. api/endpoints.ts (request builders, types only) is the one api/ module allowed.',
      from: { path: HELP_SIDE },
      to: {
        path: '^src/(run|render|abi)/|^src/api/(?!endpoints\\.ts$)|\\.run\\.ts$|(^|/)node_modules/(zod|undici|ora|chalk|cli-table3|jq-web|open|@adraffy|ox|hyparquet-writer|hyparquet)/',
        dependencyTypesNot: ['type-only', 'dynamic-import'],
      },
    },
    {
      name: 'styling-through-paint',
      severity: 'error',
      comment: 'Every style is spelled by render/paint.ts, where the session decides whether colour is on: nothing else imports chalk.',
      from: { path: '^src/', pathNot: '^src/render/paint\\.ts$' },
      to: { path: '(^|/)node_modules/chalk/' },
    },
    {
      name: 'only-rpc-posts',
      severity: 'error',
      comment:
        "scout sends POST to the explorer's JSON-RPC and nowhere else: the name of the HTTP layer's POST method (api/post.ts) is imported only by http.ts, which defines it, and rpc.ts, the JSON-RPC client.",
      from: { pathNot: '^src/api/(http|rpc)\\.ts$' },
      to: { path: '^src/api/post\\.ts$' },
    },
    {
      name: 'endpoints-stay-light',
      severity: 'error',
      comment: 'api/endpoints.ts is loaded by --help (the verbs build requests with it): it may import only types and base modules.',
      from: { path: '^src/api/endpoints\\.ts$' },
      to: { pathNot: BASE, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.d.ts'] },
  },
};
