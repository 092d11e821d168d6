/**
 * Issue 20, item 11: characters that render as nothing (Hangul fillers, variation selectors, the
 * deprecated format characters U+206A-206F, and their kind) are shown visibly, as `<U+XXXX>`, like
 * every other control or invisible character: a hostile explorer's token names in a table on a
 * terminal, piped, and its error words on stderr. isUnsafeCodePoint and isSafeText say the same
 * for any code point, and the file-name check (nameProblem) for a whole text, for callers that refuse such text (a
 * file name) instead of showing it. One presentation selector right after a pictograph ("❤️") only
 * picks how it is drawn and is kept on a terminal; after a letter or in a run it is shown.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeUnsafe } from '../../src/base/json/lossless.js';
import { isSafeText, isUnsafeCodePoint, safeText } from '../../src/base/text/safe.js';
import { nameProblem } from '../../src/commands/contract/source-files.js';
import { runScout } from '../support/scout.js';
import { ADDR } from '../support/server.js';

/** Every character the issue names, and the others of their kind. */
const LISTED = [
  0x115f, 0x1160, 0x3164, 0xffa0, // Hangul fillers
  ...range(0xfe00, 0xfe0f), 0xe0100, 0xe0150, 0xe01ef, // variation selectors
  ...range(0x206a, 0x206f), // deprecated format characters
  0x180e, ...range(0x2060, 0x2064), 0x034f, 0x17b4, 0x17b5, ...range(0x1d173, 0x1d17a),
  0xe0000, 0xe0001, 0xe0041, 0xe007f, 0xfff9, 0xfffa, 0xfffb, 0x00ad,
  ...range(0x202a, 0x202e), ...range(0x2066, 0x2069), 0x200e, 0x200f, 0x061c, // bidi controls
  ...range(0x200b, 0x200d), 0xfeff, // zero-width
  0x180b, 0x180f, 0x2800, 0x13430, 0x1bca0,
];
function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
const shown = (cp: number) => `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
const name = (cp: number) => `T${String.fromCodePoint(cp)}K`;

let server: Server;
let url: string;
beforeAll(async () => {
  const items = LISTED.map((cp, i) => ({
    token: { address_hash: `0x${(i + 1).toString(16).padStart(40, '0')}`, name: name(cp), symbol: name(cp), type: 'ERC-20', decimals: '0', exchange_rate: null },
    value: '1',
    token_id: null,
  }));
  // Error words are clipped to a line: eight characters an answer, by the address asked for.
  const refusal = (group: number) => `go away ${LISTED.slice(group * 8, group * 8 + 8).map((cp) => String.fromCodePoint(cp)).join('|')}|end`;
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === `/api/v2/addresses/${ADDR.rich}/tokens`) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items, next_page_params: null }));
    else res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: refusal(parseInt(path.slice(-40), 16)) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** No listed character raw in `out`, and each shown in its place. */
function expectShown(out: string, what: string, each: (cp: number) => string): void {
  for (const cp of LISTED) {
    expect(out.includes(String.fromCodePoint(cp)), `${what}: U+${cp.toString(16)} raw`).toBe(false);
    expect(out, `${what}: U+${cp.toString(16)}`).toContain(each(cp));
  }
}

describe('invisible characters from a hostile explorer', () => {
  it('are shown visibly in a table on a terminal and in piped lines', async () => {
    const tty = await runScout(['address', 'tokens', ADDR.rich, '--base-url', url], { stdoutIsTTY: true, width: 250 });
    expect(tty.code, tty.stderr).toBe(0);
    expectShown(tty.stdout, 'table', (cp) => `T${shown(cp)}K`);
    const piped = await runScout(['address', 'tokens', ADDR.rich, '--base-url', url]);
    expect(piped.code, piped.stderr).toBe(0);
    expectShown(piped.stdout, 'piped', (cp) => `T${shown(cp)}K`);
  });

  it('are shown visibly in an error on stderr', async () => {
    let stderr = '';
    for (let group = 0; group * 8 < LISTED.length; group++) {
      const r = await runScout(['address', 'show', `0x${group.toString(16).padStart(40, '0')}`, '--base-url', url]);
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/refused the request \(HTTP 403\): go away <U\+/);
      stderr += r.stderr;
    }
    expect(stderr).toContain('go away <U+115F>|<U+1160>|<U+3164>|');
    expectShown(stderr, 'stderr', shown);
  });

  it('are written as \\u escapes in JSON output, the value unchanged', async () => {
    const r = await runScout(['address', 'tokens', ADDR.rich, '--base-url', url, '--json']);
    expect(r.code).toBe(0);
    for (const cp of LISTED) expect(r.stdout.includes(String.fromCodePoint(cp)), `U+${cp.toString(16)} raw`).toBe(false);
    const tokens = (JSON.parse(r.stdout) as { token: { name: string } }[]).map((t) => t.token.name);
    expect(tokens).toEqual(LISTED.map(name));
  });
});

describe('the predicates', () => {
  it('agree with safeText on every listed character and on plain text', () => {
    for (const cp of LISTED) {
      const s = name(cp);
      expect(isUnsafeCodePoint(cp), `U+${cp.toString(16)}`).toBe(true);
      expect(nameProblem(s)).toBeDefined();
      expect(isSafeText(s)).toBe(false);
      expect(safeText(s)).toBe(`T${shown(cp)}K`);
      expect(escapeUnsafe(JSON.stringify(s))).not.toContain(String.fromCodePoint(cp));
    }
    for (const s of ['plain', 'Café', '日本語', '🪶', 'a b\u3000c']) {
      expect(isSafeText(s), s).toBe(true);
      // A file name refuses a blank-looking space besides (U+3000), not a plain one.
      expect(nameProblem(s), s).toBe(s.includes('\u3000') ? 'holds control or invisible characters (U+3000)' : undefined);
      expect(safeText(s)).toBe(s);
    }
  });

  it('keep an emoji\'s one presentation selector on a terminal, and show every other', () => {
    expect(safeText('❤\ufe0f Love')).toBe('❤\ufe0f Love');
    expect(safeText('🚀\ufe0e')).toBe('🚀\ufe0e');
    expect(isSafeText('❤\ufe0f')).toBe(true);
    // Strict: a file name refuses it all the same.
    expect(nameProblem('❤\ufe0f')).toBeDefined();
    expect(safeText('USDC\ufe0f')).toBe('USDC<U+FE0F>');
    expect(safeText('❤\ufe0f\ufe0f')).toBe('❤<U+FE0F><U+FE0F>');
    expect(safeText('❤\ufe0f\u{e0100}\u{e0101}')).toBe('❤<U+FE0F><U+E0100><U+E0101>');
    expect(safeText('❤\ufe01')).toBe('❤<U+FE01>');
  });
});
