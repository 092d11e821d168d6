import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Most cases run the CLI in-process (test/support/scout.ts); the start-up, packaging, pipe and
    // signal suites still spawn processes: give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
