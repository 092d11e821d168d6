/**
 * `scout decode calldata | log | error`: with the verified ABI of a contract (through its proxy), an
 * ABI file, a signature, or the explorer's method lookup, which is said to be one; every output
 * mode; bad input exit 2 before any request; hostile names safe on a terminal.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeCall } from '../../../src/abi/codec.js';
import { signatureHash } from '../../../src/abi/selector.js';
import { parseAbiJson } from '../../../src/abi/signature.js';
import { ABI_ADDR, HOSTILE_ABI, VAULT_ABI } from '../../support/fake/abi-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
afterEach(() => srv.verify());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url], o);
const tty = { stdoutIsTTY: true, width: 120, color: false };
const vault = parseAbiJson(JSON.stringify(VAULT_ABI), (why) => new Error(why));
const A = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
const word = (n: bigint | string) => (typeof n === 'bigint' ? n.toString(16) : n.slice(2).toLowerCase()).padStart(64, '0');
const TRANSFER = '0xa9059cbb' + word(A) + word(2n);
/** Requests made while `f` runs. */
async function requestsOf(f: () => Promise<unknown>): Promise<string[]> {
  const before = srv.requests.length;
  await f();
  return srv.requests.slice(before).map((r) => r.path);
}

describe('decode calldata', () => {
  it('--sig: the function and its named arguments; piped lines, then --json with decimal strings', async () => {
    const piped = await scout(['decode', 'calldata', TRANSFER, '--sig', 'transfer(address to, uint256 amount)']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(
      'Function\ttransfer\nSignature\tfunction transfer(address to, uint256 amount)\nSelector\t0xa9059cbb\nSource\tsignature\n' +
        'to\taddress\t0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\namount\tuint256\t2\n',
    );
    const json = await scout(['decode', 'calldata', TRANSFER, '--sig', 'transfer(address to, uint256 amount)', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      kind: 'function',
      name: 'transfer',
      signature: 'transfer(address,uint256)',
      selector: '0xa9059cbb',
      args: { to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', amount: '2' },
      source: 'signature',
      exact: true,
    });
  });

  it('--to a proxy: the implementation\'s ABI, a tuple decoded and indented on a terminal', async () => {
    const submit = vault.find((e) => e.name === 'submit')!;
    const data = encodeCall(submit, [[A, [1n, 10n ** 30n]], '0x']);
    const r = await scout(['decode', 'calldata', data, '--to', ABI_ADDR.proxy], { ...tty, width: 200 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Source     the ABI of ${ABI_ADDR.proxy} and its implementation ${ABI_ADDR.vault}\n`);
    expect(r.stdout).toMatch(/order +\( +\(address,uint256\[\]\)\n +maker: 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\n +amounts: \[\n +1\n +1000000000000000000000000000000\n +\]\n +\)\n/);
    const json = JSON.parse((await scout(['decode', 'calldata', data, '--to', ABI_ADDR.proxy, '--json'])).stdout);
    expect(json).toMatchObject({ source: 'abi', contract: ABI_ADDR.proxy, args: { order: { maker: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', amounts: ['1', '1000000000000000000000000000000'] }, data: '0x' } });
  });

  it('a hostile function and parameter name from the ABI reach the terminal only as visible text', async () => {
    const evil = vault.find((e) => e.name === HOSTILE_ABI.fn)!;
    const r = await scout(['decode', 'calldata', encodeCall(evil, ['\u001b]0;x\u0007hi']), '--to', ABI_ADDR.vault], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(r.stdout).toContain('drain');
  });

  it('a bare selector: the explorer\'s lookup, said to be one, the arguments left as words', async () => {
    srv.expect('GET', '/api/v2/advanced-filters/methods', { q: '0xa9059cbb' });
    const r = await scout(['decode', 'calldata', TRANSFER], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Source     matched by selector lookup, not by the contract's ABI\n");
    expect(r.stdout).toContain('0x' + word(A));
    const json = JSON.parse((await scout(['decode', 'calldata', TRANSFER, '--json'])).stdout);
    expect(json).toMatchObject({ name: 'transfer', signature: null, args: null, data: '0x' + word(A) + word(2n), source: 'lookup' });
    expect(json.notes[0]).toContain('matched by selector lookup');
  });

  it('a selector nobody knows is exit 3 (the explorer answers it with an empty name)', async () => {
    const r = await scout(['decode', 'calldata', '0x12345678']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("no function with selector 0x12345678 is known to the explorer's method lookup");
  });

  it('not in the ABI given: the lookup, with a note saying the ABI lacks it', async () => {
    const r = await scout(['decode', 'calldata', TRANSFER, '--to', ABI_ADDR.vault, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).notes[0]).toBe(`0xa9059cbb is not in the ABI of ${ABI_ADDR.vault}`);
  });

  it('an ABI file: an artifact with "abi"; a file that is none is exit 2 before any request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-abi-'));
    writeFileSync(join(dir, 'Vault.json'), JSON.stringify({ contractName: 'Vault', abi: VAULT_ABI }));
    writeFileSync(join(dir, 'bad.json'), '{"bytecode":"0x"}');
    const ok = await scout(['decode', 'calldata', '0x70a08231' + word(A), '--abi', join(dir, 'Vault.json'), '--json']);
    expect(JSON.parse(ok.stdout)).toMatchObject({ name: 'balanceOf', args: { owner: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }, source: 'abi-file' });
    for (const [file, why] of [
      ['bad.json', 'expected a JSON array of ABI entries'],
      ['missing.json', 'no such file'],
      ['', 'it is a directory'],
    ] as const) {
      let r!: Awaited<ReturnType<typeof scout>>;
      expect(await requestsOf(async () => (r = await scout(['decode', 'calldata', TRANSFER, '--abi', join(dir, file)])))).toEqual([]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(why);
    }
  });

  it('bad input is exit 2 before any request', async () => {
    for (const args of [
      ['decode', 'calldata', '0xa9059c'],
      ['decode', 'calldata', '0xzz'],
      ['decode', 'calldata', TRANSFER, '--sig', 'transfer'],
      ['decode', 'calldata', TRANSFER, '--sig', 'transfer(uint7)'],
      ['decode', 'calldata', TRANSFER, '--sig', 'approve(address,uint256)'],
      ['decode', 'calldata', TRANSFER, '--sig', 'transfer(address,uint256)', '--to', ADDR.usdc],
    ]) {
      let r!: Awaited<ReturnType<typeof scout>>;
      expect(await requestsOf(async () => (r = await scout(args))), args.join(' ')).toEqual([]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
    }
  });

  it('data that does not fit the signature is exit 1, saying why', async () => {
    const r = await scout(['decode', 'calldata', '0xa9059cbb' + word(A), '--sig', 'transfer(address,uint256)']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot decode the calldata as transfer(address,uint256)');
  });

  it('a batch from stdin: each line decoded, in order', async () => {
    const r = await scout(['decode', 'calldata', '-', '--sig', 'transfer(address to, uint256 amount)', '--json'], { stdin: `${TRANSFER}\n${'0xa9059cbb' + word(A) + word(7n)}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { args: { amount: string } }[]).map((d) => d.args.amount)).toEqual(['2', '7']);
  });
});

describe('decode error', () => {
  it('Panic and Error(string) need nothing more; a custom error comes from the ABI with its arguments', async () => {
    const panic = await scout(['decode', 'error', '0x4e487b71' + word(0x12n)], tty);
    expect(panic.stdout).toContain('Panic      0x12 (division or modulo by zero)\n');
    const msg = '0x08c379a0' + word(32n) + word(7n) + Buffer.from('no \u001b[2J').toString('hex').padEnd(64, '0');
    const message = await scout(['decode', 'error', msg, '--json']);
    expect(JSON.parse(message.stdout)).toMatchObject({ name: 'Error', args: { message: 'no \u001b[2J' }, source: 'solidity' });
    const custom = '0x' + signatureHash('InsufficientBalance(address,uint256,uint256)').slice(2, 10) + word(A) + word(5n) + word(9n);
    const r = await scout(['decode', 'error', custom, '--to', ABI_ADDR.vault, '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'error', name: 'InsufficientBalance', args: { account: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', balance: '5', needed: '9' }, source: 'abi' });
    const unknown = await scout(['decode', 'error', custom]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('it is neither Error(string) nor Panic(uint256)');
  });

  it('an Error(string) message with an escape reaches the terminal only visibly', async () => {
    const msg = '0x08c379a0' + word(32n) + word(7n) + Buffer.from('no \u001b[2J').toString('hex').padEnd(64, '0');
    const r = await scout(['decode', 'error', msg], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
  });
});

describe('decode log', () => {
  const transferTopics = [signatureHash('Transfer(address,address,uint256)'), '0x' + word(A), '0x' + word(ADDR.usdc)];

  it('--address: the emitter\'s verified ABI; --sig without "indexed" says what it assumed', async () => {
    const r = await scout(['decode', 'log', '--topics', transferTopics.join(','), '--data', '0x' + word(10n ** 20n), '--address', ABI_ADDR.vault, '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'event', name: 'Transfer', topic0: transferTopics[0], args: { from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '100000000000000000000' }, source: 'abi' });
    const sig = await scout(['decode', 'log', '--topics', transferTopics.join(','), '--data', '0x' + word(1n), '--sig', 'Transfer(address,address,uint256)', '--json']);
    expect(JSON.parse(sig.stdout).notes).toEqual(['the signature marks no parameter indexed: the first 2 are taken as indexed, one per topic after topic0']);
  });

  it('--tx and --index: the log read from the explorer, on its second page, decoded with its emitter\'s ABI', async () => {
    srv.expect('GET', `/api/v2/smart-contracts/${ADDR.usdc}`);
    const r = await scout(['decode', 'log', '--tx', TX.overflow, '--index', '60', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'Transfer', args: { value: String(61n * 10n ** 6n) }, contract: ADDR.usdc });
    const missing = await scout(['decode', 'log', '--tx', TX.ok, '--index', '99']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(`transaction ${TX.ok} has no log with index 99`);
  });

  it('what is missing or contradictory is exit 2 before any request', async () => {
    for (const args of [
      ['decode', 'log', '--topics', transferTopics.join(',')],
      ['decode', 'log', '--tx', TX.ok],
      ['decode', 'log', '--tx', TX.ok, '--index', '1', '--topics', transferTopics[0]!],
      ['decode', 'log', '--topics', '0x12', '--sig', 'T(uint256)'],
      ['decode', 'log', '--topics', transferTopics.join(','), '--sig', 'Approval(address,address,uint256)'],
      ['decode', 'log', '--topics', [...transferTopics, ...transferTopics].join(','), '--sig', 'T()'],
    ]) {
      let r!: Awaited<ReturnType<typeof scout>>;
      expect(await requestsOf(async () => (r = await scout(args))), args.join(' ')).toEqual([]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
    }
  });
});
