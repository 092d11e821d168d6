/**
 * The explorer's web pages: `scout open` and `--web`. A command declares the page of what it shows
 * with `web: (input) => ({ kind: 'tx', value: input.hash })` in its spec; the registrar then gives
 * it `--web` and the executor opens that page instead of fetching anything (web.run.ts). Light: the
 * specs import it at start-up.
 */

/** The kinds of page an explorer has, as its URLs name them (`/address/0x…`, `/tx/0x…`, `/block/N`, `/token/0x…`). */
export const PAGE_KINDS = ['address', 'tx', 'block', 'token'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** One page: its kind and the value its URL ends with (an address, a hash, a block number). */
export interface WebPage {
  readonly kind: PageKind;
  readonly value: string;
}

/** The --help text of `--web`. */
export const WEB_HELP = "open the explorer's web page in a browser instead (on a terminal; else print its URL)";

/** The page's path under the explorer's site: `/address/0x…`. */
export function pagePath(page: WebPage): string {
  return `/${page.kind}/${encodeURIComponent(page.value)}`;
}
