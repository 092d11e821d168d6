/**
 * `scout api <path> [-F key=value]...`: a GET of any path under the base URL. Without page flags the
 * body is printed as sent (JSON by default, like `gh api`); with --all, --limit or --cursor a list
 * body is followed through `next_page_params` and its items printed like any list command.
 */
import type { Command } from 'commander';
import { type Page, type Params, parseListBody } from '../../api/client.js';
import { onePage, paginate } from '../../api/paginate.js';
import { type Cursor, cursorFromRaw } from '../../api/cursor.js';
import type { RunEnv } from '../../cli.js';
import { shown } from '../../config/url.js';
import { UsageError } from '../../errors.js';
import { isSafeText } from '../../render/safe.js';
import { objectMembers, RawJsonError } from '../../rawjson.js';
import { view } from '../view-ref.js';
import type { PageFlags } from '../flags.js';
import { pageOptions, pagination } from '../page-options.js';
import { hintArgs } from '../list-command.js';
import { nextPageHint, offerNextPage, printDocument, printList } from '../output.js';
import { withSession } from '../session.js';

/**
 * Normalises the path: relative to the base URL, never another host, never above the base URL's own
 * path. `..` and `.` segments, a backslash (URL parsers read it as a slash) and a percent-encoded
 * dot, slash or backslash (`%2e`, `%2f`, `%5c`: a server may decode them into the same) are refused,
 * so `scout --base-url https://host/sub api ../x` cannot reach `https://host/x`.
 */
export function apiPath(input: string): string {
  const p = input.trim();
  const bad = (why = '') => new UsageError(`invalid path "${shown(p)}"${why}`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//')) {
    throw bad(': give a path under the base URL, not a URL (use --base-url for the host)');
  }
  if (!p) throw new UsageError('invalid path "": give a path under the base URL, e.g. /api/v2/stats');
  if (/\s/.test(p) || !isSafeText(p)) throw bad(': it holds spaces or control characters');
  if (p.includes('?')) throw bad(': pass query parameters with -F key=value');
  if (/%(2e|2f|5c)/i.test(p) || p.includes('\\')) throw bad(': percent-encoded dots and slashes and backslashes are not allowed');
  if (p.split('/').some((seg) => seg === '.' || seg === '..')) throw bad(': "." and ".." segments are not allowed');
  const clean = p.replace(/^\/+/, '');
  return clean.startsWith('api/') || clean.startsWith('admin/') ? '/' + clean : '/api/v2/' + clean;
}

/** `-F key=value` pairs, in order. */
export function apiFields(fields: readonly string[] | undefined): Params {
  return (fields ?? []).map((f) => {
    const i = f.indexOf('=');
    if (i <= 0) throw new UsageError(`invalid -F "${shown(f)}": expected key=value`);
    return [f.slice(0, i), f.slice(i + 1)] as const;
  });
}

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

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const flags = cmd.opts() as PageFlags & { field?: string[] };
  const page = pageOptions(flags);
  // Refused before any request: whether a body is a list is only known once it has come.
  if (page.mode === 'csv') throw new UsageError('api prints JSON, not CSV: use --json or --ndjson');
  const path = apiPath(cmd.args[0] ?? '');
  const params = apiFields(flags.field);
  const paged = page.all || page.limit !== undefined || page.cursor !== undefined;
  await withSession(env, cmd, async (s) => {
    const client = s.explorer();
    const req = { path, params, what: path };
    let pages: AsyncIterable<Page> | undefined;
    if (!paged) {
      const body = await client.getRaw(path, params);
      const items = body.trimStart().startsWith('{') ? objectMembers(body).get('items') : undefined;
      if (page.mode === 'json' || page.mode === 'table' || items === undefined || !items.startsWith('[')) {
        // Not a list, or no list mode asked for: the body as the server sent it.
        await printDocument(s, body, page.mode === 'ndjson' ? 'ndjson' : 'json');
        const next = items === undefined ? null : hintCursor(objectMembers(body).get('next_page_params'));
        if (next) await nextPageHint(s, next, hintArgs(cmd));
        return;
      }
      // NDJSON of one list page: reuse the body already fetched.
      const origin = new URL(client.baseUrl).origin;
      pages = onePage(async () => parseListBody(body, origin));
    }
    pages ??= paginate((r, c) => client.page(r, c), req, pagination(page));
    const printed = await printList(s, pages, view('generic'), page);
    await offerNextPage(s, printed, page, hintArgs(cmd));
  });
}
