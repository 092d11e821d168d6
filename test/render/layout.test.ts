/**
 * Terminal layout: display widths, fitting columns to the terminal, page-by-page tables that stay
 * aligned, and cells that give way without losing their point (amounts keep their integer part,
 * addresses stay beside names, a scam warning is never cut).
 */
import { describe, expect, it } from 'vitest';
import type { TokenBalance } from '../../src/api/schemas.js';
import { addressCell, amountCell } from '../../src/render/cells.js';
import type { RenderContext } from '../../src/render/context.js';
import { tokenBalanceColumns } from '../../src/render/columns.js';
import { type Column, fitWidths, TerminalTable } from '../../src/render/table.js';
import { renderKeyValue } from '../../src/render/key-value.js';
import { displayWidth, pad, truncate } from '../../src/render/width.js';
import { safeText } from '../../src/base/text/safe.js';
import { renderTable } from '../support/table.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const tty = (width: number, color = false): RenderContext => ({ tty: true, color, width, now: NOW, coin: 'ETH' });
const PIPE: RenderContext = { tty: false, color: false, width: 80, now: NOW, coin: 'ETH' };
const widths = (out: string) => out.trimEnd().split('\n').map(displayWidth);

describe('display width', () => {
  it('counts wide CJK characters and emoji as two columns, combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('🚀 Moon')).toBe(7);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('Ünïcødé')).toBe(7);
    expect(displayWidth('\u001b[31mred\u001b[39m')).toBe(3);
    expect(displayWidth('␛]0;pwned␇')).toBe(10);
  });

  it('measures what a terminal draws: emoji old and new, CJK, text-style symbols, marks and invisible characters', () => {
    const cases: [string, number][] = [
      // Emoji drawn as emoji by default, including ones newer than older width tables (🪶: Unicode 13).
      ['🪶', 2],
      ['Turbo 🐸', 8],
      ['🫠', 2],
      ['🏻', 2],
      // CJK, Hangul, fullwidth and halfwidth forms.
      ['趁热打铁', 8],
      ['한국어', 6],
      ['\u1100\u1161\u11a8', 2],
      ['ＡＢ', 4],
      ['ｶﾞ', 2],
      // Text-style pictographs take one column, two when VS16 asks for the emoji form.
      ['©', 1],
      ['®', 1],
      ['™', 1],
      ['❤', 1],
      ['Token©', 6],
      ['©\ufe0f', 2],
      ['®\ufe0f', 2],
      ['❤\ufe0f', 2],
      // Sequences: ZWJ, skin tone, flags, keycaps (a lone regional indicator is one column).
      ['👨\u200d👩\u200d👧', 2],
      ['❤\ufe0f\u200d🔥', 2],
      ['👍🏽', 2],
      ['☝🏻', 2],
      ['🇩🇪', 2],
      ['🇩', 1],
      ['1\ufe0f\u20e3', 2],
      ['#\u20e3', 2],
      // Combining and enclosing marks, spacing marks.
      ['e\u0301', 1],
      ['x\u0300\u0301\u0302', 1],
      ['x\u20dd', 1],
      ['กั', 1],
      ['कि', 2],
      // Zero-width and invisible characters.
      ['a\u200bb', 2],
      ['a\u200cb\u200db', 3],
      ['\ufeff', 0],
      ['\u2060', 0],
      ['a\u034fb', 2],
      ['a\ufe0eb', 2],
      ['\u00ad', 0],
      ['\u{e0041}', 0],
      // Ambiguous width is narrow (our own … and → included).
      ['…→≤±', 4],
    ];
    for (const [s, w] of cases) expect(displayWidth(s), JSON.stringify(s)).toBe(w);
  });

  it('cuts text-style symbols and marked letters at their real width', () => {
    expect(truncate('©®©®©', 4)).toBe('©®©…');
    expect(truncate('e\u0301e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301…');
    expect(truncate('🪶🪶🪶', 5)).toBe('🪶🪶…');
    expect(truncate('🇩🇪🇫🇷', 3)).toBe('🇩🇪…');
  });

  it('truncate segments no further than a window past the cut', () => {
    const seen: number[] = [];
    const segment = Intl.Segmenter.prototype.segment;
    Intl.Segmenter.prototype.segment = function (this: Intl.Segmenter, s: string) {
      seen.push(s.length);
      return segment.call(this, s);
    };
    try {
      expect(truncate('趁热打铁'.repeat(25_000), 10)).toBe('趁热打铁…');
    } finally {
      Intl.Segmenter.prototype.segment = segment;
    }
    expect(seen.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(256);
  });

  it('truncate cuts at a column count, never inside a wide character, and marks the cut', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(truncate('日本語トークン', 5)).toBe('日本…');
    expect(displayWidth(truncate('日本語トークン', 6))).toBeLessThanOrEqual(6);
    expect(truncate('abc', 1)).toBe('…');
    expect(truncate('abc', 0)).toBe('');
  });

  it('pad aligns left or right by display width', () => {
    expect(pad('日本', 6)).toBe('日本  ');
    expect(pad('7', 3, 'right')).toBe('  7');
    expect(pad('toolong', 3)).toBe('toolong');
  });
});

describe('fitWidths', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitWidths([10, 20, 5], [5, 5, 5], [2, 2, 0], 80)).toEqual([10, 20, 5]);
  });

  it('caps the widest flexible columns first, never below their minimum', () => {
    // 100 columns of content in 70 (4 gaps of 2 ⇒ 62): the fixed ones keep 30, the two flexible
    // ones share 32 at one cap (16 each), though the 30-wide one was narrower than the 40-wide one.
    expect(fitWidths([11, 40, 30, 9, 10], [11, 11, 13, 9, 10], [0, 2, 2, 0, 0], 70)).toEqual([11, 16, 16, 9, 10]);
    // A column already under the cap keeps its natural width; the spare goes left to right.
    expect(fitWidths([11, 40, 12, 9, 10], [11, 11, 10, 9, 10], [0, 2, 2, 0, 0], 70)).toEqual([11, 20, 12, 9, 10]);
  });

  it('tier 1 columns give way before tier 2 columns are touched', () => {
    // Shrinking the tier-1 column to its minimum is enough: the tier-2 column keeps its width.
    expect(fitWidths([30, 30], [10, 10], [1, 2], 52)).toEqual([20, 30]);
    // Not enough: tier 1 at its minimum, then tier 2 gives way too.
    expect(fitWidths([30, 30], [10, 10], [1, 2], 32)).toEqual([10, 20]);
  });

  it('overflows rather than cut below the minimums', () => {
    expect(fitWidths([30, 30], [25, 25], [2, 2], 40)).toEqual([25, 25]);
  });
});

type Row = { id: string; name: string; amount: string };
const cols: Column<Row>[] = [
  { header: 'ID', cell: (r) => r.id, fixed: true },
  { header: 'NAME', cell: (r) => r.name, min: 6 },
  { header: 'AMOUNT', cell: (r) => amountCell('', r.amount, ' ETH'), align: 'right', yieldsFirst: true, min: 0 },
];

describe('terminal tables', () => {
  it('fit the width: names give way, never an amount; lines never exceed the width when the minimums fit', () => {
    const rows: Row[] = [
      { id: 'a1', name: 'A rather long token name indeed', amount: '1234.567891' },
      { id: 'b2', name: 'Short', amount: '0.000059' },
    ];
    const wide = renderTable(rows, cols, tty(200));
    expect(wide).toContain('1234.567891 ETH');
    expect(wide).toContain('A rather long token name indeed');

    for (const width of [60, 36, 30]) {
      const out = renderTable(rows, cols, tty(width));
      expect(Math.max(...widths(out))).toBeLessThanOrEqual(width);
      expect(out).toContain(' 1234.567891 ETH\n');
      expect(out).toContain(' 0.000059 ETH\n');
    }
    expect(renderTable(rows, cols, tty(36))).toMatch(/A rather long \S*…/);
  });

  it('right-aligns amounts and headers of right-aligned columns', () => {
    const out = renderTable([{ id: 'x', name: 'n', amount: '1.5' }, { id: 'y', name: 'n', amount: '1234' }], cols, tty(80));
    expect(out).toBe('ID  NAME    AMOUNT\nx   n      1.5 ETH\ny   n     1234 ETH\n');
  });

  it('pages after the first keep the header out and the widths in, so --all output stays aligned', () => {
    const table = new TerminalTable(cols, tty(80));
    const first = table.page([{ id: 'a1', name: 'Alpha', amount: '1' }]);
    const second = table.page([{ id: 'b2', name: 'A much longer name than before', amount: '2' }]);
    expect(first.split('\n')[0]).toMatch(/^ID\s+NAME\s+AMOUNT$/);
    expect(second).not.toContain('NAME');
    // The name column stays as wide as on page 1 (cut), the amount column stays where it was.
    expect(second).toBe('b2  A mu…   2 ETH\n');
    expect(displayWidth(second.trimEnd())).toBe(displayWidth(first.split('\n')[1]!));
  });

  it('spare width is never spent on padding: the table is as wide as its widest cells', () => {
    const table = new TerminalTable(cols, tty(40));
    const first = table.page([{ id: 'a1', name: 'Alpha', amount: '1' }]);
    expect(first).toBe('ID  NAME   AMOUNT\na1  Alpha   1 ETH\n');
  });

  it('a fixed column or an amount that cannot shrink widens on a later page instead of losing digits', () => {
    const table = new TerminalTable(cols, tty(80));
    table.page([{ id: 'a', name: 'n', amount: '1' }]);
    const later = table.page([{ id: 'a-much-longer-id', name: 'n', amount: '123456789.5' }]);
    expect(later).toContain('a-much-longer-id');
    expect(later).toContain('123456789.5 ETH');
  });

  it('optional columns empty on the first page are left out', () => {
    const withOptional: Column<Row>[] = [...cols, { header: 'RECEIVER', cell: () => '', optional: true }];
    expect(renderTable([{ id: 'a', name: 'n', amount: '1' }], withOptional, tty(80))).not.toContain('RECEIVER');
    const shown: Column<Row>[] = [...cols, { header: 'RECEIVER', cell: (r) => r.id, optional: true }];
    expect(renderTable([{ id: 'a', name: 'n', amount: '1' }], shown, tty(80))).toContain('RECEIVER');
  });

  it('colour codes do not count towards alignment', () => {
    const styled: Column<Row>[] = [{ header: 'S', cell: (r) => ({ full: r.id, style: 'ok' }) }, { header: 'N', cell: (r) => r.name }];
    const out = renderTable([{ id: 'ok', name: 'x', amount: '' }, { id: 'error', name: 'y', amount: '' }], styled, tty(80, true));
    const plain = out.replace(/\u001b\[\d+m/g, '');
    expect(plain).toBe('S      N\nok     x\nerror  y\n');
  });
});

describe('tables line up whatever the text', () => {
  // The columns a terminal gives each character below, written out by hand rather than measured by
  // the code under test. A line is "expanded" by writing each character as that many X: an aligned
  // table expands to lines whose columns start and end at the same string positions.
  const COLUMNS: Readonly<Record<string, number>> = {
    '🪶': 2, '🐸': 2, '趁': 2, '热': 2, '打': 2, '铁': 2, '🇩🇪': 2, '©\ufe0f': 2, '1\ufe0f\u20e3': 2,
    '©': 1, '®': 1, 'e\u0301': 1, 'e\u0300': 1, 'E\u0301': 1, 'o\u034f': 1, '…': 1, '—': 1,
    // A variation selector is shown as <U+FE0F> (safe.ts), which leaves the keycap mark on the '>'.
    '>\u20e3': 1,
  };
  const seg = new Intl.Segmenter('en', { granularity: 'grapheme' });
  const expand = (s: string) =>
    Array.from(seg.segment(s.replace(/\u001b\[\d+m/g, '')), ({ segment: g }) => {
      if (/^[\x20-\x7e]$/.test(g)) return g;
      const w = COLUMNS[g];
      if (w === undefined) throw new Error(`no width written down for ${JSON.stringify(g)}`);
      return 'X'.repeat(w);
    }).join('');
  const NAMES: [symbol: string, name: string][] = [
    ['🪶', 'Quill 🪶'],
    ['TURBO', 'Turbo 🐸'],
    ['趁热', '趁热打铁'],
    ['©', '© Coin'],
    ['®', 'Reg®'],
    ['CAFE\u0301', 'Cafe\u0301 Cre\u0300me'],
    ['ZW', 'Zero\u200bWidth\u200d'],
    ['CGJ', 'Co\u034fmbined'],
    ['DE', '🇩🇪 Mark'],
    ['©\ufe0f', '1\ufe0f\u20e3 One'],
    ['PLAIN', 'Plain ASCII'],
  ];
  const balances = (names: readonly (readonly [string, string])[], type = 'ERC-20'): TokenBalance[] =>
    names.map(([symbol, name], i) => ({
      // Two types of one width: a column the same on every row would be the first left out.
      token: { address_hash: `0x${String(i + 1).padStart(40, 'a')}`, symbol, name, type: i % 2 ? type.replace('ERC', 'BEP') : type, decimals: '18', exchange_rate: '2.5' },
      value: `${(i + 1) * 1234}500000000000000`,
      token_id: null,
    }));
  // The same rows written in X only, as wide as the real ones: every width function agrees on these.
  const twin = (names: readonly (readonly [string, string])[]) =>
    names.map(([s, n]) => [expand(safeText(s)), expand(safeText(n))] as const);

  it.each([120, 90, 72, 60, 50])('token balances at %i columns', (width) => {
    const out = renderTable(balances(NAMES), tokenBalanceColumns, tty(width));
    const lines = out.trimEnd().split('\n').map(expand);
    // The last column (VALUE) is right-aligned: every line ends at the same column.
    expect(new Set(lines.map((l) => l.length)), out).toEqual(new Set([lines[0]!.length]));
    // The TYPE column starts at the same column on every line.
    const at = lines[0]!.indexOf('TYPE');
    for (const l of lines.slice(1)) expect(l.slice(at - 2, at + 7), out).toMatch(/^ {2}(ERC|BEP)-20 $/);
    // Where nothing is cut, the table is the one drawn for the X twin, column for column.
    if (!out.includes('…')) expect(lines.join('\n') + '\n').toBe(renderTable(balances(twin(NAMES)), tokenBalanceColumns, tty(width)));
  });

  it('every page of a long list keeps the columns, in colour too', () => {
    const table = new TerminalTable(tokenBalanceColumns, tty(100, true));
    const out = table.page(balances(NAMES.slice(0, 4))) + table.page(balances(NAMES.slice(4))) + table.page(balances(NAMES.slice(2, 7)));
    const lines = out.trimEnd().split('\n').map(expand);
    // The last column is right-aligned: every line ends where the first page's lines end, within the width.
    expect(new Set(lines.map((l) => l.length)), out).toEqual(new Set([lines[0]!.length]));
    expect(lines[0]!.length).toBeLessThanOrEqual(100);
  });
});

const ADDR = { hash: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', ens_domain_name: 'vitalik.eth' };

describe('address cells', () => {
  it('show the name beside the short address (6+4 digits), and the name gives way first, then two digits', () => {
    const c = addressCell(ADDR);
    expect(c.full).toBe(ADDR.hash);
    expect(c.short).toBe('vitalik.eth (0xd8dA6B…6045)');
    expect(c.fit!(25)).toBe('vitalik.eth (0xd8dA…6045)');
    // A name is cut only to keep at least 8 of its characters: a shorter stub says nothing.
    expect(c.fit!(23)).toBe('vitalik.… (0xd8dA…6045)');
    expect(c.fit!(22)).toBe('0xd8dA6B…6045');
    expect(c.fit!(20)).toBe('0xd8dA6B…6045');
    expect(c.fit!(12)).toBe('0xd8dA…6045');
    expect(c.fit!(11)).toBe('0xd8dA…6045');
  });

  it('a created contract stands in for a missing `to`, marked (new); an arrow leads a TO cell', () => {
    const c = addressCell(null, { hash: '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE', name: 'Vault' }, true);
    expect(c.full).toBe('0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE');
    expect(c.short).toBe('→ Vault (0x3f5CE5…f0bE) (new)');
    expect(c.fit!(21)).toBe('→ 0x3f5CE5…f0bE (new)');
    expect(c.fit!(19)).toBe('0x3f5CE5…f0bE (new)');
    expect(addressCell(null, null, true)).toMatchObject({ full: '', short: '→ —' });
  });

  it('a scam address is marked in words, and the mark is never cut away', () => {
    const c = addressCell({ hash: ADDR.hash, name: 'Tether', is_scam: true });
    expect(c.short).toBe('[scam] Tether (0xd8dA6B…6045)');
    expect(c.style).toBe('warn');
    expect(c.minWidth).toBe(displayWidth('[scam] 0xd8dA…6045'));
    expect(c.fit!(20)).toBe('[scam] 0xd8dA6B…6045');
    expect(c.fit!(18)).toBe('[scam] 0xd8dA…6045');
  });

  it('names from the chain are made safe', () => {
    expect(addressCell({ hash: ADDR.hash, name: 'x\u001b]0;pwned\u0007' }).short).toBe('x\u241b]0;pwned\u2407 (0xd8dA6B…6045)');
  });
});

describe('amount cells', () => {
  it('are never cut: the least they show is every digit and the unit, a long symbol cut to a stub', () => {
    const huge = amountCell('', '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007', ' ETH');
    expect(huge.fit).toBeUndefined();
    expect(huge.minWidth).toBe(displayWidth(huge.full));
    expect(amountCell('≤', '0.000059', '')).toEqual({ full: '≤0.000059', minWidth: 9 });
    expect(amountCell('', '42', ' ETH')).toEqual({ full: '42 ETH', minWidth: 6 });
    expect(amountCell('', '1.1579e59', ' WETH')).toEqual({ full: '1.1579e59 WETH', minWidth: 14 });
    // A symbol is chain text of any length: past 8 columns it gives way, the digits do not.
    const long = amountCell('+', '9.253907', ' VeryLongSymbolName');
    expect(long.minWidth).toBe(displayWidth('+9.253907 VeryLon…'));
    expect(long.fit!(0)).toBe('+9.253907 VeryLon…');
    expect(long.fit!(22)).toBe('+9.253907 VeryLongSym…');
    expect(long.fit!(40)).toBe('+9.253907 VeryLongSymbolName');
  });
});

describe('key/value', () => {
  it('aligns labels on a terminal, indents continuation lines, and skips empty values', () => {
    const rows = [
      { label: 'Status', value: 'ok' },
      { label: 'Empty', value: '' },
      { label: 'Transfers', lines: ['one', 'two'] },
    ];
    expect(renderKeyValue(rows, tty(80))).toBe('Status     ok\nTransfers  one\n           two\n');
  });

  it('on a terminal every piece of a value is made safe, then coloured: the only escapes out are its own', () => {
    const color = { ...tty(80), color: true };
    const rows = [
      { label: 'Status', value: [{ text: 'error', style: 'error' as const }, ' · \u001b]52;c;cHduZWQ=\u0007'] },
      { label: 'Transfers', lines: ['… and more: scout tx transfers 0x\u001b]0;title\u0007', [{ text: 'a\nb\u009b2J', style: 'warn' as const }]] },
    ];
    expect(renderKeyValue(rows, color)).toBe(
      '\u001b[1mStatus   \u001b[22m  \u001b[31merror\u001b[39m · \u241b]52;c;cHduZWQ=\u2407\n' +
        '\u001b[1mTransfers\u001b[22m  … and more: scout tx transfers 0x\u241b]0;title\u2407\n' +
        '           \u001b[33ma\u240ab<U+009B>2J\u001b[39m\n',
    );
  });

  it('piped, one label<TAB>fields line per data entry, sanitised', () => {
    const rows = [
      { label: 'Status', value: '', data: [['ok']] },
      { label: 'Parameter', value: '', data: [['to', 'address', '0xabc'], ['amount', 'uint256', 'a\tb\u001b[2J']] },
      { label: 'None', value: '', data: [] },
      { label: 'Blank', value: '', data: [['']] },
    ];
    expect(renderKeyValue(rows, PIPE)).toBe('Status\tok\nParameter\tto\taddress\t0xabc\nParameter\tamount\tuint256\ta b\u241b[2J\n');
  });
});
