/**
 * What scout tells the user to run next: the next-page hint repeats each `-F` field by name, its
 * value masked (any may be a secret), quotes for a POSIX shell and is safe text; a command that takes no --cursor gets no
 * --cursor hint; a flag a command cannot honour is refused before any request.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, encodeCursorFor } from '../../src/api/cursor.js';
import { buildProgram, run } from '../../src/cli.js';
import { commandLine } from '../../src/run/execute.js';
import type { CommandLine } from '../../src/kit/invocation.js';
import { nextPageHint } from '../../src/run/output.js';
import type { Session } from '../../src/run/session.js';
import { memoryIo } from '../../src/base/io.js';
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
  it('repeats each -F field with its value masked, and runs when pasted with the values typed back', async () => {
    const path = `addresses/${ADDR.rich}/transactions`;
    const first = await scout(['api', path, '-F', 'filter=from', '-F', 'apikey=SECRET-KEY-1', '--ndjson', '--base-url', srv.url]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('SECRET-KEY-1');
    const hint = /next page: (scout .*)\n$/.exec(first.stderr)?.[1];
    expect(hint).toMatch(/^scout --base-url http:\/\/127\.0\.0\.1:\d+ api \S+ -F 'filter=\*\*\*' -F 'apikey=\*\*\*' --ndjson --cursor [\w-]+$/);

    const words = shellWords(hint!);
    expect(words.slice(0, 9)).toEqual(['scout', '--base-url', srv.url, 'api', path, '-F', 'filter=***', '-F', 'apikey=***']);
    const mark = srv.requests.length;
    // The user types the filter back; the key stays masked, as a user without it would leave it.
    words[6] = 'filter=from';
    const second = await scout(words.slice(1));
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
    const line = { head: ['api', '/api/v2/search', '-F', "q=it's a \u001b]0;pwned\u0007 name", '-F', 'token=abc'], tail: [] };
    await nextPageHint(s, [['p', '2']], { line, path: '/api/v2/search' });
    const hint = /next page: (scout .*)\n$/.exec(io.stderr())![1]!;
    expect(hint).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(shellWords(hint)).toEqual(['scout', 'api', '/api/v2/search', '-F', "q=it's a \u001b]0;pwned\u0007 name", '-F', 'token=abc', '--cursor', encodeCursorFor([['p', '2']], { command: 'api', path: '/api/v2/search' })]);
  });
});

describe('the next-page hint of a list keeps the global flags typed', () => {
  /** The hint's command line in the stderr of a run. */
  const hintOf = (stderr: string) => /next page: (scout .*)\n$/.exec(stderr)?.[1];

  it('--base-url and the other global flags come back, so the pasted hint asks the same server for page 2', async () => {
    const first = await scout(['--timeout', '20', 'address', 'txs', ADDR.rich, '--base-url', srv.url, '--retries', '1', '--no-color', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const hint = hintOf(first.stderr)!;
    expect(hint).toMatch(/^scout --base-url http:\/\/127\.0\.0\.1:\d+ --timeout 20 --retries 1 --no-color address txs 0x\w{40} --json --cursor [\w-]+$/);

    const words = shellWords(hint);
    const mark = srv.requests.length;
    // Pasted as is: no --base-url added by the test; without it the list would go to eth.blockscout.com.
    const second = await scout(words.slice(1));
    expect(second.code, second.stderr).toBe(0);
    expect(srv.requests.length).toBe(mark + 1);
    const asked = srv.requests[mark]!;
    expect(asked.path).toBe(`/api/v2/addresses/${ADDR.rich}/transactions`);
    expect(asked.query.map(([k]) => k)).toEqual(expect.arrayContaining(['block_number', 'index']));
    const page1 = JSON.parse(first.stdout) as { hash: string }[];
    const page2 = JSON.parse(second.stdout) as { hash: string }[];
    expect(page1).toHaveLength(50);
    expect(page2.length).toBeGreaterThan(0);
    expect(page2.map((t) => t.hash)).not.toContain(page1[49]!.hash);
  });

  it('an explorer key typed as --explorer-key comes back by name: its variable, never the key', async () => {
    const keyed = await startServer({ explorerKey: 'k-secret-123' });
    try {
      const first = await scout(['--explorer-key', 'k-secret-123', '--base-url', keyed.url, 'address', 'txs', ADDR.rich, '--ndjson']);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).not.toContain('k-secret-123');
      const hint = hintOf(first.stderr)!;
      expect(hint).toContain(' --explorer-key "$SCOUT_EXPLORER_KEY" ');
      // Pasted into a shell that holds the key in its variable: page 2 comes with the key.
      const words = execFileSync('bash', ['-c', `printf '%s\\0' ${hint}`], { encoding: 'utf8', env: { ...process.env, SCOUT_EXPLORER_KEY: 'k-secret-123' } }).split('\0').slice(0, -1);
      expect(words.slice(1, 5)).toEqual(['--base-url', keyed.url, '--explorer-key', 'k-secret-123']);
      const second = await scout(words.slice(1));
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout.trimEnd().split('\n').length).toBeGreaterThan(0);
    } finally {
      await keyed.close();
    }
  });

  it('--chain, --pro and -F fields come back in order; arguments that start with a dash go after --', async () => {
    const lineOf = async (argv: string[], path: string[]) => {
      const program = await buildProgram({ io: memoryIo(), version: '0' });
      let cmd = program;
      for (const p of path) cmd = cmd.commands.find((c) => c.name() === p)!;
      let got: CommandLine | undefined;
      cmd.action(() => void (got = commandLine(cmd)));
      program.parse(['node', 'scout', ...argv]);
      return got!;
    };
    const api = await lineOf(['--chain', 'base', '--pro', 'api', 'blocks', '-F', 'type=block', '-F', 'type=uncle', '-F', 'api_key=K', '--limit', '5'], ['api']);
    expect(api).toEqual({ head: ['--chain', 'base', '--pro', 'api', 'blocks', '-F', 'type=***', '-F', 'type=***', '-F', 'api_key=***'], tail: [] });
    const search = await lineOf(['search', '--all', '--', '-USDT'], ['search']);
    expect(search).toEqual({ head: ['search'], tail: ['--', '-USDT'] });
    const key = await lineOf(['--api-key', 'ADMIN-K', 'admin', 'networks'], ['admin', 'networks']);
    expect(key.head).toEqual(['--api-key', { shell: '"$SCOUT_ADMIN_KEY"' }, 'admin', 'networks']);
  });
});

describe('a cursor given to another command', () => {
  it('is refused before any request, naming the list it resumes; earlier tokens and raw JSON still work', async () => {
    const first = await scout(['address', 'txs', ADDR.rich, '--base-url', srv.url, '--json']);
    const token = /--cursor (\S+)\n$/.exec(first.stderr)![1]!;
    const mark = srv.requests.length;
    const other = await scout(['address', 'transfers', ADDR.rich, '--cursor', token, '--base-url', srv.url]);
    expect(other).toMatchObject({ code: 2, stdout: '' });
    expect(other.stderr).toMatch(/^scout: this --cursor resumes scout address txs, not scout address transfers\n/);
    const otherAddress = await scout(['address', 'txs', ADDR.counterparty, '--cursor', token, '--base-url', srv.url]);
    expect(otherAddress).toMatchObject({ code: 2, stdout: '' });
    expect(otherAddress.stderr).toMatch(/^scout: this --cursor resumes another list of scout address txs/);
    const viaApi = await scout(['api', `addresses/${ADDR.counterparty}/transactions`, '--cursor', token, '--base-url', srv.url]);
    expect(viaApi.code).toBe(2);
    expect(srv.requests.length).toBe(mark);

    // The same cursor as an earlier scout printed it, and as the server's next_page_params: taken.
    const pairs = decodeCursor(token);
    for (const old of [encodeCursor(pairs), JSON.stringify(Object.fromEntries(pairs))]) {
      const r = await scout(['address', 'txs', ADDR.rich, '--cursor', old, '--base-url', srv.url, '--json']);
      expect(r.code, r.stderr).toBe(0);
    }
    // scout api asking the very same path resumes it.
    const same = await scout(['api', `addresses/${ADDR.rich}/transactions`, '--cursor', token, '--base-url', srv.url, '--ndjson']);
    expect(same.code, same.stderr).toBe(0);
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
      expect(r.stderr).toBe('scout: api prints JSON, not CSV: use --json or --ndjson\nscout: see \'scout api --help\'\n');
      expect(r.stdout).toBe('');
    }
    expect(srv.requests.length).toBe(mark);
  });
});
