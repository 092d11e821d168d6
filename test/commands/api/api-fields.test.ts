/**
 * Issue 20, item 13: `scout api -F` values are treated as secrets wherever scout repeats them. Only
 * key-like names (`key`, `token`, `secret`, `auth`) were masked, so `-F password=…`, `pass=`,
 * `sig=` and `k=` came back in the next-page hint and in every --verbose request line. Now each
 * field shows as its name and `***` there, whatever the name; the request itself still carries the
 * values.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../../support/scout.js';

/** A list of two pages of 50 items that takes any field; the query of every request kept. */
let server: Server;
const srv = { url: '', requests: [] as { query: [string, string][] }[] };
beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    srv.requests.push({ query: [...u.searchParams] });
    const second = u.searchParams.get('page') === '2';
    const items = Array.from({ length: 50 }, (_, i) => ({ n: i + (second ? 50 : 0) }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items, next_page_params: second ? null : { page: 2 } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  srv.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const FIELDS = [
  ['password', 'hunter2-PASSWORD'],
  ['pass', 'open-sesame-PASS'],
  ['sig', '0xdeadbeefSIG'],
  ['k', 'k-VALUE-42'],
  ['filter', 'from'],
] as const;
const fieldArgs = FIELDS.flatMap(([k, v]) => ['-F', `${k}=${v}`]);
const path = 'things';

describe('scout api -F values', () => {
  it('never appear in the next-page hint: each field by name, its value ***', async () => {
    const mark = srv.requests.length;
    const r = await runScout(['api', path, ...fieldArgs, '--ndjson', '--base-url', srv.url]);
    expect(r.code, r.stderr).toBe(0);
    // The request carried every value.
    expect(srv.requests[mark]!.query.filter(([k]) => FIELDS.some(([f]) => f === k))).toEqual(FIELDS.map(([k, v]) => [k, v]));
    const hint = /next page: (scout .*)\n$/.exec(r.stderr)?.[1];
    expect(hint).toBeDefined();
    for (const [k, v] of FIELDS) {
      expect(r.stderr).not.toContain(v);
      expect(hint).toContain(`-F '${k}=***'`);
    }
  });

  it('never appear in --verbose request lines, on the first page or later ones', async () => {
    const one = await runScout(['api', path, ...fieldArgs, '--verbose', '--base-url', srv.url]);
    expect(one.code, one.stderr).toBe(0);
    const paged = await runScout(['api', path, ...fieldArgs, '--verbose', '--limit', '60', '--ndjson', '--base-url', srv.url]);
    expect(paged.code, paged.stderr).toBe(0);
    for (const r of [one, paged]) {
      const lines = r.stderr.split('\n').filter((l) => l.startsWith('scout: GET '));
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) {
        for (const [k, v] of FIELDS) {
          expect(l).not.toContain(v);
          expect(l).toContain(`${k}=***`);
        }
      }
    }
    expect(paged.stderr.split('\n').filter((l) => l.startsWith('scout: GET '))).toHaveLength(2);
  });
});
