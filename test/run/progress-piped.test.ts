/**
 * Progress people can read (issue 22, items 19 and 20): with stdout a file or a pipe and stderr a
 * terminal, long work (`--all`, a batch) shows its progress on stderr and clears it at the end;
 * nothing when stderr is not a terminal, under CI or with TERM=dumb, or for a list without --all. While
 * the HTTP layer waits, the spinner says for what (`retry 1/3 after HTTP 503`). In process, against
 * the test explorer (behind a fault proxy for the retry), with an Io whose stderr is a terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { type FakeServer, ADDR, TX, startServer } from '../support/server.js';
import { type FaultProxy, startFaultProxy } from '../support/faults.js';

let srv: FakeServer;
let proxy: FaultProxy;
beforeAll(async () => {
  srv = await startServer();
  // The first request for an address is refused (a retry follows): 503 for the rich one, 429 for the other.
  const seen = new Set<string>();
  proxy = await startFaultProxy(srv.url, (_n, url) => {
    const path = url.split('?')[0]!;
    if (seen.has(path)) return 'ok';
    seen.add(path);
    return path.includes(ADDR.rich.toLowerCase()) || path.includes(ADDR.rich) ? '503-html' : '429-retry-after';
  });
});
afterAll(async () => {
  await proxy.close();
  await srv.close();
});

/** The clearing of the spinner's line: cursor to column 1, erase the line (then the cursor shown). */
const CLEARED = /\u001b\[1G\u001b\[0K(\u001b\[\?25h)?$/;

async function scout(args: string[], o: { stdoutIsTTY?: boolean; stderrIsTTY?: boolean; env?: Record<string, string>; stdin?: string; url?: string } = {}) {
  const io = memoryIo({ stdoutIsTTY: o.stdoutIsTTY ?? false, stderrIsTTY: o.stderrIsTTY ?? true, width: 80, env: o.env ?? {}, stdin: o.stdin, sleep: async () => undefined });
  const code = await run(['node', 'scout', '--base-url', o.url ?? srv.url, ...args], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('progress on stderr while stdout is piped', () => {
  it('--all shows the list loading on stderr and clears it; stdout holds only the lines', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--all']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('address txs · loading');
    expect(r.stderr).toMatch(CLEARED);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(120);
    expect(r.stdout).not.toContain('\u001b');
  });

  it('a batch shows how many values are done, and clears it', async () => {
    const r = await scout(['tx', 'show', '-'], { stdin: `${TX.ok}\n${TX.ok}\n` });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('tx show · 0 of 2 values');
    expect(r.stderr).toMatch(CLEARED);
    expect(r.stdout).not.toContain('\u001b');
  });

  it('nothing when stderr is not a terminal, under CI, with TERM=dumb, or without --all', async () => {
    const quiet = [
      await scout(['address', 'txs', ADDR.rich, '--all'], { stderrIsTTY: false }),
      await scout(['address', 'txs', ADDR.rich, '--all'], { env: { CI: 'true' } }),
      await scout(['address', 'txs', ADDR.rich, '--all'], { env: { TERM: 'dumb' } }),
      await scout(['address', 'txs', ADDR.rich, '--limit', '5']),
    ];
    for (const r of quiet) expect(r).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('the spinner says what it waits for', () => {
  it('a retry after a 503 is shown as such, not as "loading"', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--all'], { url: proxy.url });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('address txs · loading · retry 1/3 after HTTP 503');
    expect(r.stderr).toMatch(CLEARED);
  });

  it('on a terminal, a 429 is shown as the rate limit it is, with its wait', async () => {
    const r = await scout(['address', 'txs', ADDR.counterparty], { url: proxy.url, stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(proxy.requests.find((q) => q.url.includes(ADDR.counterparty))?.fault).toBe('429-retry-after');
    expect(r.stderr).toContain('address txs · loading · rate limited, waiting 1s');
  });
});
