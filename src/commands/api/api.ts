/** `scout api <path> [-F key=value]...`: a GET of any path under the base URL. */
import type { Params } from '../../api/client.js';
import { UsageError } from '../../base/errors.js';
import { isSafeText } from '../../base/text/safe.js';
import { arg, command, repeated } from '../../kit/spec.js';
import { echo } from '../../base/text/echo.js';

/**
 * Normalises the path: relative to the base URL, never another host, never above the base URL's own
 * path. `..` and `.` segments, a backslash (URL parsers read it as a slash) and a percent-encoded
 * dot, slash or backslash (`%2e`, `%2f`, `%5c`: a server may decode them into the same) are refused,
 * so `scout --base-url https://host/sub api ../x` cannot reach `https://host/x`.
 */
export function apiPath(input: string): string {
  const p = input.trim();
  const bad = (why = '') => new UsageError(`invalid path ${echo(p)}${why}`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//')) {
    throw bad(': give a path under the base URL, not a URL (use --base-url for the host)');
  }
  if (!p) throw new UsageError('invalid path "": give a path under the base URL, e.g. /api/v2/stats');
  if (/\s/.test(p) || !isSafeText(p)) throw bad(': it holds spaces or control characters');
  if (p.includes('?')) throw bad(': pass query parameters with -F key=value');
  if (/%(2e|2f|5c)/i.test(p) || p.includes('\\')) throw bad(': percent-encoded dots and slashes and backslashes are not allowed');
  if (p.split('/').some((seg) => seg === '.' || seg === '..')) throw bad(': "." and ".." segments are not allowed');
  const clean = p.replace(/^\/+/, '');
  if (clean.startsWith('api/') || clean.startsWith('admin/')) return '/' + clean;
  // The OpenAPI documents' spelling: their paths (/v2/stats, /v1/…, /legacy/…) are under /api.
  if (/^(v1|v2|legacy)\//.test(clean)) return '/api/' + clean;
  return '/api/v2/' + clean;
}

/** `-F key=value` pairs, in order. */
export function apiFields(fields: readonly string[] | undefined): Params {
  return (fields ?? []).map((f) => {
    const i = f.indexOf('=');
    if (i <= 0) throw new UsageError(`invalid -F ${echo(f)}: expected key=value`);
    return [f.slice(0, i), f.slice(i + 1)] as const;
  });
}


export default command({
  name: 'api',
  description: 'GET any API path and print the JSON (lists: --all follows next_page_params)',
  args: { path: arg('<path>', 'path under the base URL, e.g. /api/v2/stats (/v2/stats, as the API\'s OpenAPI document writes it, and a bare "stats" mean the same)', apiPath) },
  options: { field: repeated('-F', '<key=value>', 'add a query parameter (repeatable)', apiFields) },
  output: 'list',
  // Always JSON: --csv stays declared (hidden) only to be refused with one clear line, before any
  // request (whether a body is a list is known only once it has come).
  refuse: { csv: 'api prints JSON, not CSV: use --json or --ndjson' },
  help:
    'Always JSON, on a terminal as through a pipe. Without --all or --limit the body is\nprinted as the server sent it; with them, a list prints the items of every page as\none JSON array (or NDJSON lines with --ndjson).',
  examples: ['scout api /api/v2/stats', 'scout api /api/v2/blocks -F type=block --all --ndjson'],
  run: async (inv, { path, field }) => (await import('./api.run.js')).run(inv, path, field),
});
