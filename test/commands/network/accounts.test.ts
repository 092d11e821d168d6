/**
 * `scout accounts`: the top accounts, 50 a page as the server pages them, sorted as asked (the
 * parameters sent as the server names them), balances exact in the coin, hostile names made safe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topAccounts } from '../../support/fake/config.js';
import { runScout } from '../../support/scout.js';
import { type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], tty = false) => runScout(['accounts', ...args, '--base-url', srv.url], { stdoutIsTTY: tty, color: false });
const lines = (s: string) => s.split('\n').filter(Boolean);

describe('scout accounts', () => {
  it('--all --ndjson: every account as sent, richest first, over three pages', async () => {
    const mark = srv.requests.length;
    const r = await scout(['--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((l) => JSON.parse(l) as unknown)).toEqual(topAccounts('balance', 'desc').map((e) => e.json));
    expect(srv.requests.slice(mark).filter((q) => q.path === '/api/v2/addresses')).toHaveLength(3);
  });

  it('--sort and --order go to the server as it names them', async () => {
    const mark = srv.requests.length;
    const r = await scout(['--sort', 'transactions_count', '--order', 'asc', '--limit', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(topAccounts('transactions_count', 'asc').slice(0, 3).map((e) => e.json));
    expect(srv.requests[mark]!.query).toEqual([['sort', 'transactions_count'], ['order', 'asc']]);
  });

  it('piped lines and CSV: the exact balance in the coin; a hostile name is made safe', async () => {
    const first = topAccounts('balance', 'desc')[0]!.json as { hash: string; coin_balance: string };
    const r = await scout(['--limit', '1']);
    const [hash, raw, balance] = lines(r.stdout)[0]!.split('\t');
    expect(hash).toBe(first.hash);
    expect(raw).toBe(first.coin_balance);
    expect(balance).toBe(`${first.coin_balance.slice(0, -18)}.${first.coin_balance.slice(-18)}`.replace(/\.?0+$/, ''));
    const csv = await scout(['--all', '--csv']);
    expect(csv.stdout).toContain('Evil␛[2J');
    expect(csv.stdout).not.toContain('\u001b');
  });
});
