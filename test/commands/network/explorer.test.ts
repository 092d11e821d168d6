/**
 * `scout explorer`: the explorer's configuration endpoints asked at once, as a section per part on a
 * terminal, `part<TAB>key<TAB>value` lines piped, and one object of the bodies as sent with --json;
 * a part the explorer does not serve is a note; hostile text from it is made safe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG } from '../../support/fake/config.js';
import { runScout } from '../../support/scout.js';
import { type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
let old: FakeServer;
beforeAll(async () => {
  [srv, old] = await Promise.all([startServer(), startServer({ lacking: { '/api/v2/config/indexer': 400, '/api/v2/config/db-background-migrations': 404 } })]);
});
afterAll(() => Promise.all([srv.close(), old.close()]));

const scout = (on: FakeServer, args: string[], tty = false) => runScout(['explorer', ...args, '--base-url', on.url], { stdoutIsTTY: tty, color: false });

describe('scout explorer', () => {
  it('--json: one object, a member per part, each body as sent, every part asked', async () => {
    const mark = srv.requests.length;
    const r = await scout(srv, ['--json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['version', 'backend', 'indexer', 'indexing', 'csv_export', 'public_metrics', 'languages', 'migrations']);
    expect(doc.version).toEqual(CONFIG['backend-version']);
    expect(doc.backend).toEqual(CONFIG.backend);
    expect(doc.languages).toEqual(CONFIG['smart-contracts/languages']);
    // The seven config paths (the indexing status is recorded apart).
    expect(srv.requests.slice(mark).map((q) => q.path).sort()).toEqual(
      ['backend', 'backend-version', 'csv-export', 'db-background-migrations', 'indexer', 'public-metrics', 'smart-contracts/languages'].map((p) => `/api/v2/config/${p}`).sort(),
    );
  });

  it('piped: part, key and value per line, hostile text made safe; a terminal: a section per part', async () => {
    const r = await scout(srv, []);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('version\tbackend_version\tv9.1.0-beta.+commit.1a2b3c4d\n');
    expect(r.stdout).toContain('indexer\tpending_transactions_fetcher_enabled\tfalse\n');
    expect(r.stdout).toContain('languages\tlanguages\tsolidity, vyper, yul, stylus_rust\n');
    expect(r.stdout).toContain('backend\tchain_type\tethereum␛]0;pwned␇\n');
    expect(r.stdout).not.toContain('\u001b');
    const t = await scout(srv, [], true);
    expect(t.stdout).toMatch(/^version\n {0,2}backend_version +v9\.1\.0-beta/m);
    expect(t.stdout).toMatch(/^csv export\n(.*\n)*.*limit +10000/m);
    expect(t.stdout).not.toContain('\u001b');
  });

  it('a part the explorer does not serve is a note on stderr; the rest is shown', async () => {
    const r = await scout(old, ['--json']);
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).not.toContain('indexer');
    expect(r.stderr).toMatch(/^scout: note: no indexer: .*\n/m);
    expect(r.stderr).toMatch(/^scout: note: no migrations: .*\n/m);
  });
});

describe('scout stats --day', () => {
  it('--json: the last day and the withdrawals as sent, one object; piped: key, value and the coin amount', async () => {
    const { DAY } = await import('../../support/fake/config.js');
    const run = (args: string[], tty = false) => runScout(['stats', '--day', ...args, '--base-url', srv.url], { stdoutIsTTY: tty, color: false });
    const j = await run(['--json']);
    expect(j.code, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual({ transactions: DAY.transactions, withdrawals: DAY.withdrawals });
    const p = await run([]);
    expect(p.stdout.split('\n')).toEqual(
      expect.arrayContaining(['Transactions (24h)\t1242519', 'Fees (24h)\t512345678901234567890\t512.34567890123456789', 'Withdrawn\t1234567890123456789012345\t1234567.890123456789012345']),
    );
    const t = await run([], true);
    expect(t.stdout).toMatch(/^Transactions \(24h\) +1,242,519$/m);
    expect(t.stdout).toMatch(/^Withdrawn +1,234,567\.890123456789012345 coin$/m);
  });

  it('--day and --chart together are refused before any request', async () => {
    const mark = srv.requests.length;
    const r = await runScout(['stats', '--day', '--chart', 'market', '--base-url', srv.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--chart and --day each show something else/);
    expect(srv.requests.length).toBe(mark);
  });
});
