import { defineConfig } from 'vitest/config';

// Files whose time goes to starting processes: the built command run many times over (fuzzing through
// pipes, files written under --out, key files), start-up traces, packaging, the benchmark smoke run,
// signals and pipes. They make the `slow` project; everything else (unit, in-process integration,
// conformance) is `fast`, the default of `npx vitest run`. `npm test` (and so .ci/run) runs both in one
// invocation, so reports/vitest.json holds both.
const SLOW = [
  'test/conformance/jq-fuzz.test.ts',
  'test/integration/bench.test.ts',
  'test/integration/exit.test.ts',
  'test/integration/help-text.test.ts',
  'test/integration/output.test.ts',
  'test/integration/packaging.test.ts',
  'test/integration/sec-cache-entries.test.ts',
  'test/integration/sec-config.test.ts',
  'test/integration/sec-endless-lists.test.ts',
  'test/integration/sec-jq-limits.test.ts',
  'test/integration/sec-keys.test.ts',
  'test/integration/sec-render-interrupt.test.ts',
  'test/integration/sec-source-out.test.ts',
  'test/integration/sec-source-sigint.test.ts',
  'test/integration/single-file.test.ts',
  'test/integration/startup.test.ts',
  'test/integration/terminal-help.test.ts',
];

const defaultProject: { project?: string } = { project: 'fast' };

export default defineConfig({
  test: {
    // One module graph per worker, not per file: re-importing the sources and rebuilding the fake
    // explorer's dataset for each of thirty files cost more than all the tests. Safe because src/
    // keeps no module state (commands get everything through the Io) and no test mocks modules,
    // stubs globals or environment variables; a test that must do so needs isolation back.
    isolate: false,
    // Vitest leaves a core free by default, which is one worker on 2 cores; the start-up, packaging,
    // bench, pipe and signal suites mostly wait on child processes, so use every core.
    maxWorkers: '100%',
    // Room for the suites that spawn processes on a loaded 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // Without --project, only the fast one runs; `--project slow` or `--project '*'` for the rest. The
    // option is the one --project sets (vitest's `project`, a run filter it reads from the config too);
    // its type lists it for the command line only, hence the spread.
    ...defaultProject,
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
