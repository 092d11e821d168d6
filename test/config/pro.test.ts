/**
 * The hosted PRO API (docs/api-behaviour.md, Hosts and Errors): `--pro --chain <id|name>` sends
 * requests to `<root>/<chain id>/api/v2/...` with the explorer key as a bearer token. The root is moved
 * to a server on 127.0.0.1 (SCOUT_PRO_URL) that answers like api.blockscout.com.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';

const A = '0x' + 'ab'.repeat(20);
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
let server: http.Server;
let root: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization === 'Bearer spent-key') return json(402, { error: 'Out of credits' });
    // A refusal whose own words look like our message for a 402.
    if (req.headers.authorization === 'Bearer odd-key') return json(403, { message: 'Forbidden (HTTP 402)' });
    if (req.headers.authorization !== 'Bearer pro-key') return json(401, { message: 'Unauthorized' });
    if (req.url === `/8453/api/v2/addresses/${A}/transactions`) return json(200, { items: [], next_page_params: null });
    return json(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function scout(args: string[], env: Record<string, string> = {}) {
  const before = seen.length;
  const r = await runScout(args, { env: { SCOUT_PRO_URL: root, ...env } });
  return { ...r, requests: seen.slice(before) };
}

describe('--pro', () => {
  it('goes to <root>/<chain id>/api/v2 with the key as Authorization: Bearer, and no x-api-key', async () => {
    const r = await scout(['--pro', '--chain', 'base', '--explorer-key', 'pro-key', 'address', 'txs', A, '--json']);
    expect(r).toMatchObject({ code: 0, stdout: '[]\n', stderr: '' });
    expect(r.requests.map((q) => q.url)).toEqual([`/8453/api/v2/addresses/${A}/transactions`]);
    expect(r.requests[0]!.headers.authorization).toBe('Bearer pro-key');
    expect(r.requests[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('SCOUT_PRO=1 with SCOUT_CHAIN as a hex id and SCOUT_EXPLORER_KEY does the same', async () => {
    const r = await scout(['address', 'txs', A, '--json'], { SCOUT_PRO: '1', SCOUT_CHAIN: '0x2105', SCOUT_EXPLORER_KEY: 'pro-key' });
    expect(r.code).toBe(0);
    expect(r.requests.map((q) => q.url)).toEqual([`/8453/api/v2/addresses/${A}/transactions`]);
  });

  it('without an explorer key it is exit 2 before any request', async () => {
    const r = await scout(['--pro', '--chain', '8453', 'address', 'txs', A]);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr.split('\n')[0]).toBe('scout: the PRO API needs an explorer key');
    expect(r.requests).toEqual([]);
  });

  it('402 "Out of credits" is exit 4 with a message that says so, the key never printed', async () => {
    const r = await scout(['--pro', '--chain', '8453', '--explorer-key', 'spent-key', 'address', 'txs', A]);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(`scout: ${root} refused the request (HTTP 402): Out of credits\nscout: the explorer key has run out of PRO API credits: add credits or wait for the next period\n`);
    expect(r.stderr).not.toContain('spent-key');
  });

  it('the credits hint goes by the status: a 403 whose text says "(HTTP 402)" keeps the key hint', async () => {
    const r = await scout(['--pro', '--chain', '8453', '--explorer-key', 'odd-key', 'address', 'txs', A]);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(`scout: ${root} refused the request (HTTP 403): Forbidden (HTTP 402)\nscout: check the explorer key\n`);
  });
});
