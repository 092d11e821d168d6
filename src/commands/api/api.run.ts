/**
 * The run of `scout api <path> [-F key=value]...`: a GET of any path under the base URL, printed as
 * JSON whatever stdout is (like `gh api`): without page flags the body as sent; with --all, --limit
 * or --cursor a list body is followed through `next_page_params` and its items printed as one JSON
 * array, or NDJSON lines with --ndjson. Never a table: a script and a person see the same shape.
 */
import { type Params, parseListBody } from '../../api/client.js';
import { onePage, paginate } from '../../api/paginate.js';
import { checkCursorOrigin, type Cursor, cursorFromRaw } from '../../api/cursor.js';
import { RawJsonError } from '../../base/json/lossless.js';
import { view } from '../../kit/view-ref.js';
import { nextPageHint, offerNextPage, type PageSource, printDocument, printList } from '../../run/output.js';
import { pagination } from '../../kit/page-options.js';
import type { Invocation } from '../../kit/invocation.js';

/**
 * The cursor for the next-page hint after a body printed as sent: none when `next_page_params` is no
 * object (a string, a number, an array): the body itself went out unchanged, and there is no way on.
 */
function hintCursor(raw: string | undefined): Cursor | null {
  try {
    return cursorFromRaw(raw);
  } catch (e) {
    if (e instanceof RawJsonError) return null;
    throw e;
  }
}

/** `path` and `params` are checked (api.ts); --csv was refused before any request. */
export async function run(inv: Invocation, path: string, params: Params): Promise<void> {
  // No output flag means JSON, on a terminal as through a pipe.
  const page = { ...inv.output, mode: inv.output.mode === 'ndjson' ? ('ndjson' as const) : ('json' as const) };
  const paged = page.all || page.limit !== undefined || page.cursor !== undefined;
  const resume = { line: inv.hint, path };
  // A cursor another list printed is refused before any request.
  checkCursorOrigin(page.cursorRead, { command: inv.path.join(' '), path });
  const s = await inv.session();
  const client = s.explorer();
  // Any -F value may be a secret (password=, sig=, k=): --verbose shows none of them.
  const masked = params.map(([k]) => k);
  const req = { path, params, what: path, masked };
  let pages: PageSource<unknown> | undefined;
  if (!paged) {
    const doc = await client.getJson(path, params, path, {}, masked);
    if (page.mode === 'json' || doc.items !== 'array') {
      // Not a list, or no list mode asked for: the body as the server sent it.
      await printDocument(s, doc, page.mode);
      const next = doc.items === undefined ? null : hintCursor(doc.nextRaw);
      if (next) await nextPageHint(s, next, resume);
      return;
    }
    // NDJSON of one list page: reuse the body already fetched.
    const origin = new URL(client.baseUrl).origin;
    pages = () => onePage(async () => parseListBody(doc.text, origin));
  }
  pages ??= (sink) => paginate((r, c, to) => client.page(r, c, to), req, { ...pagination(page), sink });
  const printed = await printList(s, pages, view('generic'), page);
  await offerNextPage(s, printed, page, resume);
}
