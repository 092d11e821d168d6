import { defineConfig } from 'vitest/config';

// Files whose time goes to starting processes: the built command run many times over (fuzzing through
// pipes, files written under --out, key files), start-up traces, packaging, the benchmark smoke run,
// signals and pipes. They make the `slow` project; the files of ISOLATED make the `isolated` project;
// everything else (unit, in-process integration, conformance) is `fast`. `npx vitest run` runs `fast`
// and `isolated`; `npm test` (and so .ci/run) runs all three in one invocation, so reports/vitest.json
// holds them all.
export const SLOW = [
  'test/conformance/jq-fuzz.test.ts',
  'test/project/bench.test.ts',
  'test/config/durations.test.ts',
  'test/run/echo-cli.test.ts',
  'test/run/exit.test.ts',
  'test/project/help-text.test.ts',
  'test/run/output-refused.test.ts',
  'test/project/packaging.test.ts',
  'test/api/sec-cache-entries.test.ts',
  'test/config/sec-config.test.ts',
  'test/api/sec-endless-lists.test.ts',
  'test/run/jq-limits.test.ts',
  'test/config/sec-keys.test.ts',
  'test/render/render-interrupt.test.ts',
  'test/commands/contract/source-out.test.ts',
  'test/commands/contract/source-sigint.test.ts',
  'test/project/single-file.test.ts',
  'test/project/startup.test.ts',
  'test/project/code-cache.test.ts',
  'test/project/export-child.test.ts',
  'test/project/terminal-help.test.ts',
  'test/run/terminal-progress.test.ts',
];

// The only files that replace a module or spy on a global, each for a reason it states: they run
// with vitest's per-file isolation (a fresh module graph and process per file), so nothing they do
// reaches another file. test/project/test-hygiene.test.ts fails on a test file outside this list that
// mocks modules, stubs or spies on globals, writes process.env or assigns to what it imports from src/.
export const ISOLATED = [
  // vi.mock('node:fs'): acts between scout's check and its write, at the exact system call.
  'test/commands/contract/source-write.test.ts',
  // vi.spyOn(JSON, 'parse'): proves that no page or document is parsed whole.
  'test/api/bigbody.test.ts',
];

const defaultProject: { project?: string[] } = { project: ['fast', 'isolated'] };

export default defineConfig({
  test: {
    // One module graph per worker, not per file: re-importing the sources and rebuilding the fake
    // explorer's dataset for each of thirty files cost more than all the tests. Safe because the
    // module state src/ keeps is caches that hold nothing of one run for the next (a lazily loaded
    // chalk, a word segmenter, the jq thread), budgets and
    // limits are constants a test passes smaller values for (through the Io or a parameter), and
    // outside ISOLATED no test mocks modules, stubs or spies on globals, or writes process.env.
    isolate: false,
    // Vitest leaves a core free by default, which is one worker on 2 cores; the start-up, packaging,
    // bench, pipe and signal suites mostly wait on child processes, so use every core.
    maxWorkers: '100%',
    // Room for the suites that spawn processes on a loaded 2-core machine.
    testTimeout: 30_000,
    // chalk loaded for paint, as a session with colour on loads it (test/support/paint.ts).
    setupFiles: ['test/support/paint.ts'],
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // Without --project, fast and isolated run; `--project slow` or `--project '*'` for the rest. The
    // option is the one --project sets (vitest's `project`, a run filter it reads from the config too);
    // its type lists it for the command line only, hence the spread.
    ...defaultProject,
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...SLOW, ...ISOLATED] } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
