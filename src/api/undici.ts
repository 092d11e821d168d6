/**
 * The parts of undici the HTTP layer uses: its connection Pool and its request API, imported from
 * their own files rather than undici's index, which also builds fetch, WebSocket, caches, proxies and
 * mocks at load time, about 15% of a single lookup's run time (BENCHMARKS.md). These paths are
 * undici's internals, not its public API: package.json pins undici to one exact version and
 * test/api/undici-pin.test.ts checks they are still the very Pool and request the index exports.
 * The build makes this module and undici a part of the program of their own (dist/cli/undici.cjs,
 * scripts/build.mjs), with a code cache that only a run that sends a request reads.
 */
import type { Dispatcher } from 'undici';
import Pool from 'undici/lib/dispatcher/pool.js';
import requestFn from 'undici/lib/api/api-request.js';

export { Pool };

/** `dispatcher.request(options)`, for any dispatcher (a Pool, or a MockPool in tests). */
export function request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestFn.call(dispatcher, options);
}
