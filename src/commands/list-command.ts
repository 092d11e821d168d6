/** A list command's run: its checked request fetched page by page and printed through the one output path. */
import type { ListRequest } from '../api/client.js';
import { keepItems } from '../api/keep.js';
import { paginate } from '../api/paginate.js';
import { offerNextPage, printList } from './output.js';
import { pagination } from './page-options.js';
import type { Invocation } from './runtime.js';
import { withSession } from './session.js';
import type { ViewRef } from './view-ref.js';

/** Fetches and prints the list `req` asks for, in the invocation's output mode. */
export async function runList<T>(inv: Invocation, req: ListRequest<T>, view: ViewRef<T>): Promise<void> {
  await withSession(inv, async (s) => {
    const client = s.explorer();
    const paging = pagination(inv.output);
    // A list filtered here counts kept items against --limit (printList stops there), not sent ones.
    const pages = paginate((r, c) => client.page(r, c), req, req.keep ? { ...paging, limit: undefined } : paging);
    const printed = await printList(s, req.keep ? keepItems(pages, req.keep) : pages, view, inv.output);
    await offerNextPage(s, printed, inv.output, { line: inv.hint, path: req.path });
  });
}
