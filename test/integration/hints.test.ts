/**
 * What scout tells the user to run next: the next-page hint repeats each `-F` field as given, masks
 * key-like ones, quotes for a POSIX shell and is safe text; a command that takes no --cursor gets no
 * --cursor hint; a flag a command cannot honour is refused before any request.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/api/cursor.js';
import { run } from '../../src/cli.js';
import { nextPageHint } from '../../src/commands/output.js';
import type { Session } from '../../src/commands/session.js';
import { memoryIo } from '../../src/io.js';
import { ADDR, COUNTS, DEFAULT_ADMIN_KEY, type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const home = mkdtempSync(join(tmpdir(), 'scout-hints-'));

/** Runs scout in-process; stdout piped unless told otherwise. */
async function scout(args: string[], tty = false) {
  const io = memoryIo({ stdoutIsTTY: tty, width: 200, env: { HOME: home, XDG_CONFIG_HOME: home } });
  const code = await run(['node', 'scout', ...args], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** The words bash makes of `line` (the hint as pasted into an interactive shell). */
function shellWords(line: string): string[] {
  const out = execFileSync('bash', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('the next-page hint of scout api', () => {
  it('repeats each -F field, masks key-like ones, and runs when pasted', async () => {
    const path = `addresses/${ADDR.rich}/transactions`;
    const first = await scout(['api', path, '-F', 'filter=from', '-F', 'apikey=SECRET-KEY-1', '--ndjson', '--base-url', srv.url]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('SECRET-KEY-1');
    const hint = /next page: (scout .*)\n$/.exec(first.stderr)?.[1];
    expect(hint).toMatch(/^scout api \S+ -F filter=from -F 'apikey=\*\*\*' --ndjson --cursor [\w-]+$/);

    const words = shellWords(hint!);
    expect(words.slice(0, 7)).toEqual(['scout', 'api', path, '-F', 'filter=from', '-F', 'apikey=***']);
    const mark = srv.requests.length;
    const second = await scout([...words.slice(1), '--base-url', srv.url]);
    expect(second.code, second.stderr).toBe(0);
    const query = srv.requests[mark]!.query;
    expect(query.filter(([k]) => k === 'filter')).toEqual([['filter', 'from']]);
    expect(query.filter(([k]) => k === 'apikey')).toEqual([['apikey', '***']]);
    // Page 2 of the same filtered list: every item sent by the address, none lost or repeated.
    expect(first.stdout.trimEnd().split('\n')).toHaveLength(50);
    expect(second.stdout.trimEnd().split('\n')).toHaveLength(COUNTS.richTxsFrom - 50);
  });

  it('quotes what a shell would split; control characters are written as escapes the shell reads back', async () => {
    const io = memoryIo();
    const s = { io, commandPath: ['api'] } as unknown as Session;
    await nextPageHint(s, [['p', '2']], ['/api/v2/search', '-F', "q=it's a \u001b]0;pwned\u0007 name", '-F', 'token=abc']);
    const hint = /next page: (scout .*)\n$/.exec(io.stderr())![1]!;
    expect(hint).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(shellWords(hint)).toEqual(['scout', 'api', '/api/v2/search', '-F', "q=it's a \u001b]0;pwned\u0007 name", '-F', 'token=abc', '--cursor', encodeCursor([['p', '2']])]);
  });
});

describe('admin networks takes no --cursor', () => {
  let admin: http.Server;
  let adminUrl: string;
  beforeAll(async () => {
    // An admin service that, against the documented shape, offers a next page.
    admin = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"items":[{"chain_id":"1","name":"Ethereum","domain":"eth.blockscout.com"}],"next_page_params":{"page_token":"2"}}');
    });
    await new Promise<void>((r) => admin.listen(0, '127.0.0.1', r));
    adminUrl = `http://127.0.0.1:${(admin.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => admin.close(() => r())));

  it.each([[['--json']], [['--ndjson']], [[]]])('%j: no --cursor hint, a warning that more exist', async (flags) => {
    const r = await scout(['admin', 'networks', '--admin-url', adminUrl, '--api-key', DEFAULT_ADMIN_KEY, ...flags]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Ethereum');
    expect(r.stderr).not.toContain('--cursor');
    expect(r.stderr).toBe('scout: warning: the server offers a next page, which scout admin networks cannot fetch; showing the first\n');
  });
});

describe('api --csv', () => {
  it('is refused before any request with one line, exit 2', async () => {
    const mark = srv.requests.length;
    for (const args of [['api', '/api/v2/stats', '--csv'], ['api', '/api/v2/blocks', '--csv'], ['api', '/api/v2/blocks', '--csv', '--all']]) {
      const r = await scout([...args, '--base-url', srv.url]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe('scout: api prints JSON, not CSV: use --json or --ndjson\n');
      expect(r.stdout).toBe('');
    }
    expect(srv.requests.length).toBe(mark);
  });
});
