/**
 * `scout open` and `--web`: the URL of an explorer page, opened in the desktop's browser on a
 * terminal, printed otherwise. Nothing is ever opened when stdout is no terminal (a script, a pipe,
 * CI): then the URL is the output. The `open` package loads only when a browser is to start.
 */
import { checkWebUrl, echoUrl } from '../config/url.js';
import { UsageError } from '../base/errors.js';
import type { Io } from '../base/io.js';
import type { Invocation } from '../kit/invocation.js';
import { pagePath, type WebPage } from '../kit/web-page.js';

/**
 * The page's full URL on the explorer's site, its base path kept (`https://host/explorer/tx/0x…`),
 * as launchableUrl writes it: a site that is no http(s) URL, carries credentials or holds anything a
 * shell reads is a usage error naming it, never a URL printed or opened.
 */
export function pageUrl(site: string, page: WebPage): string {
  return launchableUrl(launchableUrl(site).replace(/\/+$/, '') + pagePath(page));
}

/**
 * The URL as it may be printed as a page or handed to a browser (checkWebUrl: http(s) only, no
 * credentials, nothing a shell reads, a strictly encoded path); a usage error naming the URL otherwise.
 */
export function launchableUrl(raw: string): string {
  const checked = checkWebUrl(raw);
  if ('url' in checked) return checked.url;
  throw new UsageError(`refusing to open ${echoUrl(raw)}: ${checked.problem}`, { hint: 'pass --base-url <explorer> to name the explorer yourself' });
}

/**
 * Opens `url` with the Io's opener, else the `open` package, waiting until the browser was started.
 * The only way to the launcher: the URL is checked here again, whoever built it.
 */
async function openUrl(io: Io, raw: string): Promise<void> {
  const url = launchableUrl(raw);
  if (io.openUrl) return io.openUrl(url);
  const { default: open } = await import('open');
  const child = await open(url);
  // `open` resolves once the opener is being spawned; a spawn that fails (no xdg-open) says so later.
  if (child.pid !== undefined) return;
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve());
  });
}

/**
 * Prints the page's URL; with `open` (given --web), on a terminal, opens it in the browser instead
 * and says so on stderr. A browser that cannot start leaves the URL printed and a warning, exit 0.
 */
export async function showPage(inv: Invocation, page: WebPage, open = true): Promise<void> {
  const s = await inv.session();
  const url = pageUrl(s.settings.site(), page);
  if (!open || !s.io.stdoutIsTTY) return s.io.out.write(url + '\n');
  try {
    await openUrl(s.io, url);
    await s.io.err.write(`Opening ${url} in your browser.\n`);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    await s.io.err.write(`scout: warning: could not open a browser (${why.split('\n')[0]}); the page is:\n`);
    await s.io.out.write(url + '\n');
  }
}
