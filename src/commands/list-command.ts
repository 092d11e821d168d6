/** A list command's run: its checked request fetched page by page and printed through the one output path. */
import type { ItemSink, ListRequest } from '../api/client.js';
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
    const pages = (sink?: ItemSink) => paginate((r, c, to) => client.page(r, c, to), req, { ...pagination(inv.output), sink });
    const printed = await printList(s, pages, view, inv.output);
    await offerNextPage(s, printed, inv.output, { line: inv.hint, path: req.path });
  });
}
