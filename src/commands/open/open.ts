/**
 * `scout open <address|name|hash|block>` or `scout open <address|tx|block|token> <value>`: the
 * explorer's web page of the thing. One value is told apart by its shape: 40 hex digits or a name is
 * an address, 64 hex digits a transaction, digits a block. Opens it on a terminal; prints the URL
 * when piped or with -n/--print.
 */
import { UsageError } from '../../base/errors.js';
import { blockDigits, NameRef, parseAddressOrName, parseHash } from '../../base/validate.js';
import { command, flag, words } from '../../kit/spec.js';
import { PAGE_KINDS, type PageKind, WEB_HELP, type WebPage } from '../../kit/web-page.js';
import { echo } from '../../base/text/echo.js';

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A block: its number (digits, leading zeros dropped) or its hash. */
function parseBlock(raw: string): string {
  const s = raw.trim();
  const digits = blockDigits(s);
  if (/^\d{1,20}$/.test(digits)) return BigInt(digits).toString();
  if (HASH.test(s)) return s;
  throw new UsageError(`invalid block ${echo(s)}: expected a block number or 0x followed by 64 hex digits`);
}

/** The page of `kind` for the value `raw`, or a name standing for it. */
function pageOf(kind: PageKind, raw: string): WebPage | NameRef<WebPage> {
  switch (kind) {
    case 'address':
    case 'token': {
      const a = parseAddressOrName(raw, kind === 'token' ? 'token address' : 'address');
      return a instanceof NameRef ? a.map((value) => ({ kind, value })) : { kind, value: a };
    }
    case 'tx':
      return { kind, value: parseHash(raw) };
    case 'block':
      return { kind, value: parseBlock(raw) };
  }
}

const WHAT = 'an address, a name, a transaction hash or a block number';

/** What to open, from one value (by its shape) or a kind and a value. */
export function parseTarget(given: string[]): WebPage | NameRef<WebPage> {
  const [first, second, ...rest] = given;
  if (first === undefined) throw new UsageError(`scout open needs what to open: ${WHAT}`);
  if (rest.length) throw new UsageError(`scout open takes one thing to open, as one value or a kind and a value; got ${given.length} words`);
  const kind = PAGE_KINDS.find((k) => k === first.trim().toLowerCase());
  if (second !== undefined) {
    if (!kind) throw new UsageError(`invalid kind ${echo(first)}: expected ${PAGE_KINDS.join(', ')}`);
    return pageOf(kind, second);
  }
  if (kind) throw new UsageError(`scout open ${kind} needs a value: ${kind === 'tx' ? 'a transaction hash' : kind === 'block' ? 'a block number or hash' : 'an address or a name'}`);
  const s = first.trim();
  if (HASH.test(s)) return { kind: 'tx', value: s };
  if (/^\d+$/.test(s)) return pageOf('block', s);
  return pageOf('address', s);
}

export default command({
  name: 'open',
  description: "the explorer's web page of an address, transaction, block or token",
  args: { target: words('[target...]', `${WHAT}; or address, tx, block or token, then the value`, { values: PAGE_KINDS }, parseTarget) },
  options: {
    print: { ...flag('print the URL instead of opening it (what open does when stdout is not a terminal)'), short: '-n' },
    // Opening is the default now; --web stays accepted, as scripts and old examples pass it.
    web: { ...flag(WEB_HELP), hidden: true },
  },
  output: 'none',
  help:
    'One value is told apart by its shape: 0x and 40 hex digits or a name is an address, 0x and 64 hex digits a transaction, digits a block. ' +
    'The page is on the explorer scout talks to (--base-url, --chain); with --pro, on the chain\'s own explorer. ' +
    'On a terminal the page opens in your browser, as gh browse opens one; piped, or with -n/--print, the URL is printed.',
  examples: [
    'scout open 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e',
    'scout open token 0xdAC17F958D2ee523a2206206994597C13D831ec7 --print',
    'scout --chain base open block 20000000',
  ],
  run: async (inv, { target, print }) => (await import('../../run/web.js')).showPage(inv, target, !print),
});
