/**
 * scout as a library: the HTTP layer, the clients, one function per API operation, the paginator and
 * the schemas, typed.
 *
 * ```ts
 * import { Http, ExplorerClient, addressTransactions, paginate } from 'scout-cli';
 * const http = new Http({ timeoutMs: 30_000, retries: 3, userAgent: 'me' });
 * const api = new ExplorerClient({ baseUrl: 'https://eth.blockscout.com', http });
 * for await (const page of paginate((r, c) => api.page(r, c), addressTransactions('0x…'))) {
 *   for (const tx of page.items()) console.log(tx.hash, tx.status);
 * }
 * await http.close();
 * ```
 */
export { Http, type HttpOptions, type HttpResponse, displayUrl } from './api/http.js';
export {
  AdminClient,
  ExplorerClient,
  buildUrl,
  parseListBody,
  type ListRequest,
  type Page,
  type Params,
} from './api/client.js';
export { type Cursor, cursorFromRaw, decodeCursor, encodeCursor } from './api/cursor.js';
export { collectRaw, paginate, type PageFetcher, type PaginateOptions } from './api/paginate.js';
/** Applies a request's `itemFilter` (search by type) to its pages: `filterItems(paginate(…, req), req.itemFilter)`. */
export { filterItems } from './api/item-filter.js';
export * from './api/endpoints.js';
export * as schemas from './api/schemas.js';
export * from './base/errors.js';
export { formatUnits } from './render/units.js';
export { safeText } from './base/text/safe.js';
