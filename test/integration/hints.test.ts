/**
 * What scout tells the user to run next: the next-page hint repeats each `-F` field as given, masks
 * key-like ones, quotes for a POSIX shell and is safe text; a command that takes no --cursor gets no
 * --cursor hint; a flag a command cannot honour is refused before any request.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/api/cursor.js';
import { run } from '../../src/cli.js';
import { nextPageHint } from '../../src/commands/output.js';
import type { Session } from '../../src/commands/session.js';
import { memoryIo } from '../../src/io.js';
import { ADDR, COUNTS, type FakeServer, startServer } from '../support/server.js';

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

/** The words a POSIX shell makes of `line` (the hint as pasted). */
function shellWords(line: string): string[] {
  const out = execFileSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
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

  it('quotes what a shell would split and shows control characters as visible stand-ins', async () => {
    const io = memoryIo();
    const s = { io, commandPath: ['api'] } as unknown as Session;
    await nextPageHint(s, [['p', '2']], ['/api/v2/search', '-F', "q=it's a \u001b]0;pwned\u0007 name", '-F', 'token=abc']);
    const hint = /next page: (scout .*)\n$/.exec(io.stderr())![1]!;
    expect(hint).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(shellWords(hint)).toEqual(['scout', 'api', '/api/v2/search', '-F', "q=it's a \u241b]0;pwned\u2407 name", '-F', 'token=abc', '--cursor', encodeCursor([['p', '2']])]);
  });
});
