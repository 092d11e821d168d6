/**
 * The fake's JSON-RPC (fake/rpc.ts) and its EVM table (fake/evm.ts): real ABI encodings both ways,
 * reverts as geth sends them, and the table agreeing with the ABIs the fake's smart-contract
 * endpoint serves, so a test that calls a function by its verified name gets the table's answer.
 */
import { AbiError, AbiFunction, AbiItem } from 'ox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDR, HEAD_BLOCK, startServer, type FakeServer } from './server.js';
import { ACTIVITY } from './fake/activity-data.js';
import { RICH_BALANCE } from './fake/address-data.js';
import { EIP1967_SLOT, EVM, PAIR, signaturesOf, USDC_BALANCE, USDC_SUPPLY } from './fake/evm.js';
import { TOKEN_ADDR } from './fake/tokens-data.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

async function post(body: unknown, path = '/api/eth-rpc'): Promise<{ status: number; json: any; text: string }> {
  const res = await fetch(srv.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text), text };
}

async function rpc(method: string, params: unknown[] = []): Promise<any> {
  const r = await post({ jsonrpc: '2.0', id: 7, method, params });
  expect(r.status).toBe(200);
  expect(r.json.id).toBe(7);
  return r.json;
}

async function call(to: string, sig: string, args: readonly unknown[] = [], extra: Record<string, string> = {}, block: unknown = 'latest'): Promise<any> {
  const fn = AbiFunction.from(sig as 'function f()') as AbiFunction.AbiFunction;
  const data = AbiFunction.encodeData(fn, args);
  const r = await rpc('eth_call', [{ to, data, ...extra }, block]);
  return r.error ? r : { decoded: AbiFunction.decodeResult(fn, r.result) };
}

describe('JSON-RPC of the fake explorer', () => {
  it('answers the chain facts and balances at a block', async () => {
    expect((await rpc('eth_blockNumber')).result).toBe(`0x${HEAD_BLOCK.toString(16)}`);
    expect((await rpc('eth_chainId')).result).toBe('0x1');
    expect(BigInt((await rpc('eth_getBalance', [ADDR.rich, 'latest'])).result)).toBe(BigInt(RICH_BALANCE));
    // Long before the last change the balance was another.
    expect(BigInt((await rpc('eth_getBalance', [ADDR.rich, '0x1'])).result)).not.toBe(BigInt(RICH_BALANCE));
    expect((await rpc('eth_getCode', [ADDR.rich, 'latest'])).result).toBe('0x');
    expect((await rpc('eth_getCode', [EVM.pair, 'latest'])).result).not.toBe('0x');
    const slot = (await rpc('eth_getStorageAt', [ADDR.contract, EIP1967_SLOT, 'latest'])).result as string;
    expect(`0x${slot.slice(26)}`).toBe(ADDR.contractImpl.toLowerCase());
  });

  it('answers errors with the real codes: -32601, -32602, -32700, -32600', async () => {
    expect((await rpc('eth_sendRawTransaction', ['0x00'])).error).toEqual({ code: -32601, message: 'Method not found' });
    expect((await rpc('eth_getBalance', ['0xnope', 'latest'])).error.code).toBe(-32602);
    expect((await rpc('eth_getBalance', [ADDR.rich, 'yesterday'])).error.code).toBe(-32602);
    const parse = await post('{"jsonrpc":"2.0",');
    expect(parse.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect((await post({ id: 1, method: 'eth_chainId' })).json.error.code).toBe(-32600);
    const batch = await post([{ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }, { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] }]);
    expect(batch.json.map((a: { id: number }) => a.id)).toEqual([1, 2]);
  });

  it('takes POST only at /api/eth-rpc; GET there, and POST anywhere else, are 405', async () => {
    expect((await fetch(`${srv.url}/api/eth-rpc`)).status).toBe(405);
    const elsewhere = await fetch(`${srv.url}/api/v2/stats`, { method: 'POST', body: '{}' });
    expect(elsewhere.status).toBe(405);
    await elsewhere.text();
  });

  it('eth_call: the ERC-20 at ADDR.usdc', async () => {
    expect((await call(ADDR.usdc, 'function name() view returns (string)')).decoded).toBe('USD Coin');
    expect((await call(ADDR.usdc, 'function symbol() view returns (string)')).decoded).toBe('USDC');
    expect((await call(ADDR.usdc, 'function decimals() view returns (uint8)')).decoded).toBe(6);
    expect((await call(ADDR.usdc, 'function totalSupply() view returns (uint256)')).decoded).toBe(USDC_SUPPLY);
    const balanceOf = 'function balanceOf(address) view returns (uint256)';
    expect((await call(ADDR.usdc, balanceOf, [ADDR.rich])).decoded).toBe(USDC_BALANCE.rich);
    expect((await call(ADDR.usdc, balanceOf, [ADDR.rich], {}, `0x${(USDC_BALANCE.since - 1).toString(16)}`)).decoded).toBe(USDC_BALANCE.richBefore);
    expect((await call(ADDR.usdc, balanceOf, [ACTIVITY.wallet])).decoded).toBe(USDC_BALANCE.vitalik);
    expect((await call(ADDR.usdc, 'function allowance(address,address) view returns (uint256)', [ADDR.rich, ADDR.contract])).decoded).toBe(2n ** 256n - 1n);
    const tooMuch = await call(ADDR.usdc, 'function transfer(address,uint256) returns (bool)', [ADDR.counterparty, USDC_BALANCE.rich + 1n], { from: ADDR.rich });
    expect(tooMuch.error.code).toBe(3);
    expect(tooMuch.error.message).toBe('execution reverted: ERC20: transfer amount exceeds balance');
    expect(AbiError.decode(AbiError.from('error Error(string)'), tooMuch.error.data)).toBe('ERC20: transfer amount exceeds balance');
  });

  it('eth_call: overloads, a tuple return, arrays, tuple arrays both ways', async () => {
    expect((await call(EVM.pair, 'function balanceOf(address) view returns (uint256)', [ADDR.rich])).decoded).toBe(PAIR.balance);
    expect((await call(EVM.pair, 'function balanceOf(address,uint256) view returns (uint256)', [ADDR.rich, 4n])).decoded).toBe(41n);
    expect((await call(EVM.pair, 'function getReserves() view returns (uint112,uint112,uint32)')).decoded).toEqual([PAIR.reserve0, PAIR.reserve1, PAIR.timestamp]);
    const owners = (await call(EVM.pair, 'function getOwners() view returns (address[])')).decoded as string[];
    expect(owners.map((a) => a.toLowerCase())).toEqual([ADDR.rich, ADDR.counterparty, ADDR.contract].map((a) => a.toLowerCase()));
    const positions = (await call(EVM.pair, 'function getPositions(address) view returns ((address token, uint256 amount)[])', [ADDR.rich])).decoded as { amount: bigint }[];
    expect(positions.map((p) => p.amount)).toEqual([USDC_BALANCE.rich, 10n ** 18n + 1n]);
    const sum = await call(EVM.pair, 'function sumPositions((address token, uint256 amount)[]) pure returns (uint256)', [[{ token: ADDR.usdc, amount: 5n }, { token: ADDR.weth, amount: 7n }]]);
    expect(sum.decoded).toBe(12n);
  });

  it('eth_call: a custom error, Error(string), Panic(0x11), and an unknown selector reverting with no data', async () => {
    const custom = await call(EVM.pair, 'function withdraw(uint256) returns (bool)', [5000n]);
    expect(custom.error.code).toBe(3);
    expect(AbiError.decode(AbiError.from('error InsufficientBalance(uint256 available, uint256 required)'), custom.error.data)).toEqual([PAIR.balance, 5000n]);
    const locked = await call(EVM.pair, 'function sync()');
    expect(locked.error.message).toBe('execution reverted: ScoutPair: LOCKED');
    const panic = await call(EVM.pair, 'function overflow() pure returns (uint256)');
    expect(panic.error.data.slice(0, 10)).toBe('0x4e487b71');
    expect(AbiError.decode(AbiError.from('error Panic(uint256)'), panic.error.data)).toBe(0x11n);
    const unknown = await rpc('eth_call', [{ to: EVM.pair, data: '0xdeadbeef' }, 'latest']);
    expect(unknown.error).toEqual({ code: -32000, message: 'execution reverted' });
    // An address without code: the call succeeds with no output.
    expect((await rpc('eth_call', [{ to: ADDR.rich, data: '0xdeadbeef' }, 'latest'])).result).toBe('0x');
  });

  it('eth_call through a proxy answers as its implementation(s)', async () => {
    expect((await call(ADDR.contract, 'function quote(uint256) view returns (uint256)', [1000n])).decoded).toBe(997n);
    // The second implementation of a proxy with two answers what the first lacks.
    expect((await call(TOKEN_ADDR.multiProxy, 'function symbol() view returns (string)')).decoded).toBe('USDC');
  });

  it('the table agrees with the verified ABIs /smart-contracts serves', async () => {
    for (const address of [ADDR.usdc, EVM.pair, ADDR.contractImpl]) {
      const body = (await (await fetch(`${srv.url}/api/v2/smart-contracts/${address}`)).json()) as { abi: { type: string }[] };
      const served = body.abi.filter((i) => i.type === 'function').map((i) => AbiItem.getSignature(i as never));
      expect(served.sort(), address).toEqual(signaturesOf(address).sort());
    }
  });
});
