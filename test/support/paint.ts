/**
 * Loaded before every test file (vitest.config.ts, setupFiles): chalk loaded for paint, as the
 * session loads it when colour is on (src/run/session.ts), so that a test may render with a context
 * of its own that has colour on. That the session does load it is checked on the built program
 * (test/project/startup.test.ts).
 */
import { loadPaint } from '../../src/render/paint.js';

await loadPaint();
