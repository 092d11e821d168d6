/**
 * Bad input is refused before any request (exit 2, one line); server answers map to the contract's
 * exit codes with one readable line each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const HASH = TX.ok;
const A = ADDR.rich;

describe('bad input: exit 2, one line on stderr, nothing sent', () => {
  const cases: [string, string[], RegExp][] = [
    ['malformed address', ['address', 'txs', '0x1234'], /^scout: invalid address "0x1234": expected 0x followed by 40 hex digits, or a name such as vitalik\.eth$/],
    ['address without 0x', ['address', 'tokens', A.slice(2)], /invalid address/],
    ['malformed address on every address verb', ['address', 'withdrawals', 'vitalik'], /invalid address "vitalik"/],
    ['malformed hash', ['tx', 'show', '0xabc'], /^scout: invalid transaction hash "0xabc": expected 0x followed by 64 hex digits$/],
    ['malformed hash for trace', ['tx', 'trace', HASH + 'ff'], /invalid transaction hash/],
    ['malformed hash for transfers', ['tx', 'transfers', 'nothex'], /invalid transaction hash/],
    ['unknown --type', ['address', 'tokens', A, '--type', 'ERC-777'], /^scout: invalid --type "ERC-777": expected one of ERC-20, ERC-721, ERC-1155, ERC-404$/],
    ['a --type the endpoint does not take', ['address', 'nfts', A, '--type', 'ERC-20'], /invalid --type "ERC-20": expected one of ERC-721, ERC-404, ERC-1155/],
    ['--filter other than to/from', ['address', 'txs', A, '--filter', 'both'], /^scout: invalid --filter "both": expected to or from$/],
    ['malformed --token', ['address', 'transfers', A, '--token', 'usdc'], /invalid --token address "usdc"/],
    ['--limit 0', ['address', 'txs', A, '--limit', '0'], /invalid --limit "0"/],
    ['--limit -1', ['address', 'txs', A, '--limit', '-1'], /--limit/],
    ['--limit abc', ['address', 'txs', A, '--limit', 'abc'], /invalid --limit "abc"/],
    ['unreadable cursor', ['address', 'txs', A, '--cursor', 'garbage!!'], /^scout: unreadable cursor "garbage!!"$/],
    ['cursor that is not an object', ['address', 'txs', A, '--cursor', Buffer.from('[1]').toString('base64url')], /unreadable cursor/],
    ['missing search query', ['search'], /^scout: search needs a query$/],
    ['blank search query', ['search', '  '], /search needs a query/],
    ['unknown command', ['adress', 'txs', A], /^scout: unknown command 'adress'/],
    ['unknown verb', ['address', 'holdings', A], /unknown command 'holdings'/],
    ['unknown option', ['address', 'txs', A, '--colour'], /unknown option '--colour'/],
    ['missing argument', ['tx', 'show'], /missing required argument 'hash'/],
    ['--json with --ndjson', ['address', 'txs', A, '--json', '--ndjson'], /^scout: choose one output format: --json and --ndjson cannot be used together$/],
    ['--csv with --json', ['search', 'x', '--csv', '--json'], /--json and --csv cannot be used together/],
    ['--json with --ndjson on tx show', ['tx', 'show', HASH, '--json', '--ndjson'], /choose one output format/],
    ['admin networks with no key', ['admin', 'networks'], /^scout: admin commands need an admin key$/],
    ['bad --timeout', ['address', 'txs', A, '--timeout', '0'], /invalid --timeout "0"/],
    ['bad --retries', ['address', 'txs', A, '--retries', 'many'], /invalid --retries "many"/],
    ['api with a full URL', ['api', 'https://evil.example/api/v2/stats'], /invalid path .*not a URL/],
    ['api -F without =', ['api', '/api/v2/stats', '-F', 'novalue'], /invalid -F "novalue": expected key=value/],
  ];

  it.each(cases)('%s', async (_name, args, message) => {
    const before = srv.requests.length;
    const r = await runScout([...args, '--base-url', srv.url, '--admin-url', srv.url]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const first = r.stderr.split('\n')[0]!;
    expect(first).toMatch(message);
    // The message, at most a hint, and last where to read more: the help of the command that ran.
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines.at(-1)).toMatch(/^scout: see 'scout( [a-z]+)* --help'$/);
    expect(srv.requests.length).toBe(before);
  });

  it('an admin key is never sent over plain http to a host other than loopback', async () => {
    const r = await runScout(['admin', 'networks', '--api-key', 'admin-secret', '--admin-url', 'http://merits.example.invalid']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: refusing to send the admin key over http:\/\/ to merits\.example\.invalid/);
    expect(r.stderr).not.toContain('admin-secret');
  });

  it('an unreadable --api-key-file names the file', async () => {
    const r = await runScout(['admin', 'networks', '--api-key-file', '/nonexistent/scout.key', '--admin-url', srv.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: cannot read --api-key-file "\/nonexistent\/scout.key": no such file/);
  });

  it('a bad --base-url', async () => {
    const r = await runScout(['address', 'txs', A, '--base-url', 'ftp://x']);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(/invalid --base-url "ftp:\/\/x"/);
  });

  it('--help and --version print to stdout and exit 0, with no network', async () => {
    const v = await runScout(['--version']);
    expect(v).toMatchObject({ code: 0, stderr: '' });
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    for (const args of [['--help'], ['address', '--help'], ['address', 'txs', '--help'], ['tx', 'trace', '--help'], ['api', '--help']]) {
      const h = await runScout(args);
      expect(h.code).toBe(0);
      expect(h.stdout).toMatch(/^Usage: scout/);
    }
  });
});

describe('server answers and their exit codes', () => {
  const scout = (...args: string[]) => runScout([...args, '--base-url', srv.url, '--admin-url', srv.url]);

  it('401 from the admin API with a wrong key is exit 4, the key never printed', async () => {
    const r = await scout('admin', 'networks', '--api-key', 'wrong-key-123');
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^scout: .*refused the request \(HTTP 401\): unauthenticated\n/);
    expect(r.stderr).not.toContain('wrong-key-123');
  });

  it('429 that never lets up is exit 5 after the retries, with what to do', async () => {
    const before = srv.requests.length;
    const r = await scout('address', 'txs', ADDR.limited, '--retries', '2');
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^scout: rate limited by http:\/\/127\.0\.0\.1:\d+ after 2 retries\nscout: an explorer key raises the limit/);
    expect(srv.requests.length - before).toBe(3);
    // Each retry waited the x-ratelimit-reset the server sent.
    expect(r.sleeps).toEqual([50, 50]);
  });

  it('a single 429 is waited out and the command succeeds', async () => {
    const r = await scout('address', 'txs', ADDR.flaky, '--ndjson');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    expect(r.sleeps).toEqual([200]);
  });

  it('a proxy 502 HTML page is one line, exit 1, never the HTML', async () => {
    const r = await scout('address', 'txs', ADDR.broken, '--retries', '1');
    expect(r.code).toBe(1);
    // The request, the status, the retries made and what to do, on one line.
    expect(r.stderr).toMatch(new RegExp(`^scout: GET ${srv.url}/api/v2/addresses/0x[0-9a-fA-F]{40}/transactions failed with HTTP 502 Bad Gateway after 1 retry; the explorer may be down, try again later\\n$`));
  });

  it('a cursor loop stops with exit 1 and says so, after printing what it had', async () => {
    const r = await scout('address', 'withdrawals', ADDR.loop, '--all', '--ndjson');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scout: the server returned a cursor it had already given/);
    expect(r.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(50);
  });

  it('a body that is whole JSON but no list, where a list was asked, is asked for once', async () => {
    const before = srv.requests.length;
    const r = await scout('api', '/api/v2/stats', '--all', '--retries', '3');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scout: unusable response from http:\/\/127\.0\.0\.1:\d+: expected a list with "items"\n$/);
    expect(srv.requests.length - before).toBe(1);
    expect(r.sleeps).toEqual([]);
  });

  it('a refused connection is exit 1 naming the host', async () => {
    const r = await runScout(['address', 'txs', A, '--base-url', 'http://127.0.0.1:9', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scout: cannot reach http:\/\/127\.0\.0\.1:9: ECONNREFUSED\n$/);
  });

  it('--verbose prints each request with its status on stderr, keys redacted', async () => {
    const r = await runScout(['admin', 'networks', '--verbose', '--api-key', 'admin-secret', '--admin-url', srv.url, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^scout: GET http:\/\/127\.0\.0\.1:\d+\/admin\/api\/v1\/networks -> 200 \(\d+ms\)\n$/);
    expect(r.stderr + r.stdout).not.toContain('admin-secret');
  });

  it('SCOUT_VERBOSE=1 does what --verbose does: the request trail, and (from source) a stack trace after an error', async () => {
    const ok = await runScout(['admin', 'networks', '--api-key', 'admin-secret', '--admin-url', srv.url, '--json'], { env: { SCOUT_VERBOSE: '1' } });
    expect(ok.stderr).toMatch(/^scout: GET http:\/\/127\.0\.0\.1:\d+\/admin\/api\/v1\/networks -> 200 \(\d+ms\)\n$/);
    const failed = (env: Record<string, string>) => runScout(['address', 'txs', A, '--base-url', 'http://127.0.0.1:9', '--retries', '0'], { env });
    expect((await failed({})).stderr).not.toMatch(/\n\s+at /);
    expect((await failed({ SCOUT_VERBOSE: '1' })).stderr).toMatch(/\nscout: cannot reach http:\/\/127\.0\.0\.1:9: ECONNREFUSED\n(.*\n)*\s+at /);
  });
});

describe('errors that point to the fix', () => {
  it.each([
    [['address', 'txs', A, '--colour'], 'scout address txs --help'],
    [['tx', 'show'], 'scout tx show --help'],
    [['api', '/api/v2/stats', 'extra'], 'scout api --help'],
    [['address', 'holdings', A], 'scout address --help'],
    [['adress', 'txs', A], 'scout --help'],
  ])('a usage error in %j points to the help of the command it came from', async (args, help) => {
    const r = await runScout(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[1]).toBe(`scout: see '${help}'`);
  });

  it.each(['/api', '/api/', '/api/v2', '/api/v2/', '/API/V2'])('a base URL ending in %s is refused before any request, with the URL to use', async (suffix) => {
    const before = srv.requests.length;
    const r = await runScout(['address', 'txs', A, '--base-url', srv.url + suffix]);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    const dropped = suffix.replace(/\/$/, '');
    expect(r.stderr).toBe(`scout: invalid --base-url "${srv.url}${suffix}": drop the trailing ${dropped}, scout adds it\nscout: use ${srv.url}\nscout: see 'scout address txs --help'\n`);
    expect(srv.requests.length).toBe(before);
  });

  it('the same from SCOUT_BASE_URL names the variable; a sub-path before /api is kept', async () => {
    const r = await runScout(['address', 'txs', A], { env: { SCOUT_BASE_URL: 'https://explorer.example/eth/api/v2' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('scout: invalid SCOUT_BASE_URL "https://explorer.example/eth/api/v2": drop the trailing /api/v2, scout adds it\nscout: use https://explorer.example/eth\nscout: see \'scout help environment\'\n');
    // A path that only contains "api" elsewhere is an explorer under a sub-path, as before.
    const ok = await runScout(['address', 'txs', ADDR.empty, '--base-url', srv.url + '/', '--json']);
    expect(ok.code, ok.stderr).toBe(0);
  });

  it('--verbose in the built program prints no stack: its frames would be minified', async () => {
    const r = await runCli(['address', 'txs', A, '--base-url', 'http://127.0.0.1:9', '--retries', '0', '--verbose']);
    expect(r.code).toBe(1);
    // The indexing status, asked beside the list (run/freshness.ts), has its line in the trail too.
    const own = r.stderr.split('\n').filter((l) => !l.includes('/api/v2/main-page/indexing-status ')).join('\n');
    expect(own).toMatch(/^scout: GET http:\/\/127\.0\.0\.1:9\/\S+ -> ECONNREFUSED\nscout: cannot reach http:\/\/127\.0\.0\.1:9: ECONNREFUSED\n$/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('--chain with escape sequences is echoed as safe text', async () => {
    const r = await runScout(['--chain', '\u001b[31mred', 'address', 'txs', A]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: unknown chain "\u241b\[31mred"\n/);
    expect(r.stderr).not.toContain('\u001b');
  });
});

