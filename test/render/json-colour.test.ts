/**
 * JSON people read on a terminal, and programs read through a pipe (issue 22, item 24): on a
 * terminal keys, strings, numbers and true/false/null are coloured, never under NO_COLOR or --color
 * never; piped the text stays byte for byte. `contract abi` on a terminal prints readable signatures,
 * JSON when piped or with --json. In process, against the test explorer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abiSignature } from '../../src/render/abi.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';
import { runScout } from '../support/scout.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[\d+m/g;
const terminal = (args: string[], o: { color?: boolean; env?: Record<string, string> } = {}) =>
  runScout(args, { env: { SCOUT_BASE_URL: srv.url, ...o.env }, stdoutIsTTY: true, ...(o.color === undefined ? {} : { color: o.color }) });
const piped = (args: string[]) => runScout(args, { env: { SCOUT_BASE_URL: srv.url } });

describe('JSON on a terminal is coloured', () => {
  it.each([
    ['an object', ['tx', 'show', TX.ok, '--json']],
    ['a list', ['address', 'txs', ADDR.rich, '--json', '--limit', '3']],
    ['NDJSON', ['address', 'txs', ADDR.rich, '--ndjson', '--limit', '3']],
  ])('%s: keys blue, strings green, numbers cyan; the text under the colour is what plain output prints', async (_what, args) => {
    const coloured = await terminal(args, { color: true });
    expect(coloured.code, coloured.stderr).toBe(0);
    expect(coloured.stdout).toContain('\u001b[34m"hash"\u001b[39m');
    expect(coloured.stdout).toMatch(/\u001b\[32m"0x[0-9a-f]{64}"\u001b\[39m/);
    expect(coloured.stdout).toMatch(/\u001b\[36m\d+\u001b\[39m|\u001b\[33m(true|false|null)\u001b\[39m/);
    const plain = await terminal(args, { color: false });
    expect(plain.stdout).not.toMatch(SGR);
    expect(coloured.stdout.replace(SGR, '')).toBe(plain.stdout);
  });

  it('a batch: its JSON array and its NDJSON lines too, the same JSON under the colour', async () => {
    for (const flag of ['--json', '--ndjson']) {
      const run = (color: boolean) => runScout(['tx', 'show', '-', flag], { env: { SCOUT_BASE_URL: srv.url }, stdoutIsTTY: true, color, stdin: `${TX.ok}\n${TX.failed}\n` });
      const coloured = await run(true);
      expect(coloured.code, coloured.stderr).toBe(0);
      expect(coloured.stdout, flag).toContain('\u001b[34m"hash"\u001b[39m');
      expect(coloured.stdout.replace(SGR, '')).toBe((await run(false)).stdout);
    }
  });

  it('not under NO_COLOR or --color never; piped, byte for byte as before', async () => {
    const args = ['tx', 'show', TX.ok, '--json'];
    expect((await terminal(args, { env: { NO_COLOR: '1' } })).stdout).not.toMatch(SGR);
    expect((await terminal([...args, '--color', 'never'])).stdout).not.toMatch(SGR);
    const out = (await piped(args)).stdout;
    expect(out).not.toMatch(SGR);
    expect(JSON.parse(out)).toMatchObject({ hash: TX.ok });
  });
});

describe('contract abi', () => {
  it('on a terminal: one signature a line, as Solidity spells it', async () => {
    const r = await terminal(['contract', 'abi', ADDR.contractImpl], { color: false });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('function execute()\nfunction quote(uint256 amount) view returns (uint256)\n');
    const usdc = await terminal(['contract', 'abi', ADDR.usdc], { color: false });
    expect(usdc.stdout).toBe(
      [
        'function name() view returns (string)',
        'function symbol() view returns (string)',
        'function decimals() view returns (uint8)',
        'function totalSupply() view returns (uint256)',
        'function balanceOf(address account) view returns (uint256)',
        'function allowance(address owner, address spender) view returns (uint256)',
        'function transfer(address to, uint256 value) returns (bool)',
        'event Transfer(address indexed from, address indexed to, uint256 value)',
        'event Approval(address indexed owner, address indexed spender, uint256 value)',
        '',
      ].join('\n'),
    );
  });

  it('piped, or with --json on a terminal: the JSON', async () => {
    const p = await piped(['contract', 'abi', ADDR.contractImpl]);
    expect(p.stdout.startsWith('[{"inputs":[]')).toBe(true);
    const j = await terminal(['contract', 'abi', ADDR.contractImpl, '--json'], { color: false });
    expect(JSON.parse(j.stdout)).toHaveLength(2);
  });

  it('tuples, errors, constructors, receive and fallback', () => {
    const tuple = { name: 'order', type: 'tuple[]', components: [{ name: 'maker', type: 'address' }, { name: 'amount', type: 'uint256' }] };
    expect(abiSignature({ type: 'function', name: 'fill', inputs: [tuple], outputs: [], stateMutability: 'payable' })).toBe('function fill((address maker, uint256 amount)[] order) payable');
    expect(abiSignature({ type: 'error', name: 'Unauthorized', inputs: [{ name: 'who', type: 'address' }] })).toBe('error Unauthorized(address who)');
    expect(abiSignature({ type: 'constructor', inputs: [{ name: 'owner', type: 'address' }], stateMutability: 'nonpayable' })).toBe('constructor(address owner)');
    expect(abiSignature({ type: 'receive', stateMutability: 'payable' })).toBe('receive() external payable');
    expect(abiSignature({ type: 'fallback', stateMutability: 'payable' })).toBe('fallback() payable');
    expect(abiSignature({ type: 'event', name: 'Ping', inputs: [], anonymous: true })).toBe('event Ping() anonymous');
  });
});
