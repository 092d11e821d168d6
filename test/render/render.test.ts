import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../../src/render/context.js';
import { csvField, csvHeader, csvRows } from '../../src/render/csv.js';
import { age, isoTime, shortHash } from '../../src/render/format.js';
import { isSafeText, safeText, text } from '../../src/base/text/safe.js';
import { type Column, renderTsv } from '../../src/render/table.js';
import { knownAddresses, renderTrace, traceFrames } from '../../src/render/trace.js';
import { decodeRevert } from '../../src/render/abi.js';
import { compareExact, displayUnits, exactValue, formatUnits, groupDigits, gwei, roundExact, sumExact, toBigInt, toDecimals, usd, usdOf, valueAt } from '../../src/render/units.js';
import { renderTable } from '../support/table.js';

const NOW = Date.UTC(2026, 10, 21, 12);

function ctx(tty: boolean, color: boolean): RenderContext {
  return { tty, color, width: 100, now: NOW, coin: 'ETH' };
}

const PIPE = ctx(false, false);

/** Every raw byte that could drive a terminal: ESC, BEL, 8-bit CSI, other C0/C1, DEL, bidi, zero-width. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
/** Our own SGR colour codes, which are the only escapes allowed out. */
// eslint-disable-next-line no-control-regex
const OUR_SGR = /\u001b\[(?:1|2|22|31|32|33|39)m/g;

const HOSTILE = 'Evil\u001b]0;pwned\u0007Tok\u001b[31men\u009b2J\u202eabc\u200bdef\u007f';

describe('safeText', () => {
  it('makes an OSC title sequence visible instead of executable', () => {
    expect(safeText('Evil\u001b]0;pwned\u0007Token')).toBe('Evil\u241b]0;pwned\u2407Token');
  });

  it('makes a CSI colour sequence visible', () => {
    expect(safeText('\u001b[31mred')).toBe('\u241b[31mred');
  });

  it('makes an 8-bit CSI visible', () => {
    expect(safeText('a\u009b2Jb')).toBe('a<U+009B>2Jb');
  });

  it('makes bidi overrides and zero-width characters visible', () => {
    expect(safeText('abc\u202etxt.exe')).toBe('abc<U+202E>txt.exe');
    expect(safeText('US\u200bDC')).toBe('US<U+200B>DC');
    expect(safeText('\u2066x\u2069')).toBe('<U+2066>x<U+2069>');
    expect(safeText('\ufeffBOM')).toBe('<U+FEFF>BOM');
  });

  it('makes DEL, NUL, tab and newline visible', () => {
    expect(safeText('a\u007fb')).toBe('a\u2421b');
    expect(safeText('a\u0000b\tc\nd')).toBe('a\u2400b\u2409c\u240ad');
  });

  it('makes soft hyphens, invisible tag characters and interlinear annotations visible', () => {
    expect(safeText('pay\u00adpal')).toBe('pay<U+00AD>pal');
    expect(safeText('ok\u{e0041}\u{e0042}')).toBe('ok<U+E0041><U+E0042>');
    expect(safeText('a\ufff9b\ufffbc')).toBe('a<U+FFF9>b<U+FFFB>c');
    expect(safeText('\u2028\u2029')).toBe('<U+2028><U+2029>');
  });

  it('text() shows null and undefined as nothing and objects as JSON, made safe', () => {
    expect(text(null)).toBe('');
    expect(text(undefined)).toBe('');
    expect(text(42)).toBe('42');
    expect(text({ a: '\u001b[2J' })).toBe('{"a":"\\u001b[2J"}');
    expect(text('x\u001b[2J')).toBe('x\u241b[2J');
  });

  it('leaves plain unicode and emoji untouched', () => {
    for (const s of ['Ü', 'Straße', '日本語トークン', '🚀 Moon', '❤️', 'Ελληνικά', 'Vitalik.eth']) {
      expect(safeText(s)).toBe(s);
      expect(isSafeText(s)).toBe(true);
    }
  });

  it('leaves no raw control character in hostile text', () => {
    const out = safeText(HOSTILE);
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain('pwned');
  });

  it('isSafeText reports unsafe text and is stable across calls', () => {
    expect(isSafeText(HOSTILE)).toBe(false);
    expect(isSafeText(HOSTILE)).toBe(false);
    expect(isSafeText('plain')).toBe(true);
  });
});

describe('revert data', () => {
  it('Error(string) without its message is said to be that, not a custom error', () => {
    expect(decodeRevert('0x08c379a0')).toBe('Error(string) with no message');
    expect(decodeRevert('0x08c379a0' + '20'.padStart(64, '0'))).toBe('Error(string) with an unreadable message (36 bytes)');
    expect(decodeRevert('0x08c379a0' + '20'.padStart(64, '0') + '0'.repeat(64))).toBe('Error(string) with an empty message');
    expect(decodeRevert('0x4e487b71')).toBe('Panic(uint256) with no code');
    // A real custom error stays one.
    expect(decodeRevert('0xfb8f41b2')).toBe('custom error 0xfb8f41b2');
  });
});

describe('formatUnits and friends', () => {
  const MAX = (1n << 256n) - 1n;
  const MAX_SCALED = '115792089237316195423570985008687907853269984665640564039457.584007913129639935';

  it('keeps every digit of 2^256-1 with 18 decimals', () => {
    expect(MAX.toString()).toHaveLength(78);
    const out = formatUnits(MAX.toString(), 18);
    expect(out).toBe(MAX_SCALED);
    expect(out!.replace('.', '')).toBe(MAX.toString());
  });

  it('accepts a 0x hex quantity', () => {
    expect(formatUnits('0x' + 'f'.repeat(64), 18)).toBe(MAX_SCALED);
    expect(formatUnits('0xde0b6b3a7640000', 18)).toBe('1');
    expect(formatUnits('0x14d1120d7b160000', 18)).toBe('1.5');
  });

  it('scales and trims trailing zeros', () => {
    expect(formatUnits('1500000000000000000', 18)).toBe('1.5');
    expect(formatUnits('1000000', 6)).toBe('1');
    expect(formatUnits('1', 18)).toBe('0.000000000000000001');
    expect(formatUnits('123456789', '6')).toBe('123.456789');
    expect(formatUnits('-1500000000000000000', 18)).toBe('-1.5');
  });

  it('zero is 0', () => {
    expect(formatUnits('0', 18)).toBe('0');
    expect(formatUnits(0, 0)).toBe('0');
  });

  it('null or missing decimals give the raw integer', () => {
    expect(formatUnits('1500000000000000000', null)).toBe('1500000000000000000');
    expect(formatUnits('42', undefined)).toBe('42');
  });

  it('returns undefined for non-integers rather than guessing', () => {
    expect(formatUnits('1.5', 18)).toBeUndefined();
    expect(formatUnits('abc', 18)).toBeUndefined();
    expect(formatUnits(1.5, 18)).toBeUndefined();
    expect(formatUnits(null, 18)).toBeUndefined();
    expect(toBigInt(2 ** 60)).toBeUndefined();
    expect(toBigInt(' 42 ')).toBe(42n);
  });

  it('displayUnits rounds for a terminal to 6 decimals, half up, and never rounds a non-zero amount to 0', () => {
    expect(displayUnits('59332380872376', 18)).toBe('0.000059');
    expect(displayUnits('500000000000', 18)).toBe('0.000001');
    expect(displayUnits('499999999999', 18)).toBe('<0.000001');
    expect(displayUnits('1', 18)).toBe('<0.000001');
    expect(displayUnits('-1', 18)).toBe('>-0.000001');
    expect(displayUnits('0', 18)).toBe('0');
    expect(displayUnits('1500000000000000000', 18)).toBe('1.5');
    expect(displayUnits('2812517413171976660', 18)).toBe('2.812517');
    expect(displayUnits('999999999999500000000000', 18)).toBe('1,000,000');
    // Six decimals or fewer: exact, as it is.
    expect(displayUnits('449277292', 6)).toBe('449.277292');
    expect(displayUnits('42', null)).toBe('42');
    expect(displayUnits('1.5', 18)).toBeUndefined();
  });

  it('displayUnits: a whole part over 12 digits as its exact prefix; 2^256-1 in base units is unlimited', () => {
    expect(displayUnits(MAX.toString(), 18)).toBe('unlimited');
    expect(displayUnits(MAX.toString(), 0)).toBe('unlimited');
    expect(displayUnits((MAX - 1n).toString(), 18)).toBe('1.1579e59');
    // Cut, never rounded up: 1.99999… stays 1.9999.
    expect(displayUnits('1' + '9'.repeat(20), 0)).toBe('1.9999e20');
    expect(displayUnits('1' + '0'.repeat(20), 0)).toBe('1e20');
    expect(displayUnits('999999999999', 0)).toBe('999,999,999,999');
    expect(displayUnits('-' + '1'.repeat(30), 0)).toBe('-1.1111e29');
    // USD figures too.
    expect(usd(MAX.toString(), 18, '2')).toBe('$2.3158e59');
    expect(usd('1500000000000000000', 18, '4273.59')).toBe('$6,410.39');
  });

  it('valueAt multiplies by a decimal price exactly and rounds half up to cents', () => {
    expect(valueAt('1500000000000000000', 18, '4273.59')).toBe('6410.39'); // 6410.385
    expect(valueAt('1', 0, '0.005')).toBe('0.01');
    expect(valueAt('1', 0, '0.00499')).toBe('0.00');
    expect(valueAt('2846646072292752436030', '18', '0.999878')).toBe('2846.30');
    // 2^256-1 wei at a price with many decimals: no float ever touches it.
    expect(valueAt(((1n << 256n) - 1n).toString(), 18, '1.5')).toBe('173688133855974293135356477513031861779904976998460846059186.38');
    expect(valueAt('100', null, '1')).toBeUndefined();
    expect(valueAt('100', 2, null)).toBeUndefined();
    expect(valueAt('100', 2, 'abc')).toBeUndefined();
    expect(valueAt('-150', 2, '2')).toBe('-3.00');
  });

  it('exact values sum and compare without rounding: sub-cent parts add up, every scale kept', () => {
    // Three values of 0.004 each: rounded one by one they would sum to 0.00; exact, 0.012 rounds to 0.01.
    const third = exactValue('4', 3, '1')!;
    expect(roundExact(sumExact([third, third, third]))).toBe('0.01');
    // Scales of 18 + 30 digits and of 2 add exactly.
    const fine = exactValue('3000000000000000000000', 18, '0.100000000000000000000000000001')!;
    const sum = sumExact([fine, exactValue('12345', 2, '10')!]);
    expect(formatUnits(sum.int, sum.scale)).toBe('1534.500000000000000000000000003');
    expect(roundExact(sumExact([]))).toBe('0.00');
    expect(compareExact(exactValue('1', 3, '5')!, { int: 5n, scale: 3 })).toBe(0);
    expect(compareExact(exactValue('1', 3, '5')!, { int: 1n, scale: 2 })).toBeLessThan(0);
    expect(compareExact({ int: 60n, scale: 1 }, { int: 6n, scale: 0 })).toBe(0);
    expect(usdOf({ int: 1n, scale: 40 })).toBe('<$0.01');
    expect(usdOf({ int: 123456789n, scale: 2 })).toBe('$1,234,567.89');
  });

  it('usd formats for a terminal, and says <$0.01 for dust instead of $0.00', () => {
    expect(usd('1500000000000000000', 18, '4273.59')).toBe('$6,410.39');
    expect(usd('1', 18, '4273.59')).toBe('<$0.01');
    expect(usd('0', 18, '4273.59')).toBe('$0.00');
    expect(usd('1', 18, null)).toBeUndefined();
  });

  it('gwei scales wei per gas exactly', () => {
    expect(gwei('3100000000')).toBe('3.1');
    expect(gwei('392347649')).toBe('0.392347649');
    expect(gwei('0')).toBe('0');
  });

  it('unusable decimals leave the raw integer (never a guess)', () => {
    expect(toDecimals('18')).toBe(18);
    expect(toDecimals(null)).toBeUndefined();
    expect(toDecimals('-1')).toBeUndefined();
    expect(toDecimals('1e3')).toBeUndefined();
    expect(toDecimals('1.5')).toBeUndefined();
    expect(formatUnits('1234', '300')).toBe('1234');
    expect(formatUnits('1234', 'x')).toBe('1234');
  });

  it('groupDigits groups only the whole part', () => {
    expect(groupDigits('1234567.5')).toBe('1,234,567.5');
    expect(groupDigits('1000')).toBe('1,000');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('0.1234567')).toBe('0.1234567');
    expect(groupDigits('-1234567')).toBe('-1,234,567');
  });
});

describe('csv', () => {
  it('quotes commas, quotes and CR/LF per RFC 4180', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('')).toBe('');
  });

  it('a newline inside a value never splits the record (shown as a visible character)', () => {
    const out = csvField('line1\r\nline2');
    expect(out).not.toMatch(/[\r\n]/);
    expect(out).toContain('line1');
    expect(out).toContain('line2');
  });

  it('neutralises spreadsheet formulas with a leading apostrophe', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('leaves plain numbers alone', () => {
    expect(csvField('-1.5')).toBe('-1.5');
    expect(csvField('-42')).toBe('-42');
    expect(csvField('1500000000000000000')).toBe('1500000000000000000');
  });

  it('makes control characters visible', () => {
    const out = csvField(HOSTILE);
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain('\u241b]0;pwned\u2407');
  });

  it('writes a header row and CRLF-terminated rows', () => {
    type Row = { name: string; amount: string };
    const cols: Column<Row>[] = [
      { header: 'Token Name', cell: (r) => ({ full: r.name, short: 'SHORT' }) },
      { header: 'AMOUNT', cell: (r) => r.amount },
    ];
    const rows: Row[] = [
      { name: 'Wrapped, Ether', amount: '1.5' },
      { name: '=cmd|calc', amount: '-2' },
    ];
    expect(csvHeader(cols) + csvRows(rows, cols, PIPE)).toBe(
      'token_name,amount\r\n"Wrapped, Ether",1.5\r\n\'=cmd|calc,-2\r\n',
    );
  });
});

describe('tables', () => {
  type Row = { hash: string; name: string; status: 'ok' | 'error' };
  const HASH = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  const cols: Column<Row>[] = [
    { header: 'HASH', cell: (r) => ({ full: r.hash, short: shortHash(r.hash) }) },
    { header: 'NAME', cell: (r) => r.name },
    { header: 'STATUS', cell: (r) => ({ full: r.status, style: r.status }) },
  ];
  const rows: Row[] = [
    { hash: HASH, name: 'Wrapped Ether', status: 'ok' },
    { hash: '0x1111111111111111111111111111111111111111', name: 'tab\there\nnew', status: 'error' },
  ];

  it('renderTsv: no header, tab-separated full values, one line per item', () => {
    expect(renderTsv(rows, cols, PIPE)).toBe(
      `${HASH}\tWrapped Ether\tok\n0x1111111111111111111111111111111111111111\ttab here new\terror\n`,
    );
  });

  it('renderTsv never colours, even with color on', () => {
    expect(renderTsv(rows, cols, ctx(false, true))).not.toContain('\u001b');
  });

  it('renderTsv makes hostile control characters visible', () => {
    const out = renderTsv([{ hash: HASH, name: HOSTILE, status: 'ok' }], cols, PIPE);
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain('\u241b]0;pwned\u2407');
    expect(out.split('\n')).toHaveLength(2);
    expect(out.split('\t')).toHaveLength(3);
  });

  it('renderTable on a terminal has a header and short values, no colour when color is off', () => {
    const out = renderTable(rows, cols, ctx(true, false));
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^HASH\s+NAME\s+STATUS$/);
    expect(lines[1]).toContain('0xd8dA…6045');
    expect(out).not.toContain(HASH);
    expect(lines[2]).toContain('tab here new');
    expect(out).not.toContain('\u001b');
    // Columns line up: STATUS starts at the same offset on every line.
    const at = lines[0]!.indexOf('STATUS');
    expect(lines[1]!.indexOf('ok')).toBe(at);
    expect(lines[2]!.indexOf('error')).toBe(at);
  });

  it('renderTable colours the header and styled cells only when color is on', () => {
    const out = renderTable(rows, cols, ctx(true, true));
    expect(out).toContain('\u001b[1mHASH\u001b[22m');
    expect(out).toContain('\u001b[32mok\u001b[39m');
    expect(out).toContain('\u001b[31merror\u001b[39m');
  });

  it('renderTable lets nothing raw through from hostile input', () => {
    const hostileRows: Row[] = [{ hash: HASH, name: HOSTILE, status: 'ok' }];
    for (const c of [ctx(true, true), ctx(true, false)]) {
      const out = renderTable(hostileRows, cols, c);
      expect(out.replace(OUR_SGR, '')).not.toMatch(RAW_CONTROL);
      expect(out).toContain('\u241b]0;pwned\u2407');
    }
  });
});

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const C = '0x' + 'c'.repeat(40);
const D = '0x' + 'd'.repeat(40);
const E = '0x' + 'e'.repeat(40);
const F = '0x' + 'f'.repeat(40);
const TRANSFER = '0xa9059cbb' + '0'.repeat(128);

/** A Parity/Erigon flat trace: depth 3 under the root, the deepest call errored. */
const PARITY = [
  {
    type: 'call',
    traceAddress: [],
    subtraces: 2,
    action: { callType: 'call', from: A, to: B, gas: '0x10000', input: TRANSFER, value: '0xde0b6b3a7640000' },
    result: { gasUsed: '0x5208', output: '0x' },
  },
  {
    type: 'call',
    traceAddress: [0],
    subtraces: 1,
    action: { callType: 'call', from: B, to: C, gas: '0x8000', input: '0x', value: '0x0' },
    result: { gasUsed: '0x100', output: '0x' },
  },
  {
    type: 'call',
    traceAddress: [0, 0],
    subtraces: 1,
    action: { callType: 'staticcall', from: C, to: D, gas: '0x4000', input: '0x', value: '0x0' },
    result: { gasUsed: '0x80', output: '0x' },
  },
  {
    type: 'call',
    traceAddress: [0, 0, 0],
    subtraces: 0,
    action: { callType: 'delegatecall', from: D, to: E, gas: '0x2000', input: '0x', value: '0x0' },
    error: 'out of gas',
  },
  {
    type: 'create',
    traceAddress: [1],
    subtraces: 0,
    action: { from: B, gas: '0x1000', init: '0x6080604052', value: '0x0' },
    result: { gasUsed: '0x40', address: F, code: '0x' },
  },
];

/** The same calls as Geth's nested callTracer object. */
const GETH = {
  type: 'CALL',
  from: A,
  to: B,
  value: '0xde0b6b3a7640000',
  gas: '0x10000',
  gasUsed: '0x5208',
  input: TRANSFER,
  output: '0x',
  calls: [
    {
      type: 'CALL',
      from: B,
      to: C,
      gas: '0x8000',
      gasUsed: '0x100',
      input: '0x',
      calls: [
        {
          type: 'STATICCALL',
          from: C,
          to: D,
          gas: '0x4000',
          gasUsed: '0x80',
          input: '0x',
          calls: [{ type: 'DELEGATECALL', from: D, to: E, gas: '0x2000', input: '0x', error: 'out of gas' }],
        },
      ],
    },
    { type: 'CREATE', from: B, to: F, value: '0x0', gas: '0x1000', gasUsed: '0x40', input: '0x6080604052' },
  ],
};

// Piped: full addresses on every line (no names), gas as plain integers, no colour.
const PIPED_TREE = [
  `[21000] call  ${A} → ${B}  1 ETH  transfer 0xa9059cbb`,
  `  ├─ [256] call  ${B} → ${C}`,
  `  │   └─ [128] staticcall  ${C} → ${D}`,
  `  │       └─ [?] delegatecall  ${D} → ${E}  ✗ reverted: out of gas`,
  `  └─ [64] create  ${B} → ${F} (new)`,
].join('\n') + '\n';

describe('trace', () => {
  it('a flat Parity array becomes a nested frame tree', () => {
    const roots = traceFrames(PARITY);
    expect(roots).toHaveLength(1);
    const root = roots[0]!;
    expect(root.children.map((c) => c.type)).toEqual(['call', 'create']);
    expect(root.children[0]!.children[0]!.children[0]!.error).toBe('out of gas');
    expect(root.children[1]!.to).toBe(F);
    expect(root.value).toBe(10n ** 18n);
  });

  it('renders a Parity trace as a tree with glyphs and the revert', () => {
    expect(renderTrace(PARITY, PIPE)).toBe(PIPED_TREE);
  });

  it('renders a Geth callTracer object as the same tree', () => {
    const out = renderTrace(GETH, PIPE);
    expect(out).toBe(PIPED_TREE);
  });

  it('on a terminal shortens addresses, groups gas and shows a child’s caller only when it is not the parent', () => {
    expect(renderTrace(PARITY, ctx(true, false))).toBe(
      [
        '[21,000] call  0xaaaa…aaaa → 0xbbbb…bbbb  1 ETH  transfer 0xa9059cbb',
        '  ├─ [256] call  → 0xcccc…cccc',
        '  │   └─ [128] staticcall  → 0xdddd…dddd',
        '  │       └─ [?] delegatecall  → 0xeeee…eeee  ✗ reverted: out of gas',
        '  └─ [64] create  → 0xffff…ffff (new)',
      ].join('\n') + '\n',
    );
  });

  it('on a terminal puts the transaction’s names beside addresses, checksummed', () => {
    const known = knownAddresses({
      from: { hash: '0x' + 'A'.repeat(40), ens_domain_name: 'alice.eth' },
      to: { hash: '0x' + 'B'.repeat(40), name: 'Router', implementations: [{ address_hash: '0x' + 'E'.repeat(40), name: 'RouterImpl' }] },
      token_transfers: [{ token: { address_hash: '0x' + 'C'.repeat(40), symbol: 'USDC' } }],
    });
    const out = renderTrace(PARITY, ctx(true, false), { known });
    expect(out.split('\n')[0]).toBe('[21,000] call  alice.eth 0xAAAA…AAAA → Router 0xBBBB…BBBB  1 ETH  transfer 0xa9059cbb');
    expect(out).toContain('├─ [256] call  → USDC 0xCCCC…CCCC');
    expect(out).toContain('└─ [?] delegatecall  → RouterImpl 0xEEEE…EEEE');
    // Piped output stays plain addresses.
    expect(renderTrace(PARITY, PIPE, { known })).toBe(PIPED_TREE);
  });

  it('shows no value on delegate and static calls (they run with the caller’s value)', () => {
    const t = { type: 'CALL', from: A, to: B, value: '0x1', calls: [{ type: 'DELEGATECALL', from: B, to: C, value: '0xde0b6b3a7640000' }] };
    expect(renderTrace(t, PIPE)).toBe(`[?] call  ${A} → ${B}  0.000000000000000001 ETH\n  └─ [?] delegatecall  ${B} → ${C}\n`);
  });

  it('names the chain’s coin from the context', () => {
    expect(renderTrace(PARITY, { ...PIPE, coin: 'xDAI' }).split('\n')[0]).toContain('  1 xDAI  ');
  });

  it('Geth frames carry the decoded revert reason; Parity selfdestruct and reward entries render', () => {
    const payload = '0x08c379a0' + (32).toString(16).padStart(64, '0') + (3).toString(16).padStart(64, '0') + Buffer.from('STF').toString('hex').padEnd(64, '0');
    expect(renderTrace({ type: 'CALL', from: A, to: B, error: 'execution reverted', output: payload }, PIPE)).toBe(
      `[?] call  ${A} → ${B}  ✗ reverted: execution reverted: STF\n`,
    );
    expect(renderTrace({ type: 'CALL', from: A, to: B, error: 'execution reverted', revertReason: 'Too little received' }, PIPE)).toContain(
      '✗ reverted: execution reverted: Too little received',
    );
    const flat = [
      { type: 'call', traceAddress: [], action: { callType: 'call', from: A, to: B, value: '0x0', input: '0x' }, result: { gasUsed: '0x1' } },
      { type: 'suicide', traceAddress: [0], action: { address: B, refundAddress: C, balance: '0xde0b6b3a7640000' } },
      { type: 'reward', traceAddress: [1], action: { author: D, rewardType: 'block', value: '0x1bc16d674ec80000' } },
    ];
    expect(renderTrace(flat, PIPE)).toBe(`[1] call  ${A} → ${B}\n  ├─ [?] selfdestruct  ${B} → ${C}  1 ETH\n  └─ [?] reward  ? → ${D}  2 ETH\n`);
  });

  it('colours the revert only when color is on', () => {
    expect(renderTrace(PARITY, ctx(true, true))).toContain('\u001b[31m[?] delegatecall  → 0xeeee…eeee  ✗ reverted: out of gas\u001b[39m');
    expect(renderTrace(PARITY, ctx(true, false))).not.toContain('\u001b');
  });

  it('makes a hostile error text visible', () => {
    const t = [{ traceAddress: [], action: { callType: 'call', from: A, to: B }, error: 'x\u001b]0;pwned\u0007' }];
    const out = renderTrace(t, ctx(true, true));
    expect(out.replace(OUR_SGR, '')).not.toMatch(RAW_CONTROL);
    expect(out).toContain('✗ reverted: x\u241b]0;pwned\u2407');
  });

  it('an empty trace (pending transaction) renders as the empty string', () => {
    expect(renderTrace([], PIPE)).toBe('');
    expect(traceFrames([])).toEqual([]);
  });

  it('an unknown shape renders without throwing', () => {
    for (const weird of [
      null,
      'Error while raw trace fetching',
      42,
      [1, null, 'x'],
      [{ foo: 'bar' }],
      { calls: 'nope', type: 7 },
      { type: 'CALL', from: A, calls: [null, 5, 'x', { type: 'CALL', calls: [[]] }] },
      [{ traceAddress: ['x', null], action: null, result: 5 }],
      [{ traceAddress: [3, 4, 5], action: { from: A } }],
    ]) {
      expect(() => renderTrace(weird, ctx(true, true))).not.toThrow();
    }
    expect(renderTrace('Error while raw trace fetching', PIPE)).toBe('');
    expect(renderTrace([{ foo: 'bar' }], PIPE)).toBe('[?] call  ? → ?\n');
    expect(renderTrace({ type: 'CALL', from: A, calls: [null, { type: 'STATICCALL' }] }, PIPE)).toBe(
      `[?] call  ${A} → ?\n  └─ [?] staticcall  ? → ?\n`,
    );
  });
});

describe('format', () => {
  it('shortHash keeps the prefix and last characters', () => {
    expect(shortHash('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe('0xd8dA…6045');
    expect(shortHash('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 6)).toBe('0xd8dA6B…A96045');
    expect(shortHash('0x1234')).toBe('0x1234');
    expect(shortHash('')).toBe('');
  });

  it('age is relative to the injected clock', () => {
    const at = (ms: number) => new Date(NOW - ms).toISOString();
    expect(age(at(12_000), NOW)).toBe('12s ago');
    expect(age(at(59_000), NOW)).toBe('59s ago');
    expect(age(at(60_000), NOW)).toBe('1m ago');
    expect(age(at(5 * 60_000 + 30_000), NOW)).toBe('5m ago');
    expect(age(at(3 * 3_600_000), NOW)).toBe('3h ago');
    expect(age(at(4 * 86_400_000), NOW)).toBe('4d ago');
    expect(age(at(2 * 365 * 86_400_000), NOW)).toBe('2y ago');
    expect(age(at(-60_000), NOW)).toBe('in future');
  });

  it('age of missing or unparsable time is undefined', () => {
    expect(age(null, NOW)).toBeUndefined();
    expect(age(undefined, NOW)).toBeUndefined();
    expect(age('not a date', NOW)).toBeUndefined();
  });

  it('isoTime drops zero fractions and keeps real ones', () => {
    expect(isoTime('2025-08-11T09:32:59.000000Z')).toBe('2025-08-11T09:32:59Z');
    expect(isoTime('2025-08-11T09:32:59Z')).toBe('2025-08-11T09:32:59Z');
    expect(isoTime('2025-08-11T09:32:59.250Z')).toBe('2025-08-11T09:32:59.250Z');
    expect(isoTime('2025-08-11T11:32:59+02:00')).toBe('2025-08-11T09:32:59Z');
    expect(isoTime(null)).toBe('');
  });

  it('isoTime of unparsable hostile text is made safe', () => {
    expect(isoTime('soon\u001b[2J')).toBe('soon\u241b[2J');
  });
});
