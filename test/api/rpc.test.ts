/**
 * The JSON-RPC POST through the HTTP layer (api/rpc.ts over http.ts): retried as a GET is (502,
 * timeouts, broken connections), logged as `POST <url> <method>`, never cached, with the key only
 * in its header; and the answer read losslessly, its errors told as the contract's exit codes.
 * undici's MockAgent stands in for the explorer where a fault must be staged.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/api/cache.js';
import { ExplorerClient } from '../../src/api/client.js';
import { Http, type HttpOptions } from '../../src/api/http.js';
import { hexQuantity, RawParam, readAnswer, RpcClient } from '../../src/api/rpc.js';
import { NetworkError, ResponseEnvelopeError, ResponseShapeError, RpcError, RpcRevertError, ScoutError, TimeoutError, UsageError } from '../../src/base/errors.js';

const ORIGIN = 'https://eth.blockscout.com';
const RPC = '/api/eth-rpc';
const JSON_HEADERS = { 'content-type': 'application/json' };

let agent: MockAgent;
let lines: string[];
let waits: number[];

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  lines = [];
  waits = [];
});
afterEach(() => agent.close());

function http(over: Partial<HttpOptions> = {}): Http {
  return new Http({
    timeoutMs: 5_000,
    retries: 2,
    userAgent: 'scout-test/0',
    backoffMs: 100,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0,
    log: (l) => lines.push(l),
    secrets: ['k-secret'],
    dispatcher: (origin) => agent.get(origin),
    ...over,
  });
}

function rpc(over: Partial<HttpOptions> = {}, key?: string): RpcClient {
  return new RpcClient(new ExplorerClient({ baseUrl: ORIGIN, http: http(over), explorerKey: key }));
}

const pool = () => agent.get(ORIGIN);
const answer = (id: number, member: string) => `{"jsonrpc":"2.0","id":${id},${member}}`;

/** The ScoutError `p` rejects with. */
const failure = (p: Promise<unknown>): Promise<ScoutError> =>
  p.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => (expect(e).toBeInstanceOf(ScoutError), e as ScoutError),
  );

describe('the JSON-RPC POST', () => {
  it('sends one JSON-RPC 2.0 body as application/json, with the key in its header; the result comes back as sent', async () => {
    let body = '';
    pool()
      .intercept({ path: RPC, method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k-secret' }, body: (b) => ((body = b), true) })
      .reply(200, answer(1, '"result":"0x123456789abcdef0123456789abcdef"'), { headers: JSON_HEADERS });
    const c = rpc({}, 'k-secret');
    // A big quantity stays exact: read from the text, never through JSON.parse.
    expect(await c.quantity('eth_getBalance', ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 'latest'])).toBe(0x123456789abcdef0123456789abcdefn);
    expect(JSON.parse(body)).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 'latest'] });
    expect(lines).toEqual([expect.stringMatching(/^POST https:\/\/eth\.blockscout\.com\/api\/eth-rpc eth_getBalance -> 200 \(\d+ms\)$/)]);
  });

  it('writes bigints as hex quantities and raw parameters as given', async () => {
    let body = '';
    pool()
      .intercept({ path: RPC, method: 'POST', body: (b) => ((body = b), true) })
      .reply(200, answer(1, '"result":{"a":123456789012345678901234567890}'));
    const result = await rpc().call('eth_getBlockByNumber', [300n, new RawParam('123456789012345678901234567890')]);
    expect(body).toContain('"params":["0x12c",123456789012345678901234567890]');
    expect(result).toBe('{"a":123456789012345678901234567890}');
    expect(hexQuantity(0n)).toBe('0x0');
  });

  it('is retried as a GET is: 502, then a broken connection, then the answer', async () => {
    pool().intercept({ path: RPC, method: 'POST' }).reply(502, '<html>bad gateway</html>', { headers: { 'content-type': 'text/html' } });
    pool().intercept({ path: RPC, method: 'POST' }).replyWithError(new Error('socket hang up'));
    pool().intercept({ path: RPC, method: 'POST' }).reply(200, answer(1, '"result":"0x1"'));
    expect(await rpc().call('eth_chainId')).toBe('"0x1"');
    expect(waits).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('POST ')).map((l) => l.replace(/\(\d+ms\)/, ''))).toEqual([
      'POST https://eth.blockscout.com/api/eth-rpc eth_chainId -> 502 ',
      'POST https://eth.blockscout.com/api/eth-rpc eth_chainId -> socket hang up',
      'POST https://eth.blockscout.com/api/eth-rpc eth_chainId -> 200 ',
    ]);
  });

  it('a timeout is retried, then a TimeoutError; a body that is not JSON is retried, then unusable', async () => {
    pool().intercept({ path: RPC, method: 'POST' }).reply(200, answer(1, '"result":"0x1"')).delay(400).times(2);
    const slow = await failure(rpc({ timeoutMs: 50, retries: 1 }).call('eth_chainId'));
    expect(slow).toBeInstanceOf(TimeoutError);
    expect(slow.message).toContain('(after 1 retry)');
    pool().intercept({ path: RPC, method: 'POST' }).reply(200, '{"jsonrpc":"2.0","id":1,"res').times(2);
    const cut = await failure(rpc({ retries: 1 }).call('eth_chainId'));
    expect(cut).toBeInstanceOf(ResponseShapeError);
    expect(cut.message).toMatch(/^unusable JSON-RPC answer from https:\/\/eth\.blockscout\.com: not JSON \(no content-type, 28 bytes\) \(after 1 retry\)$/);
  });

  it('a status error names POST, the URL and the method, with a JSON-RPC error body told in its words', async () => {
    pool().intercept({ path: RPC, method: 'POST' }).reply(400, answer(1, '"error":{"code":-32600,"message":"Invalid Request"}'), { headers: JSON_HEADERS });
    const e = await failure(rpc().call('eth_chainId'));
    expect(e.message).toBe('POST https://eth.blockscout.com/api/eth-rpc eth_chainId failed with HTTP 400: Invalid Request');
    expect(waits).toEqual([]);
  });

  it('is never answered from the cache nor kept in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-rpc-cache-'));
    const cache = new ResponseCache({ dir, ttlMs: 3_600_000, maxBodyBytes: 1 << 20, now: () => 1 });
    pool().intercept({ path: RPC, method: 'POST' }).reply(200, answer(1, '"result":"0x1"'));
    pool().intercept({ path: RPC, method: 'POST' }).reply(200, answer(1, '"result":"0x2"'));
    const h = http({ cache });
    const explorer = new ExplorerClient({ baseUrl: ORIGIN, http: h });
    expect(await new RpcClient(explorer).call('eth_blockNumber')).toBe('"0x1"');
    expect(await new RpcClient(explorer).call('eth_blockNumber')).toBe('"0x2"');
    expect(() => readdirSync(join(dir, 'http'))).toThrow();
  });

  it('on the PRO API: {root}/{chain id}/json-rpc, the key as a bearer token, never in the trail', async () => {
    agent
      .get('https://api.blockscout.com')
      .intercept({ path: '/8453/json-rpc', method: 'POST', headers: { authorization: 'Bearer k-secret' } })
      .reply(200, answer(1, '"result":"0x2105"'));
    const c = new RpcClient(new ExplorerClient({ baseUrl: 'https://api.blockscout.com/8453', http: http(), explorerKey: 'k-secret', bearer: true }));
    expect(await c.call('eth_chainId')).toBe('"0x2105"');
    expect(lines.join('\n')).not.toContain('k-secret');
  });

  it('refuses a method outside the list before sending anything', async () => {
    const e = await failure(rpc().call('eth_sendRawTransaction' as never, ['0x00']));
    expect(e).toBeInstanceOf(UsageError);
    expect(lines).toEqual([]);
  });
});

describe('JSON-RPC errors', () => {
  async function errorFor(error: string): Promise<ScoutError> {
    pool().intercept({ path: RPC, method: 'POST' }).reply(200, answer(1, `"error":${error}`));
    return failure(rpc().call('eth_call', [{ to: '0x0000000000000000000000000000000000000001', data: '0x' }, 'latest']));
  }

  it('code 3 is a revert, exit 1, its data kept for a decoder', async () => {
    const e = await errorFor('{"code":3,"message":"execution reverted: nope","data":"0x08C379A0"}');
    expect(e).toBeInstanceOf(RpcRevertError);
    expect(e.exitCode).toBe(1);
    expect((e as RpcRevertError).data).toBe('0x08c379a0');
    expect(e.message).toBe('eth_call reverted on https://eth.blockscout.com: execution reverted: nope (revert data 0x08c379a0)');
  });

  it('-32000 with hex data is a revert; "execution reverted" without data is one with data 0x', async () => {
    expect(((await errorFor('{"code":-32000,"message":"execution reverted","data":"0x4e487b710000000000000000000000000000000000000000000000000000000000000011"}')) as RpcRevertError).data).toMatch(/^0x4e487b71/);
    const bare = await errorFor('{"code":-32000,"message":"execution reverted"}');
    expect(bare).toBeInstanceOf(RpcRevertError);
    expect((bare as RpcRevertError).data).toBe('0x');
    expect(bare.message).toContain('(no revert data)');
  });

  it('-32601: this explorer does not answer the method; -32602: the server refused the parameters; others name their code', async () => {
    const missing = await errorFor('{"code":-32601,"message":"Method not found"}');
    expect(missing).toBeInstanceOf(RpcError);
    expect(missing).not.toBeInstanceOf(RpcRevertError);
    expect(missing.exitCode).toBe(1);
    expect(missing.message).toBe("this explorer's JSON-RPC does not answer eth_call (https://eth.blockscout.com: Method not found)");
    const params = await errorFor('{"code":-32602,"message":"Invalid params"}');
    expect(params.message).toBe('https://eth.blockscout.com refused the parameters of eth_call: Invalid params');
    const other = await errorFor('{"code":-32000,"message":"header not found\\u001b[2J"}');
    expect(other).not.toBeInstanceOf(RpcRevertError);
    expect(other.message).toMatch(/^eth_call failed on https:\/\/eth\.blockscout\.com: header not found.*\[2J \(JSON-RPC error -32000\)$/);
    expect(other.message).not.toContain('\u001b');
    expect((other as RpcError).code).toBe(-32000);
  });

  it('another id, an array, or neither result nor error is unusable, not retried', async () => {
    const origin = 'https://x';
    const res = (body: string) => ({ body, headers: {}, bytes: body.length });
    expect(() => readAnswer(res('{"jsonrpc":"2.0","id":2,"result":"0x1"}'), 1, origin)).toThrow(ResponseEnvelopeError);
    expect(() => readAnswer(res('[{"jsonrpc":"2.0","id":1,"result":"0x1"}]'), 1, origin)).toThrow(ResponseEnvelopeError);
    expect(() => readAnswer(res('{"jsonrpc":"2.0","id":1}'), 1, origin)).toThrow(/neither "result" nor "error"/);
    expect(readAnswer(res('{"jsonrpc":"2.0","id":"1","result":null}'), 1, origin)).toEqual({ result: 'null' });
    pool().intercept({ path: RPC, method: 'POST' }).reply(200, answer(9, '"result":"0x1"'));
    expect(await failure(rpc().call('eth_chainId'))).toBeInstanceOf(ResponseEnvelopeError);
    expect(waits).toEqual([]);
  });

  it('a connection refused is a NetworkError after the retries', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    pool().intercept({ path: RPC, method: 'POST' }).replyWithError(refused).times(3);
    expect(await failure(rpc().call('eth_chainId'))).toBeInstanceOf(NetworkError);
  });
});
