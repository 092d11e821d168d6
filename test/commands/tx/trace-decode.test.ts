/**
 * `scout tx trace --decode`: each call of TX.decodedTrace (test/support/data.ts: real encodings to the
 * router proxy, USDC, ScoutPair, and an unverified oracle) decoded with its callee's verified ABI,
 * each ABI asked once; the selector for the unverified callee; the sent trace unchanged in JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODED_TRACE, PAIR_ADDRESS } from '../../support/data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url], o);

describe('tx trace --decode', () => {
  it('named functions, arguments and outputs for verified callees; a custom error for the revert; the selector otherwise', async () => {
    const mark = srv.requests.length;
    const r = await scout(['tx', 'trace', TX.decodedTrace, '--decode']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toContain(`quote(amount: ${DECODED_TRACE.quote}) → ${DECODED_TRACE.quoted}`);
    expect(lines[1]).toContain(`balanceOf(account: ${ADDR.rich}) → ${DECODED_TRACE.balance}`);
    expect(lines[2]).toContain('getReserves() → (reserve0: 5192296858534827628530496329220095, reserve1: 7, blockTimestampLast: 1754000000)');
    expect(lines[3]).toContain('0xfeaf968c (latestRoundData?)');
    expect(lines[4]).toContain(`transfer(to: ${ADDR.counterparty}, value: ${DECODED_TRACE.transfer}) → true`);
    expect(lines[5]).toContain(`withdraw(amount: ${DECODED_TRACE.withdraw})  ✗ reverted: InsufficientBalance(available: ${DECODED_TRACE.available}, required: ${DECODED_TRACE.withdraw})`);
    // Each callee's ABI once: USDC is called twice.
    const abiAsks = srv.requests.slice(mark).filter((q) => q.path.startsWith('/api/v2/smart-contracts/')).map((q) => q.path.toLowerCase());
    expect(abiAsks.filter((p) => p.endsWith(ADDR.usdc.toLowerCase()))).toHaveLength(1);
    expect(abiAsks.some((p) => p.endsWith(PAIR_ADDRESS.toLowerCase()))).toBe(true);
  });

  it('without --decode the tree is as before: names from the built-in list, no ABI asked', async () => {
    const mark = srv.requests.length;
    const r = await scout(['tx', 'trace', TX.decodedTrace]);
    expect(r.stdout).toContain('latestRoundData 0xfeaf968c');
    expect(r.stdout).not.toContain('quote(amount');
    expect(srv.requests.slice(mark).some((q) => q.path.startsWith('/api/v2/smart-contracts/'))).toBe(false);
  });

  it('--json: the trace as sent and the decoded calls by path; --ndjson: each line gains "decoded"', async () => {
    const sent = await (await fetch(`${srv.url}/api/v2/transactions/${TX.decodedTrace}/raw-trace`)).text();
    const r = await scout(['tx', 'trace', TX.decodedTrace, '--decode', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as { trace: unknown; decoded: Record<string, Record<string, unknown>> };
    expect(o.trace).toEqual(JSON.parse(sent));
    expect(o.decoded['[]']).toEqual({ to: ADDR.contract.toLowerCase(), selector: expect.stringMatching(/^0x[0-9a-f]{8}$/), source: 'abi', function: 'quote', signature: 'quote(uint256)', args: { amount: '1000' }, outputs: { 0: '997' }, revert: null });
    expect(o.decoded['[1]']!.outputs).toEqual({ reserve0: String(2n ** 112n - 1n), reserve1: '7', blockTimestampLast: '1754000000' });
    expect(o.decoded['[2]']).toEqual({ to: expect.any(String), selector: '0xfeaf968c', source: 'selector', function: null, signature: null, args: null, outputs: null, revert: null });
    expect(o.decoded['[4]']!.revert).toBe('InsufficientBalance(available: 1000, required: 5000)');
    const nd = await scout(['tx', 'trace', TX.decodedTrace, '--decode', '--ndjson']);
    const lines = nd.stdout.trim().split('\n').map((l) => JSON.parse(l) as { path: number[]; call: Record<string, unknown>; decoded?: { function: string | null } });
    expect(lines.map((l) => l.decoded?.function)).toEqual(['quote', 'balanceOf', 'getReserves', null, 'transfer', 'withdraw']);
    const plain = await scout(['tx', 'trace', TX.decodedTrace, '--ndjson']);
    expect(plain.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { call: unknown }).call)).toEqual(lines.map((l) => l.call));
  });

  it('a Parity trace decodes by traceAddress; a callee the explorer has no verified ABI for keeps its selector', async () => {
    const r = await scout(['tx', 'trace', TX.parityTrace, '--decode', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as { decoded: Record<string, { source: string; selector: string }> };
    expect(Object.keys(o.decoded).sort()).toEqual(['[0,0,0]', '[0,0]', '[0]', '[1]', '[]']);
    expect(Object.values(o.decoded).every((d) => d.source === 'selector')).toBe(true);
  });
});
