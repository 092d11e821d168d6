/**
 * URL settings (--base-url, --admin-url, --registry-url, SCOUT_PRO_URL and their environment and
 * config file forms) and where keys may go. A URL setting is an http:// or https:// URL without
 * credentials in it: `http://user:pass@host` is refused, and no message ever repeats the part before
 * the `@` (a password typed into a URL must not end up in a terminal log or a CI transcript).
 */
import { UsageError } from '../errors.js';
import { safeText } from '../text/safe.js';

/** Local input as it may be echoed in one line: safe text, cut to `max` characters. */
export function shown(s: string, max = 80): string {
  const cut = [...s].length > max ? [...s].slice(0, max).join('') + '…' : s;
  return safeText(cut);
}

/**
 * A URL-ish string as it may be echoed: everything before an `@` in what could be its authority is
 * masked, whether or not the string parses as a URL, then shown as safe text.
 */
export function shownUrl(raw: string): string {
  return shown(raw.replace(/^([^/?#@]*\/\/)?[^/?#]*@/, (_m, scheme: string | undefined) => `${scheme ?? ''}***@`), 120);
}

/** True for hosts that never leave the machine: localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '[::1]';
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
  const bad = () => new UsageError(`invalid ${from} "${shownUrl(value)}": expected an http:// or https:// URL`);
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
