/** A list command's run: its checked request fetched page by page and printed through the one output path. */
import type { ItemSink, ListRequest } from '../api/client.js';
import { counting, filteredPages } from '../api/item-filter.js';
import { paginate } from '../api/paginate.js';
import { offerNextPage, printList } from './output.js';
import { pagination } from '../kit/page-options.js';
import type { Invocation, Session } from '../kit/invocation.js';
import type { ViewRef } from '../kit/view-ref.js';

/**
 * Fetches and prints the list `req` asks for, in the invocation's output mode; `subject`: the address
 * it is of; `aside`: a line for a person reading the table (ListCommand.aside), asked beside the first
 * page when the table is on a terminal and said on stderr after the rows.
 */
export async function runList<T>(inv: Invocation, asked: ListRequest<T>, view: ViewRef<T>, subject?: string, aside?: (s: Session) => Promise<string | undefined>): Promise<void> {
  const s = await inv.session();
  // Items the request's filter leaves out are counted, for the line its `hidden` says of them.
  const { req, note } = counting(asked);
  const client = s.explorer();
  const paging = pagination(inv.output);
  const asideLine = aside && inv.output.mode === 'table' && s.render.tty ? aside(s) : undefined;
  // Settled now: a list that fails first must not leave it unhandled.
  asideLine?.catch(() => undefined);
  // A list filtered here (by item, by --since/--until) counts kept items against --limit (printList
  // stops there), not sent ones, and takes whole pages; any other list may stream a big page.
  const printed = req.itemFilter || req.window
    ? await printList(s, filteredPages((r, c) => client.page(r, c), req, paging, (line) => s.io.err.write(line)), view, { ...inv.output, subject })
    : await printList(s, (sink?: ItemSink) => paginate((r, c, to) => client.page(r, c, to), req, { ...paging, sink }), view, { ...inv.output, subject });
  const said = asideLine && (await asideLine.catch(() => undefined));
  if (said) await s.io.err.write(`${said}\n`);
  const left = note();
  if (left) await s.io.err.write(`scout: note: ${left}\n`);
  await offerNextPage(s, printed, inv.output, { line: inv.hint, path: req.path });
}
