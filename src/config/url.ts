/**
 * URL settings (--base-url, --admin-url, --registry-url, SCOUT_PRO_URL and their environment and
 * config file forms) and where keys may go. A URL setting is an http:// or https:// URL without
 * credentials in it: `http://user:pass@host` is refused, and no message ever repeats the part before
 * the `@` (a password typed into a URL must not end up in a terminal log or a CI transcript).
 */
import { UsageError } from '../base/errors.js';
import { echo } from '../base/text/echo.js';
import { safeText } from '../base/text/safe.js';

/** Local text shown unquoted in one line (a file path, a chain name): safe text, cut to `max` characters. A user's value in a message goes through echo (base/text/echo.ts) instead. */
export function shown(s: string, max = 80): string {
  const cut = [...s].length > max ? [...s].slice(0, max).join('') + '…' : s;
  return safeText(cut);
}

/** `raw` with everything before an `@` in what could be its authority masked (`https://***@host`), whether or not it parses as a URL. */
export function withoutCredentials(raw: string): string {
  return raw.replace(/^([^/?#@]*\/\/)?[^/?#]*@/, (_m, scheme: string | undefined) => `${scheme ?? ''}***@`);
}

/** A URL-ish string as it may be shown unquoted (a suggestion in a hint): masked, then safe text. */
export function shownUrl(raw: string): string {
  return shown(withoutCredentials(raw), 120);
}

/** A URL-ish string the user gave, as a message repeats it: masked, then as echo repeats any value. */
export function echoUrl(raw: string): string {
  return echo(withoutCredentials(raw));
}

/** Explorers Blockscout hosts itself (`*.blockscout.com`, the PRO API at api.blockscout.com among them). */
export function isBlockscoutHosted(url: string): boolean {
  try {
    const h = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    return h.endsWith('.blockscout.com');
  } catch {
    return false;
  }
}

/**
 * Parses a URL setting. `from` names it in errors (`--base-url`, `SCOUT_PRO_URL`, `"base-url" in …`).
 * Throws UsageError for anything but an http(s) URL, and for a URL carrying a user name or password.
 */
export function parseUrlSetting(value: string, from: string): URL {
  const bad = () => new UsageError(`invalid ${from} ${echoUrl(value)}: expected an http:// or https:// URL`);
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    throw bad();
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw bad();
  if (u.username || u.password) {
    throw new UsageError(`invalid ${from}: credentials in the URL are not supported`, {
      hint: 'remove the user:password@ part; keys go in --explorer-key, --api-key or --api-key-file',
    });
  }
  return u;
}

/**
 * Characters a shell, cmd.exe or PowerShell reads specially (`$ ( ) ' " \` ; & | < > ^`), whitespace,
 * controls and invisible format characters. A web URL holding any of them, anywhere, is refused:
 * the `open` package hands a URL to PowerShell inside a double-quoted string on Windows and WSL.
 * Made when first asked: V8 builds a Unicode property's character set when the expression is made.
 */
let shellSpecial: RegExp | undefined;

/** The characters a path keeps as they are; anything else (outside a valid `%XX`) is percent-encoded. */
const PATH_KEPT = /[A-Za-z0-9\-._~/:]/;

/** A host: DNS labels (IDNs arrive as punycode) or an IPv6 literal, and a port. */
const WEB_HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The one check for a URL that is printed as a web page or handed to a browser, and for an explorer
 * URL taken from the chain registry (or read back from its cache): an `http:` or `https:` URL with no
 * user name or password, no character of `shellSpecial` anywhere in it, a plain host, and a path
 * percent-encoded outside `A-Z a-z 0-9 - . _ ~ / :`. Query and fragment are dropped (scout's pages
 * have none). Returns the URL so written, or the reason it is refused.
 */
export function checkWebUrl(raw: string): { url: string } | { problem: string } {
  // eslint-disable-next-line no-control-regex
  if ((shellSpecial ??= /[$()'"`\\;&|<>^\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u).test(raw)) return { problem: 'it holds a character a shell would read (one of $ ( ) \' " ` \\ ; & | < > ^, a space or a control)' };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { problem: 'it is not a URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { problem: 'only http:// and https:// URLs are opened' };
  if (u.username || u.password) return { problem: 'it carries a user name or password' };
  if (!WEB_HOST.test(u.host)) return { problem: 'its host is not a plain host name' };
  let path = '';
  const p = u.pathname;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(p.slice(i + 1, i + 3))) path += c;
    else if (PATH_KEPT.test(c)) path += c;
    else path += [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return { url: `${u.protocol}//${u.host}${path}` };
}
