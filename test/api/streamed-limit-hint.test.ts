/**
 * `--limit` and the next-page hint when the page streams (past the bytes held before items go out,
 * JSON and NDJSON print its items as they arrive): a limit that cuts inside the page offers no hint,
 * since the next page would not start where the output stopped; a limit that ends with the page
 * offers the next page's cursor, which resumes there.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_BYTES } from '../../src/api/client.js';
import { runScout } from '../support/scout.js';

const ADDR = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
const COUNT = 1000;
const NEXT = { block_number: 23456789, index: 7, items_count: COUNT };
const item = (i: number) => `{"i":${i},"pad":"${'x'.repeat(1500)}"}`;
const page = `{"items":[${Array.from({ length: COUNT }, (_, i) => item(i)).join(',')}],"next_page_params":${JSON.stringify(NEXT)}}`;
const last = `{"items":[${item(COUNT)}],"next_page_params":null}`;

const queries: URLSearchParams[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  // Only the list is served (and counted): the indexing status `address txs` asks beside it is absent here.
  if (url.pathname !== `/api/v2/addresses/${ADDR}/transactions`) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
  const q = url.searchParams;
  queries.push(q);
  res.writeHead(200, { 'content-type': 'application/json' }).end(q.has('block_number') ? last : page);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const scout = (...args: string[]) => runScout(['address', 'txs', ADDR, ...args, '--base-url', base]);
const lineCount = (s: string) => s.split('\n').filter(Boolean).length;

describe('--limit inside a streamed page', () => {
  it('the page streams: it is larger than what is held', () => {
    expect(Buffer.byteLength(page)).toBeGreaterThan(HOLD_BYTES);
  });

  it('cut inside it: the items up to the limit, no next-page hint, one request', async () => {
    for (const mode of ['--ndjson', '--json']) {
      queries.length = 0;
      const r = await scout(mode, '--limit', '300');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr, mode).toBe('');
      expect(mode === '--json' ? (JSON.parse(r.stdout) as unknown[]).length : lineCount(r.stdout)).toBe(300);
      expect(queries).toHaveLength(1);
    }
  });

  it('ending with it: the hint offers the next page, and its cursor resumes there', async () => {
    const r = await scout('--ndjson', '--limit', String(COUNT));
    expect(r.code, r.stderr).toBe(0);
    expect(lineCount(r.stdout)).toBe(COUNT);
    const token = /--cursor (\S+)\n$/.exec(r.stderr)?.[1];
    expect(token, r.stderr).toBeDefined();
    queries.length = 0;
    const next = await scout('--ndjson', '--cursor', token!);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toBe(item(COUNT) + '\n');
    expect(Object.fromEntries(queries[0]!)).toEqual({ block_number: '23456789', index: '7', items_count: String(COUNT) });
  });
});
