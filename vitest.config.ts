import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
  },
});
