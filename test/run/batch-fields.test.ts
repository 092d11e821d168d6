/**
 * Batches piped are lines `cut` can read (issue 22, item 22): the value read from stdin is the first
 * field of every line it prints, as the chain is with `--chains`, and `==> value <==` headings are a
 * terminal's only. In process, against the test explorer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';
import { runScout } from '../support/scout.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], stdin?: string) => runScout(args, { env: { SCOUT_BASE_URL: srv.url }, stdin });
const lines = (text: string) => text.trimEnd().split('\n');

describe('a batch through a pipe', () => {
  it('a list: each line is the value, a tab, then the line the value alone prints; no headings', async () => {
    const values = [ADDR.rich, ADDR.empty, ADDR.rich];
    const r = await scout(['address', 'withdrawals', '-', '--limit', '3'], values.join('\n') + '\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('==>');
    const alone = lines((await scout(['address', 'withdrawals', ADDR.rich, '--limit', '3'])).stdout);
    const own = alone.map((l) => `${ADDR.rich}\t${l}`);
    expect(lines(r.stdout)).toEqual([...own, ...own]);
    // What cut reads: the first field names the value.
    expect(new Set(lines(r.stdout).map((l) => l.split('\t')[0]))).toEqual(new Set([ADDR.rich]));
  });

  it('an object: every line of its document carries the value first', async () => {
    const r = await scout(['tx', 'show', '-'], `${TX.ok}\n${TX.failed}\n`);
    expect(r.code, r.stderr).toBe(0);
    const a = lines((await scout(['tx', 'show', TX.ok])).stdout).map((l) => `${TX.ok}\t${l}`);
    const b = lines((await scout(['tx', 'show', TX.failed])).stdout).map((l) => `${TX.failed}\t${l}`);
    expect(lines(r.stdout)).toEqual([...a, ...b]);
  });

  it('--help says where the value goes, for commands that take -', async () => {
    expect((await scout(['address', 'withdrawals', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('With - (values from stdin), the value comes first: field 1 is the value');
    expect((await scout(['blocks', '--help'])).stdout).not.toContain('With - (values from stdin)');
  });
});
