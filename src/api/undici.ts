/**
 * The parts of undici the HTTP layer uses: its connection Pool and its request API. Imported from
 * their own modules rather than undici's index, which also builds fetch, WebSocket, caches, proxies
 * and mocks at load time: for a one-lookup CLI that load was most of the cost of a request
 * (BENCHMARKS.md). Same classes, same behaviour; undici 7 has no exports map, so these paths are
 * public files of the package.
 */
import type { Dispatcher } from 'undici';
import Pool from 'undici/lib/dispatcher/pool.js';
import requestFn from 'undici/lib/api/api-request.js';

export { Pool };

/** `dispatcher.request(options)`, for any dispatcher (a Pool, or a MockPool in tests). */
export function request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestFn.call(dispatcher, options);
}
