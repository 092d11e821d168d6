/** A list command's run: its checked request fetched page by page and printed through the one output path. */
import type { ItemSink, ListRequest } from '../api/client.js';
import { counting, filteredPages } from '../api/item-filter.js';
import { paginate } from '../api/paginate.js';
import { offerNextPage, printList } from './output.js';
import { pagination } from '../kit/page-options.js';
import type { Invocation } from '../kit/invocation.js';
import type { ViewRef } from '../kit/view-ref.js';

/** Fetches and prints the list `req` asks for, in the invocation's output mode; `subject`: the address it is of. */
export async function runList<T>(inv: Invocation, asked: ListRequest<T>, view: ViewRef<T>, subject?: string): Promise<void> {
  const s = await inv.session();
  // Items the request's filter leaves out are counted, for the line its `hidden` says of them.
  const { req, note } = counting(asked);
  const client = s.explorer();
  const paging = pagination(inv.output);
  // A list filtered here (by item, by --since/--until) counts kept items against --limit (printList
  // stops there), not sent ones, and takes whole pages; any other list may stream a big page.
  const printed = req.itemFilter || req.window
    ? await printList(s, filteredPages((r, c) => client.page(r, c), req, paging, (line) => s.io.err.write(line)), view, { ...inv.output, subject })
    : await printList(s, (sink?: ItemSink) => paginate((r, c, to) => client.page(r, c, to), req, { ...paging, sink }), view, { ...inv.output, subject });
  const left = note();
  if (left) await s.io.err.write(`scout: note: ${left}\n`);
  await offerNextPage(s, printed, inv.output, { line: inv.hint, path: req.path });
}
