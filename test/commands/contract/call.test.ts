/**
 * `scout contract call`: a function of a verified contract called through the explorer's JSON-RPC
 * (the fake's EVM table, test/support/fake/evm.ts), decoded with names and types; arguments checked
 * before any request; reverts decoded into one line; `--at`, `--unit`, `--from`, `--chains`, batches.
 * `scout contract read`: every view function without inputs, called at once, exact, a token's amounts
 * in its units, a revert in its row.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockTime, EVIL } from '../../support/data.js';
import { ACTIVITY } from '../../support/fake/activity-data.js';
import { ABI_ADDR } from '../../support/fake/abi-data.js';
import { EVM, PAIR, USDC_BALANCE, USDC_SUPPLY } from '../../support/fake/evm.js';
import { TOKEN_ADDR } from '../../support/fake/tokens-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url], o);
const tty = { stdoutIsTTY: true, width: 160, color: false };
const rpcCalls = (from: number) => srv.requests.slice(from).filter((r) => r.method === 'POST');
const sent = () => srv.requests.length;

/** A chain list of two chains, `one` and `two`, both served by the fake: the XDG_CONFIG_HOME holding it. */
function twoChains(): string {
  const config = mkdtempSync(join(tmpdir(), 'scout-call-'));
  mkdirSync(join(config, 'scout'));
  const entry = (id: string, name: string) => ({ id, name, names: [name], explorer: srv.url, coin: 'TST', testnet: false, blockscout: true, source: 'registry' });
  writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains: [entry('31101', 'one'), entry('31102', 'two')] }));
  return config;
}

describe('contract call', () => {
  it('balanceOf vitalik.eth on USDC: the exact balance with its unit on a terminal, the name resolved', async () => {
    const r = await scout(['contract', 'call', ADDR.usdc, 'balanceOf', 'vitalik.eth'], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\[0\] +1234567890123 {2}1,234,567\.890123 USDC {2}uint256\n$/);
    const calls = rpcCalls(0).map((c) => JSON.parse(c.body!) as { params: [{ data: string; to: string }] });
    expect(calls.some((c) => c.params[0].data.startsWith('0x70a08231') && c.params[0].data.endsWith(ACTIVITY.wallet.slice(2).toLowerCase()))).toBe(true);
  });

  it('piped: one value per line, in order; --json: the outputs by name, integers as decimal strings', async () => {
    const r = await scout(['contract', 'call', EVM.pair, 'getReserves']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${PAIR.reserve0}\n${PAIR.reserve1}\n${PAIR.timestamp}\n`);
    const j = await scout(['contract', 'call', EVM.pair, 'getReserves', '--json']);
    expect(JSON.parse(j.stdout)).toEqual({ reserve0: String(PAIR.reserve0), reserve1: String(PAIR.reserve1), blockTimestampLast: String(PAIR.timestamp) });
    const t = await scout(['contract', 'call', EVM.pair, 'getReserves'], tty);
    expect(t.stdout).toMatch(/^reserve0 +5192296858534827628530496329220095 {2}uint112\n/);
    // An unnamed output is "0" in JSON; an array of addresses stays an array.
    const owners = await scout(['contract', 'call', EVM.pair, 'getOwners', '--json']);
    expect(JSON.parse(owners.stdout)).toEqual({ 0: [ADDR.rich, ADDR.counterparty, ADDR.contract] });
  });

  it('an overloaded name is exit 2 listing both, after the ABI and before any call; the types pick one', async () => {
    const mark = sent();
    const r = await scout(['contract', 'call', EVM.pair, 'balanceOf', ADDR.rich]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is overloaded');
    expect(r.stderr).toContain('balanceOf(address owner, uint256 id)');
    expect(rpcCalls(mark)).toEqual([]);
    const one = await scout(['contract', 'call', EVM.pair, 'balanceOf(address,uint256)', ADDR.rich, '7']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toBe('71\n');
  });

  it('tuples and arrays: in JSON or brackets as arguments, named components in the answer', async () => {
    const pos = await scout(['contract', 'call', EVM.pair, 'getPositions', ADDR.rich, '--json']);
    expect(JSON.parse(pos.stdout)).toEqual({ positions: [{ token: ADDR.usdc, amount: String(USDC_BALANCE.rich) }, { token: ADDR.weth, amount: '1000000000000000001' }] });
    const cast = await scout(['contract', 'call', EVM.pair, 'sumPositions', `[(${ADDR.usdc},1),(${ADDR.weth},0x10)]`]);
    expect(cast.stdout, cast.stderr).toBe('17\n');
    const json = await scout(['contract', 'call', EVM.pair, 'sumPositions', `[["${ADDR.usdc}","5"]]`]);
    expect(json.stdout, json.stderr).toBe('5\n');
  });

  it('a wrong count or value is exit 2 naming the parameter: before any request with a signature, before the call with a name', async () => {
    let mark = sent();
    const count = await scout(['contract', 'call', EVM.pair, 'balanceOf(address,uint256)', ADDR.rich]);
    expect(count.code).toBe(2);
    expect(count.stderr).toContain('balanceOf(address,uint256) takes 2 arguments, and 1 was given');
    const type = await scout(['contract', 'call', EVM.pair, 'balanceOf(address,uint256)', ADDR.rich, '1.5']);
    expect(type.code).toBe(2);
    expect(type.stderr).toContain('invalid argument 2 (uint256): a fraction or an exponent needs a unit (--unit)');
    const sig = await scout(['contract', 'call', EVM.pair, 'balanceOf(address', ADDR.rich]);
    expect(sig.code).toBe(2);
    expect(sent()).toBe(mark);
    mark = sent();
    const named = await scout(['contract', 'call', EVM.pair, 'withdraw', 'lots']);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('invalid argument 1 (amount, uint256)');
    const none = await scout(['contract', 'call', EVM.pair, 'withdrew', '1']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('did you mean "withdraw"');
    expect(rpcCalls(mark)).toEqual([]);
  });

  it('reverts: a custom error by name and arguments, Error(string), Panic with its meaning; exit 1, one line', async () => {
    const custom = await scout(['contract', 'call', EVM.pair, 'withdraw', '5000']);
    expect(custom.code).toBe(1);
    expect(custom.stderr).toBe('scout: withdraw reverted: InsufficientBalance(available: 1000, required: 5000)\n');
    const message = await scout(['contract', 'call', EVM.pair, 'sync']);
    expect(message.stderr).toBe('scout: sync reverted: Error("ScoutPair: LOCKED")\n');
    const panic = await scout(['contract', 'call', EVM.pair, 'overflow']);
    expect(panic.stderr).toBe('scout: overflow reverted: Panic(0x11 (arithmetic overflow or underflow))\n');
    expect(panic.code).toBe(1);
  });

  it('--from simulates the caller; --unit token scales by the token\'s decimals(); --value is sent', async () => {
    const poor = await scout(['contract', 'call', ADDR.usdc, 'transfer', ADDR.counterparty, '1']);
    expect(poor.stderr).toBe('scout: transfer reverted: Error("ERC20: transfer amount exceeds balance")\n');
    const mark = sent();
    const rich = await scout(['contract', 'call', ADDR.usdc, 'transfer', ADDR.counterparty, '2500.000123', '--from', ADDR.rich, '--unit', 'token', '--value', '0x0']);
    expect(rich.stdout, rich.stderr).toBe('true\n');
    const call = rpcCalls(mark).map((c) => JSON.parse(c.body!) as { params: [{ data: string; from?: string; value?: string }] }).find((c) => c.params[0].data.startsWith('0xa9059cbb'))!;
    expect(call.params[0].data.endsWith(USDC_BALANCE.rich.toString(16).padStart(64, '0'))).toBe(true);
    expect(call.params[0].from).toBe(ADDR.rich);
    expect(call.params[0].value).toBe('0x0');
    const more = await scout(['contract', 'call', ADDR.usdc, 'transfer', ADDR.counterparty, '2500.0001231', '--from', ADDR.rich, '--unit', 'token']);
    expect(more.code).toBe(2);
    expect(more.stderr).toContain("more decimals than the unit's 6");
    const gwei = await scout(['contract', 'call', ADDR.contract, 'quote', '1.5', '--unit', 'gwei']);
    expect(gwei.stdout, gwei.stderr).toBe('1495500000\n');
    const noToken = await scout(['contract', 'call', EVM.pair, 'withdraw', '1', '--unit', 'token']);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain("--unit token needs the contract's decimals()");
  });

  it('--at a block or a time: the call runs at that block (the last block at or before the time)', async () => {
    const before = USDC_BALANCE.since - 1;
    const r = await scout(['contract', 'call', ADDR.usdc, 'balanceOf', ADDR.rich, '--at', String(before)]);
    expect(r.stdout, r.stderr).toBe(`${USDC_BALANCE.richBefore}\n`);
    const now = await scout(['contract', 'call', ADDR.usdc, 'balanceOf', ADDR.rich, '--at', `block:${USDC_BALANCE.since}`]);
    expect(now.stdout).toBe(`${USDC_BALANCE.rich}\n`);
    const mark = sent();
    const t = await scout(['contract', 'call', ADDR.usdc, 'balanceOf', ADDR.rich, '--at', blockTime(before)]);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toBe(`${USDC_BALANCE.richBefore}\n`);
    expect(t.stderr).toContain(`at block ${before}, the last block at or before`);
    const tags = rpcCalls(mark).map((c) => (JSON.parse(c.body!) as { params: unknown[] }).params[1]);
    expect(tags).toContain(`0x${before.toString(16)}`);
    const future = await scout(['contract', 'call', ADDR.usdc, 'balanceOf', ADDR.rich, '--at', '2999-01-01']);
    expect(future.code).toBe(2);
  });

  it('through a proxy, the implementation\'s ABI; an unverified contract by its signature with outputs', async () => {
    const proxy = await scout(['contract', 'call', ADDR.contract, 'quote', '1000']);
    expect(proxy.stdout, proxy.stderr).toBe('997\n');
    const multi = await scout(['contract', 'call', TOKEN_ADDR.multiProxy, 'totalSupply']);
    expect(multi.stdout, multi.stderr).toBe(`${USDC_SUPPLY}\n`);
    const typed = await scout(['contract', 'call', ABI_ADDR.unverifiedImpl, 'getReserves()(uint112,uint112,uint32)', '--json']);
    expect(typed.code, typed.stderr).toBe(0);
    expect(JSON.parse(typed.stdout)).toEqual({ 0: String(PAIR.reserve0), 1: String(PAIR.reserve1), 2: String(PAIR.timestamp) });
    // No outputs given: the bytes as they came.
    const raw = await scout(['contract', 'call', ABI_ADDR.unverifiedImpl, 'getReserves()', '--json']);
    expect(JSON.parse(raw.stdout).data).toMatch(/^0x[0-9a-f]{192}$/);
    const byName = await scout(['contract', 'call', ABI_ADDR.unverifiedImpl, 'getReserves']);
    expect(byName.code).toBe(3);
    expect(byName.stderr).toContain("getReserves()(uint112,uint112,uint32)");
  });

  it('hostile text from the chain is made safe on a terminal and piped', async () => {
    for (const o of [tty, {}]) {
      const r = await scout(['contract', 'call', EVM.pair, 'description'], o);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('pwned');
      expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
    expect(EVIL.name).toMatch(/\u001b/);
  });

  it('- reads contracts from stdin; --chains calls on each chain', async () => {
    const batch = await scout(['contract', 'call', '-', 'totalSupply'], { stdin: `${ADDR.usdc}\n${TOKEN_ADDR.multiProxy}\n` });
    expect(batch.code, batch.stderr).toBe(0);
    expect(batch.stdout).toBe(`${ADDR.usdc}\t${USDC_SUPPLY}\n${TOKEN_ADDR.multiProxy}\t${USDC_SUPPLY}\n`);
    const config = twoChains();
    const r = await runScout(['contract', 'call', ADDR.usdc, 'balanceOf', 'vitalik.eth', '--chains', 'one,two'], { env: { XDG_CONFIG_HOME: config, SCOUT_CHAIN: 'one' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`one\t${USDC_BALANCE.vitalik}\ntwo\t${USDC_BALANCE.vitalik}\n`);
    const j = await runScout(['contract', 'call', ADDR.usdc, 'totalSupply', '--chains', 'one,two', '--json'], { env: { XDG_CONFIG_HOME: config } });
    expect(JSON.parse(j.stdout)).toEqual([
      { chain_id: '31101', chain: 'one', item: { 0: String(USDC_SUPPLY) } },
      { chain_id: '31102', chain: 'two', item: { 0: String(USDC_SUPPLY) } },
    ]);
  });
});

describe('contract read', () => {
  it('a token: name, symbol, decimals and total supply in one view, the supply exact and in its units', async () => {
    const r = await scout(['contract', 'read', ADDR.usdc], tty);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^name +"USD Coin" {2}string$/);
    expect(lines[1]).toMatch(/^symbol +"USDC" {2}string$/);
    expect(lines[2]).toMatch(/^decimals +6 {2}uint8$/);
    expect(lines[3]).toMatch(/^totalSupply +56000000000123456 {2}56,000,000,000\.123456 USDC {2}uint256$/);
    expect(lines).toHaveLength(5);
  });

  it('one eth_call per function (decimals and symbol read once, for the units too)', async () => {
    const mark = srv.requests.length;
    await scout(['contract', 'read', ADDR.usdc]);
    const posts = srv.requests.slice(mark).filter((q) => q.method === 'POST');
    expect(posts).toHaveLength(4);
  });

  it('--json: name → value, integers as decimal strings, several outputs as an object, a revert as {"error"}', async () => {
    const r = await scout(['contract', 'read', EVM.pair, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(o.getReserves).toEqual({ reserve0: String(PAIR.reserve0), reserve1: String(PAIR.reserve1), blockTimestampLast: String(PAIR.timestamp) });
    expect(o.getOwners).toEqual([ADDR.rich, ADDR.counterparty, ADDR.contract]);
    expect(o.owner).toBe(ADDR.counterparty);
    expect(o.overflow).toEqual({ error: 'reverted: Panic(0x11 (arithmetic overflow or underflow))' });
    // Functions with inputs, and those that are not views, are not called.
    expect(Object.keys(o).sort()).toEqual(['description', 'getOwners', 'getReserves', 'overflow', 'owner']);
  });

  it('piped: name<TAB>value; a terminal shows the revert in its row and hostile text made safe', async () => {
    const r = await scout(['contract', 'read', EVM.pair]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`owner\t${ADDR.counterparty}\n`);
    expect(r.stdout).toContain('overflow\treverted: Panic(0x11 (arithmetic overflow or underflow))\n');
    expect(r.stdout).toContain(`getReserves\t{"reserve0":"${PAIR.reserve0}","reserve1":"${PAIR.reserve1}","blockTimestampLast":"${PAIR.timestamp}"}\n`);
    const t = await scout(['contract', 'read', EVM.pair], tty);
    expect(t.stdout).toMatch(/\noverflow +✗ reverted: Panic\(0x11/);
    expect(t.stdout).toMatch(/(^|\n)getReserves +reserve0: 5192296858534827628530496329220095 {2}uint112\n +reserve1: /);
    expect(t.stdout + r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('through a proxy its implementation\'s functions; --at a past block', async () => {
    const r = await scout(['contract', 'read', ADDR.usdc, '--at', String(USDC_BALANCE.since - 1), '--json']);
    expect(JSON.parse(r.stdout).totalSupply).toBe(String(USDC_SUPPLY));
    const none = await scout(['contract', 'read', ADDR.contract], tty);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain('has no view function without inputs');
  });

  it('--chains: each chain\'s view, the chain first', async () => {
    const config = twoChains();
    const r = await runScout(['contract', 'read', ADDR.usdc, '--chains', 'one,two'], { env: { XDG_CONFIG_HOME: config } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`one\ttotalSupply\t${USDC_SUPPLY}\n`);
    expect(r.stdout).toContain(`two\ttotalSupply\t${USDC_SUPPLY}\n`);
  });
});
