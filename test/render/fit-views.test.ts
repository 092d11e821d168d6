/**
 * Views that are not tables fit the terminal (issue 22, item 2): at 80 columns `tx show`, `block`,
 * `address`, `token nft`, `tx summary`, `tx trace` and `tx explain` print no line wider than 80,
 * so the terminal never breaks a word (`[ve` / `rified]`). A long value wraps under its value
 * column, at a ` · ` between its parts first; a whole hash keeps a line that fits. Through the CLI
 * in process on an 80-column terminal, against the test explorer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/render/width.js';
import { wrapLine, wrapWords } from '../../src/render/wrap.js';
import { TOKEN_IDS } from '../support/fake/tokens-data.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';
import { runScout } from '../support/scout.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

async function onTerminal(args: string[], width: number) {
  const r = await runScout(['--base-url', srv.url, ...args], { stdoutIsTTY: true, width, color: false });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

const VIEWS: [string, string[]][] = [
  ['tx show', ['tx', 'show', TX.ok]],
  ['tx show (failed)', ['tx', 'show', TX.failed]],
  ['tx show (creation)', ['tx', 'show', TX.creation]],
  ['block', ['block', 'latest']],
  ['address (EOA)', ['address', ADDR.rich]],
  ['address (contract)', ['address', ADDR.contract]],
  ['token nft', ['token', 'nft', ADDR.nft721, TOKEN_IDS.plain]],
  ['tx summary', ['tx', 'summary', TX.ok]],
  ['tx trace (parity)', ['tx', 'trace', TX.parityTrace]],
  ['tx trace (geth)', ['tx', 'trace', TX.gethTrace]],
];

describe('key/value views, summaries and call trees at 80 columns', () => {
  it.each(VIEWS)('%s: no line wider than 80, no word split', async (_, args) => {
    const narrow = await onTerminal(args, 80);
    for (const line of narrow.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    // Wrapping moves words to new lines, never splits them: every word is one the view shows when
    // nothing wraps (but for what is shortened to the width with `…` by design: a signature, an address).
    const wide = new Set(words(await onTerminal(args, 1000)));
    for (const w of words(narrow)) if (!w.includes('…')) expect(wide, w).toContain(w);
  });

  it('a value wraps under its value column, at a ` · ` first; a secondary part gets its own line', async () => {
    const out = await onTerminal(['tx', 'show', TX.ok], 80);
    expect(out).toContain('Status       ok · block 23,116,933 · 3 confirmations ·\n             2025-08-11 09:32:35 UTC (');
    expect(out).toMatch(/\nTo {11}Scout Swap: Router {2}0x6156827470bd18062b2Cc3C7A286B12cf0b7A51f\n {13}\[verified\]\n/);
  });

  it('a whole hash that cannot fit beside a long label goes on the line below it, whole', async () => {
    const out = await onTerminal(['block', 'latest'], 80);
    expect(out).toMatch(/\nHash\n {2}0x[0-9a-f]{64}\n/);
    expect(out).toMatch(/^Block {10}23,116,935\n/);
  });

  it('tx explain: the header and the summary wrap too, and the call tree', async () => {
    const out = await onTerminal(['tx', 'explain', TX.ok], 80);
    for (const line of out.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    // A summary line continues indented under its start.
    expect(out).toContain('\n  Swap 1,234,567.123456789012345678 WETH (0x54a4…f9A1) for 3,000.000001 USDC\n    (0x4d32…Faf8) on Scout Swap with execute\n');
  });

  it('a call tree continues a wrapped call beside its branches', async () => {
    const out = await onTerminal(['tx', 'trace', TX.gethTrace], 60);
    expect(out).toContain('  └─ [21,000] call  → 0x3a9b…1feb  0.01 coin  swap\n          0x022c0d9f  ✗ reverted:');
    expect(out).toMatch(/^\[127,906\] call {2}scout-rich\.eth 0xcc1d…E9c3 → Scout Swap:\n {2}│ {3}Router/);
  });
});

describe('wrapping', () => {
  it('breaks after a ` · ` first, then at spaces, keeps the spaces inside a line, never splits a word', () => {
    expect(wrapWords('alpha · beta gamma · delta', 20)).toEqual(['alpha · beta gamma ·', 'delta']);
    expect(wrapWords('alpha · beta gamma · delta', 15)).toEqual(['alpha ·', 'beta gamma ·', 'delta']);
    expect(wrapWords('Router  0xabc  [verified]', 15)).toEqual(['Router  0xabc', '[verified]']);
    const hash = '0x' + 'ab'.repeat(20);
    expect(wrapWords(`see ${hash} end`, 10)).toEqual(['see', hash, 'end']);
    expect(wrapLine('one two three four', 12, 'Key ', '    ')).toBe('Key one two\n    three\n    four');
    expect(wrapLine('one two three', 80, 'Key ', '    ')).toBe('Key one two three');
  });
});
