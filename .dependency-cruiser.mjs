// The layers of src/ and the one rule about them: imports only point down, and nothing imports
// itself back. test/unit/layers.test.ts runs these rules over src/ in the suite (`npx depcruise src`
// runs them too). Type-only imports count: a type import up is still a layer pointing the wrong way.
//
//   cli.ts, launch.ts, main.ts,     entries: the program, the process entry and the process side
//   index.ts                        of the program, the library
//   commands/                       command specs, the registrar, the runtime commands share
//   render/                         text from data: tables, CSV, JSON, key/value views
//   api/, config/                   HTTP and the explorer API; settings, chains, files
//   base modules                    errors, io, validate, rawjson, text/ (safe text)
const BASE = '^src/(errors|io|node-io|validate|rawjson|rawjson-stream)\.ts$|^src/(text|types)/';
const ENTRIES = '^src/(cli|main|launch|index)\.ts$';

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
      to: { path: '^src/(config|render|commands)/|' + ENTRIES },
    },
    {
      name: 'config-stays-below',
      severity: 'error',
      comment: 'config/ knows nothing of the API client, rendering or commands.',
      from: { path: '^src/config/' },
      to: { path: '^src/(api|render|commands)/|' + ENTRIES },
    },
    {
      name: 'render-stays-below-commands',
      severity: 'error',
      comment: 'Renderers turn data into text; they may read api/ and config/ types, never commands.',
      from: { path: '^src/render/' },
      to: { path: '^src/commands/|' + ENTRIES },
    },
    {
      name: 'commands-never-import-entries',
      severity: 'error',
      comment: 'Commands share commands/runtime.ts, never cli.ts (which imports them all).',
      from: { path: '^src/commands/' },
      to: { path: ENTRIES },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.d.ts'] },
  },
};
